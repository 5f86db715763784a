/** Providers: PrimeReact (Spanish locale), TanStack Query, toasts, the router. */
import "primeicons/primeicons.css";
import "primereact/resources/themes/lara-light-blue/theme.css";
import "./theme.css";
import { QueryClientProvider } from "@tanstack/react-query";
import es from "primelocale/es.json";
import { addLocale, PrimeReactProvider } from "primereact/api";
import { RouterProvider } from "react-router";
import { queryClient } from "../lib/query-client";
import { ToastHost } from "../lib/toast";
import { router } from "./router";

addLocale("es", es.es);

export function App() {
  return (
    <PrimeReactProvider value={{ locale: "es", ripple: false }}>
      <QueryClientProvider client={queryClient}>
        <ToastHost />
        <RouterProvider router={router} />
      </QueryClientProvider>
    </PrimeReactProvider>
  );
}
