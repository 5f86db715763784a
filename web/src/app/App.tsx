/**
 * Providers: TanStack Query, toasts, the router. PrimeReact's provider (Spanish locale) wraps the
 * signed-in layout instead (ProtectedLayout), so the Login route loads no PrimeReact code.
 */
import { QueryClientProvider } from "@tanstack/react-query";
import { RouterProvider } from "react-router";
import { queryClient } from "../lib/query-client";
import { ToastHost } from "../lib/toast";
import { router } from "./router";

export { listoParaDibujar } from "./router";

export function App() {
  return (
    <QueryClientProvider client={queryClient}>
      <ToastHost />
      <RouterProvider router={router} />
    </QueryClientProvider>
  );
}
