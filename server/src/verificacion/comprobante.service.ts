/**
 * Comprobantes de verificación: a sealed PDF of one answer of "Verificar firma" (the question, the
 * answer, the time, a code and QR), for whoever may ask the question; and the public look-up of one
 * by its code. The answer is asked again here with the caller's reach (an external user's own
 * institution), so the file says exactly what the screen said.
 */
import crypto from "node:crypto";
import { type ComprobantePublico, type ConsultaVerificacion, MSG, normalizarCodigo } from "@registro/contracts";
import type { Db } from "../db/client.js";
import type { Llamante } from "../llamante/peticion.js";
import { NoDisponible, NoEncontrado } from "../shared/errors.js";
import { fechaLocal, fechaTexto, type Reloj } from "../shared/tiempo.js";
import { comprobantePdf } from "./comprobante.pdf.js";
import * as comprobantesRepo from "./comprobante.repository.js";
import { montoTexto } from "./decision.js";
import type { Sello } from "./sello.js";
import { enmascararCedula } from "./verificacion.mappers.js";
import * as repo from "./verificacion.repository.js";
import { hashCodigo, nuevoCodigo, urlVerificacion, verificarFirma } from "./verificacion.service.js";

/** The question as label and value pairs, as the file prints it. */
async function preguntaDe(db: Db, c: ConsultaVerificacion, fecha: string): Promise<[string, string][]> {
  let institucion = "Todas";
  if (c.institucion !== undefined) {
    institucion = (await comprobantesRepo.nombreInstitucion(db, c.institucion)) ?? String(c.institucion);
  }
  const firma = c.idFirma !== undefined ? ((await repo.nombreFirma(db, c.idFirma)) ?? String(c.idFirma)) : "Cualquiera";
  return [
    ["Cédula", c.cedula],
    ["Institución", institucion],
    ["Firma", firma],
    ["Monto", c.monto !== undefined ? montoTexto(c.monto) : "No indicado"],
    ["Fecha del documento", fechaTexto(fecha)],
  ];
}

/** GET api/Verificacion/Comprobante: the sealed comprobante of the answer to this question, now. */
export async function emitirComprobante(
  db: Db,
  llamante: Llamante,
  idUsuario: number | null,
  consulta: ConsultaVerificacion,
  origen: string,
  reloj: Reloj,
  sellado: { sello: Sello; tsaUrl?: string },
  diasAviso = 30,
): Promise<{ pdf: Buffer; codigo: string }> {
  const ahora = reloj();
  const r = await verificarFirma(db, llamante, consulta, reloj, diasAviso);
  const pregunta = await preguntaDe(db, consulta, r.fecha);
  const codigo = nuevoCodigo();
  const { pdf: sinSello, rectangulo } = await comprobantePdf({
    codigo,
    url: urlVerificacion(origen, codigo),
    emitido: ahora,
    pregunta,
    autorizado: r.autorizado,
    motivo: r.motivo,
    registros: r.registros.map(
      (x) =>
        `${x.nombres} ${x.apellidos}, ${x.cargo} (${x.institucion}), solicitud n.º ${x.idSolicitud}: ` +
        `${x.autorizado ? "autorizado" : "no autorizado"}`,
    ),
    sello: { sujeto: sellado.sello.sujeto, pruebas: sellado.sello.pruebas, fecha: ahora },
  });
  const { SelloTiempoError, sellarPdf } = await import("./sellado.js");
  let pdf: Buffer;
  try {
    pdf = await sellarPdf(sinSello, { sello: sellado.sello, fecha: ahora, rectangulo, tsaUrl: sellado.tsaUrl });
  } catch (e) {
    if (e instanceof SelloTiempoError) throw NoDisponible(MSG.selloTiempoNoDisponible, e);
    throw e;
  }
  await comprobantesRepo.insertarComprobante(db, {
    codigoHash: hashCodigo(codigo),
    // What the public page shows: the cédula masked like a constancia's officials.
    pregunta: pregunta.map(([k, v]) => `${k}: ${k === "Cédula" ? enmascararCedula(v) : v}`).join("; "),
    autorizado: r.autorizado,
    motivo: r.motivo,
    fecha: r.fecha,
    idUsuario,
    emitido: ahora,
    pdfSha256: crypto.createHash("sha256").update(pdf).digest("hex"),
    selloHuella: sellado.sello.huella,
  });
  return { pdf, codigo };
}

/** GET api/Verificacion/ComprobanteFirma/{codigo} (public): the comprobante as recorded; 404 like a constancia. */
export async function comprobantePublico(db: Db, entrada: string): Promise<ComprobantePublico> {
  const codigo = normalizarCodigo(entrada);
  const fila = await comprobantesRepo.comprobantePorHash(db, hashCodigo(codigo ?? `no-valido:${entrada}`));
  if (!fila || codigo === null) throw NoEncontrado(MSG.comprobanteNoEncontrado);
  return {
    autentico: true,
    codigo,
    emitido: fila.emitido.toISOString(),
    pregunta: fila.pregunta,
    autorizado: fila.autorizado,
    motivo: fila.motivo,
    fecha: fila.fecha,
  };
}

/** The date a comprobante was issued, as the upload check prints it. */
export const fechaComprobante = (emitido: Date) => fechaTexto(fechaLocal(emitido));
