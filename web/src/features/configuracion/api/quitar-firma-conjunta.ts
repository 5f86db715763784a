/** DELETE api/Configuracion/AutoridadesConfianza/FirmaConjunta/{idInstitucion}/{idFirma}. */
import { useMutation } from "@tanstack/react-query";
import { api, type RespuestaAccion } from "../../../lib/api-client";
import { queryClient } from "../../../lib/query-client";
import { CLAVE, RUTA_AUTORIDADES } from "./comun";

export function useQuitarFirmaConjunta() {
  return useMutation({
    mutationFn: (d: { idInstitucion: number; idFirma: number }) =>
      api.delete<RespuestaAccion>(`${RUTA_AUTORIDADES}/FirmaConjunta/${d.idInstitucion}/${d.idFirma}`),
    onSettled: () => queryClient.invalidateQueries({ queryKey: CLAVE.autoridades }),
  });
}
