/**
 * POST api/Verificacion/Documento: a signed PDF (or a document and its detached .p7s) checked against
 * the trust the Contraloría configured and the registry. A refused file or field comes back with its
 * field errors; the report's PDF is fetched by the answer's code.
 */
import { CAMPO_DOCUMENTO, CAMPO_FIRMA_SEPARADA, type Errores, type VerificacionDocumento } from "@registro/contracts";
import { api, descargarArchivo } from "../../../lib/api-client";

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

export function descargarInforme(codigo: string): Promise<void> {
  return descargarArchivo(
    `api/Verificacion/Documento/Informe/${encodeURIComponent(codigo)}`,
    `Informe de validacion ${codigo}.pdf`,
  );
}
