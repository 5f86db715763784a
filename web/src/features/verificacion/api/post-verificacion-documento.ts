/**
 * POST api/Verificacion/Documento: a signed PDF (or a document and its detached .p7s) checked against
 * the trust the Contraloría configured and the registry. A refused file or field comes back with its
 * field errors; a failure with no answer is told by the query cache.
 */
import {
  CAMPO_DOCUMENTO,
  CAMPO_FIRMA_SEPARADA,
  type Errores,
  MSG,
  type VerificacionDocumento,
} from "@registro/contracts";
import { useMutation } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";

export type RespuestaDocumento = VerificacionDocumento | { success: false; message: string; errors: Errores };

export interface PreguntaDocumento {
  archivo: File | null;
  firma: File | null;
  institucion: number | null;
  idFirma: number | null;
  monto: number | null;
}

export function verificarDocumento(p: PreguntaDocumento): Promise<RespuestaDocumento> {
  const datos = new FormData();
  if (p.institucion !== null) datos.append("InstitucionId", String(p.institucion));
  if (p.idFirma !== null) datos.append("TipoFirmaId", String(p.idFirma));
  if (p.monto !== null) datos.append("Monto", String(p.monto));
  if (p.archivo) datos.append(CAMPO_DOCUMENTO, p.archivo, p.archivo.name);
  if (p.firma) datos.append(CAMPO_FIRMA_SEPARADA, p.firma, p.firma.name);
  return api.post<RespuestaDocumento>("api/Verificacion/Documento", datos);
}

export function useVerificarDocumento() {
  return useMutation({
    mutationFn: verificarDocumento,
    meta: { errorAccion: MSG.errorVerificarDocumento, mensajeDelError: true },
  });
}
