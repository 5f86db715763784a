/** GET api/Verificacion/Firma: could this person sign this, for this amount, on this date? */
import type { RespuestaVerificacion } from "@registro/contracts";
import { api, type RespuestaAccion } from "../../../lib/api-client";

export interface PreguntaVerificacion {
  cedula: string;
  institucion?: number | null;
  idFirma?: number | null;
  monto?: number | null;
  /** YYYY-MM-DD */
  fecha?: string | null;
}

/** The answer, or the field errors of a 400 (`success: false`). */
export function verificarFirma(p: PreguntaVerificacion): Promise<RespuestaVerificacion | RespuestaAccion> {
  return api.get<RespuestaVerificacion | RespuestaAccion>("api/Verificacion/Firma", {
    cedula: p.cedula,
    institucion: p.institucion,
    idFirma: p.idFirma,
    monto: p.monto,
    fecha: p.fecha,
  });
}
