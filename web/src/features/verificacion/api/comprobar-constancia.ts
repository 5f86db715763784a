/**
 * POST api/Verificacion/ComprobarConstancia (public): an uploaded constancia's seal and whether it is
 * the file the registry issued. A refused file (not a PDF, too large) comes back with its field errors.
 */
import { CAMPO_CODIGO_PAGINA, CAMPO_CONSTANCIA, type ComprobacionConstancia, type Errores } from "@registro/contracts";
import { api } from "../../../lib/api-client";

export type RespuestaComprobacion = ComprobacionConstancia | { success: false; message: string; errors: Errores };

/** `codigoPagina`: the code of the public page the file is checked on, if any. */
export function comprobarConstancia({
  archivo,
  codigoPagina,
}: {
  archivo: File;
  codigoPagina?: string;
}): Promise<RespuestaComprobacion> {
  const datos = new FormData();
  if (codigoPagina) datos.append(CAMPO_CODIGO_PAGINA, codigoPagina);
  datos.append(CAMPO_CONSTANCIA, archivo, archivo.name);
  return api.post<RespuestaComprobacion>("api/Verificacion/ComprobarConstancia", datos);
}
