import "primeicons/primeicons.css";
import "primereact/resources/themes/lara-light-blue/theme.css";
import "./app/fonts.css";
import "./app/theme.css";
// The signed-in frame's rules come with the entry: the server's page draws with them (lib/arranque.ts).
import "./components/layout/layout.css";
import { MSG_CARGA } from "@registro/contracts";
import { startTransition } from "react";
import { createRoot } from "react-dom/client";
import { FalloPantalla } from "./components/layout/FalloPantalla";

// Performance: the app's modules (the router and its table of screens, the API client, the query
// client) are evaluated in a task of their own, after React DOM's, instead of in one long task.
const root = createRoot(document.getElementById("root")!);
void import("./app/App").then(
  async ({ App, listoParaDibujar }) => {
    // Nothing is drawn over the page the server sent until the first screen can be drawn whole
    // (lib/arranque.ts).
    await listoParaDibujar;
    // The first render is a transition, which React renders in short slices (yielding to the
    // browser every few milliseconds) instead of one long task on a slow phone.
    startTransition(() => root.render(<App />));
  },
  (error: unknown) => {
    // The app's code did not arrive (an update renamed its files, or the connection failed): the
    // loading sign would otherwise turn forever.
    console.error(error);
    root.render(
      <FalloPantalla marco titulo={MSG_CARGA.falloAplicacionTitulo} mensaje={MSG_CARGA.falloAplicacionCodigo} />,
    );
  },
);
