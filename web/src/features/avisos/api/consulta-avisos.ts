/**
 * GET api/Avisos: the signed-in user's latest notices and unread count, and the query that asks for
 * them, apart from the hook (get-avisos.ts) so the router can ask for them at page load without
 * loading TanStack's observer with every page.
 */
import type { Avisos, EstadoAviso } from "@registro/contracts";
import { api } from "../../../lib/api-client";
import { CLAVE_AVISOS } from "../../../lib/avisos-clave";
/** How often the bell asks for news: NOTICES_POLL_SECONDS, injected by the server as <meta name="avisos-cada">. */
export const CADA_MS =
  1000 *
  (Number(
    typeof document !== "undefined" && document.querySelector('meta[name="avisos-cada"]')?.getAttribute("content"),
  ) || 15);

export function obtenerAvisos(estado: EstadoAviso = "todos") {
  return api.get<Avisos>("api/Avisos", { rows: 20, estado });
}

/** The query of the latest notices, all of them or only the unread or read ones (the panel's filter). */
export function consultaAvisos(estado: EstadoAviso = "todos") {
  return {
    queryKey: [...CLAVE_AVISOS, estado] as const,
    queryFn: () => obtenerAvisos(estado),
    // Fresh for a few seconds: the bell mounted just after the router asked for them at page load
    // (router.tsx) does not ask again; polling and invalidation go on as before.
    staleTime: 5_000,
    // Background polling must not raise the global loading overlay.
    meta: { segundoPlano: true },
  };
}
