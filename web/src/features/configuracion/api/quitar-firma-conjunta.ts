/** DELETE api/Configuracion/AutoridadesConfianza/FirmaConjunta/{idInstitucion}/{idFirma}. */
import { MSG } from "@registro/contracts";
import { useMutation } from "@tanstack/react-query";
import { api, type RespuestaAccion } from "../../../lib/api-client";
import { queryClient } from "../../../lib/query-client";
import { CLAVE, RUTA_AUTORIDADES } from "./comun";

export function useQuitarFirmaConjunta() {
  return useMutation({
    mutationFn: (d: { idInstitucion: number; idFirma: number }) =>
      api.delete<RespuestaAccion>(`${RUTA_AUTORIDADES}/FirmaConjunta/${d.idInstitucion}/${d.idFirma}`),
    // A failure with no answer: its own message (an ApiError's is the server's Spanish one).
    meta: { errorAccion: MSG.errorDesconocido, mensajeDelError: true },
    onSettled: () => queryClient.invalidateQueries({ queryKey: CLAVE.autoridades }),
  });
}
