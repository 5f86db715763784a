/** DELETE api/SegundoFactor/{idFactor}. */
import { useMutation } from "@tanstack/react-query";
import { api, type RespuestaAccion } from "../../../lib/api-client";
import { refrescarEstado } from "./estado";

export function useEliminarFactor() {
  return useMutation({
    mutationFn: (idFactor: number) => api.delete<RespuestaAccion>(`api/SegundoFactor/${idFactor}`),
    onSuccess: (r) => {
      if (r.success) refrescarEstado();
    },
  });
}
