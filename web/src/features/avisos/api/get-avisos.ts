/** GET api/Avisos: the signed-in user's latest notices and unread count, polled while the app is open. */
import type { Avisos } from "@registro/contracts";
import { useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";

export const CLAVE_AVISOS = ["avisos"] as const;
/** How often the bell asks for news: NOTICES_POLL_SECONDS, injected by the server as <meta name="avisos-cada">. */
export const CADA_MS =
  1000 *
  (Number(
    typeof document !== "undefined" && document.querySelector('meta[name="avisos-cada"]')?.getAttribute("content"),
  ) || 15);

export function obtenerAvisos() {
  return api.get<Avisos>("api/Avisos", { rows: 20 });
}

export function useAvisos() {
  return useQuery({
    queryKey: CLAVE_AVISOS,
    queryFn: obtenerAvisos,
    refetchInterval: CADA_MS,
    staleTime: 0,
    // Background polling must not raise the global loading overlay.
    meta: { segundoPlano: true },
  });
}
