/**
 * Providers: TanStack Query, toasts, the router. PrimeReact's provider (Spanish locale) wraps the
 * signed-in layout instead (ProtectedLayout), so the Login route loads no PrimeReact code.
 */
import { QueryClientProvider } from "@tanstack/react-query";
import { useEffect } from "react";
import { RouterProvider } from "react-router";
import { terminarArranque } from "../lib/arranque";
import { queryClient } from "../lib/query-client";
import { ToastHost } from "../lib/toast";
import { router } from "./router";

export function App() {
  useEffect(terminarArranque, []);
  return (
    <QueryClientProvider client={queryClient}>
      <ToastHost />
      <RouterProvider router={router} />
    </QueryClientProvider>
  );
}
