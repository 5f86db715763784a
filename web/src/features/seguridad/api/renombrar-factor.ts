/** PUT api/SegundoFactor/{idFactor} {nombre}. */
import { useMutation } from "@tanstack/react-query";
import { api, type RespuestaAccion } from "../../../lib/api-client";
import { refrescarEstado } from "./estado";

export function useRenombrarFactor() {
  return useMutation({
    mutationFn: ({ idFactor, nombre }: { idFactor: number; nombre: string }) =>
      api.put<RespuestaAccion>(`api/SegundoFactor/${idFactor}`, { nombre }),
    onSuccess: (r) => {
      if (r.success) refrescarEstado();
    },
  });
}
