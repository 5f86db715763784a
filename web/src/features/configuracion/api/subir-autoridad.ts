/**
 * POST api/Configuracion/AutoridadesConfianza/{Ancla|Crl}: a CA certificate or a CRL uploaded (PEM
 * or DER); a refused file answers a 400 with its field error.
 */
import { CAMPO_CERTIFICADO } from "@registro/contracts";
import { useMutation } from "@tanstack/react-query";
import { api, type RespuestaAccion } from "../../../lib/api-client";
import { queryClient } from "../../../lib/query-client";
import { CLAVE, RUTA_AUTORIDADES } from "./comun";

export type TipoAutoridad = "Ancla" | "Crl";

export function useSubirAutoridad() {
  return useMutation({
    mutationFn: ({ tipo, archivo }: { tipo: TipoAutoridad; archivo: File }) => {
      const datos = new FormData();
      datos.append(CAMPO_CERTIFICADO, archivo, archivo.name);
      return api.post<RespuestaAccion>(`${RUTA_AUTORIDADES}/${tipo}`, datos);
    },
    meta: { errorAccion: "No se pudo cargar el archivo.", mensajeDelError: true },
    onSettled: () => queryClient.invalidateQueries({ queryKey: CLAVE.autoridades }),
  });
}
