import { startTransition } from "react";
import { createRoot } from "react-dom/client";
import { App } from "./app/App";

// Performance: the first render is a transition, which React renders in short slices (yielding to
// the browser every few milliseconds) instead of one long task on a slow phone.
const root = createRoot(document.getElementById("root")!);
startTransition(() => root.render(<App />));
