/** POST api/Configuracion/AutoridadesConfianza/{Ancla|Crl}/Retirar/{id}: an anchor or a CRL retired. */
import { MSG } from "@registro/contracts";
import { useMutation } from "@tanstack/react-query";
import { api, type RespuestaAccion } from "../../../lib/api-client";
import { queryClient } from "../../../lib/query-client";
import { CLAVE, RUTA_AUTORIDADES } from "./comun";
import type { TipoAutoridad } from "./subir-autoridad";

export function useRetirarAutoridad() {
  return useMutation({
    mutationFn: ({ tipo, id }: { tipo: TipoAutoridad; id: number }) =>
      api.post<RespuestaAccion>(`${RUTA_AUTORIDADES}/${tipo}/Retirar/${id}`),
    // A failure with no answer: its own message (an ApiError's is the server's Spanish one).
    meta: { errorAccion: MSG.errorDesconocido, mensajeDelError: true },
    onSettled: () => queryClient.invalidateQueries({ queryKey: CLAVE.autoridades }),
  });
}
