/**
 * PUT api/Avisos/MarcarLeidosSolicitud/{idSolicitud}: opening a request marks the user's notices
 * about it read, so the bell stops counting what the user is now looking at.
 */
import { useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { api, type RespuestaAccion } from "../../../lib/api-client";
import { CLAVE_AVISOS } from "../../../lib/avisos-clave";

export function marcarAvisosSolicitud(idSolicitud: number) {
  return api.put<RespuestaAccion>(`api/Avisos/MarcarLeidosSolicitud/${idSolicitud}`);
}

/** Marks the request's notices read once it has loaded (`abierta`). */
export function useAvisosLeidosAlAbrir(idSolicitud: number, abierta: boolean) {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!abierta || !Number.isInteger(idSolicitud)) return;
    marcarAvisosSolicitud(idSolicitud)
      .then(() => queryClient.invalidateQueries({ queryKey: CLAVE_AVISOS }))
      .catch(() => undefined);
  }, [abierta, idSolicitud, queryClient]);
}
