/** GET api/Avisos: the signed-in user's latest notices and unread count, polled while the app is open. */
import type { Avisos, EstadoAviso } from "@registro/contracts";
import { useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";

export const CLAVE_AVISOS = ["avisos"] as const;
/** How often the bell asks for news: NOTICES_POLL_SECONDS, injected by the server as <meta name="avisos-cada">. */
export const CADA_MS =
  1000 *
  (Number(
    typeof document !== "undefined" && document.querySelector('meta[name="avisos-cada"]')?.getAttribute("content"),
  ) || 15);

export function obtenerAvisos(estado: EstadoAviso = "todos") {
  return api.get<Avisos>("api/Avisos", { rows: 20, estado });
}

/** The latest notices, all of them or only the unread or read ones (the panel's filter). */
export function useAvisos(estado: EstadoAviso = "todos") {
  return useQuery({
    queryKey: [...CLAVE_AVISOS, estado],
    queryFn: () => obtenerAvisos(estado),
    refetchInterval: CADA_MS,
    staleTime: 0,
    // Background polling must not raise the global loading overlay.
    meta: { segundoPlano: true },
  });
}
