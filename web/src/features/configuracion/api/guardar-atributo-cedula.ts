/** POST api/Configuracion/AutoridadesConfianza/AtributoCedula {oid}: the certificate attribute holding the cédula. */
import { MSG } from "@registro/contracts";
import { useMutation } from "@tanstack/react-query";
import { api, type RespuestaAccion } from "../../../lib/api-client";
import { queryClient } from "../../../lib/query-client";
import { CLAVE, RUTA_AUTORIDADES } from "./comun";

export function useGuardarAtributoCedula() {
  return useMutation({
    mutationFn: (oid: string) => api.post<RespuestaAccion>(`${RUTA_AUTORIDADES}/AtributoCedula`, { oid }),
    // A failure with no answer: its own message (an ApiError's is the server's Spanish one).
    meta: { errorAccion: MSG.errorDesconocido, mensajeDelError: true },
    onSettled: () => queryClient.invalidateQueries({ queryKey: CLAVE.autoridades }),
  });
}
