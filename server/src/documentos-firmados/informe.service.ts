/**
 * The validation report of a "Verificar documento" answer: its sealed PDF, built and recorded on the
 * first download (later downloads get the same bytes), and the public look-up of a report by code.
 */
import crypto from "node:crypto";
import { type InformeDocumentoPublico, MSG, normalizarCodigo, type VerificacionDocumento } from "@registro/contracts";
import type { Config } from "../config.js";
import type { Db } from "../db/client.js";
import { NoDisponible, NoEncontrado } from "../shared/errors.js";
import type { Reloj } from "../shared/tiempo.js";
import { selloDe } from "../verificacion/sello.js";
import { hashCodigo, urlVerificacion } from "../verificacion/verificacion.service.js";
import * as repo from "./documentos-firmados.repository.js";
import { informePdf } from "./informe.pdf.js";

async function informeDe(db: Db, entrada: string) {
  const codigo = normalizarCodigo(entrada);
  const fila = await repo.informePorHash(db, hashCodigo(codigo ?? `no-valido:${entrada}`));
  if (!fila || codigo === null) throw NoEncontrado(MSG.informeDocumentoNoEncontrado);
  return { codigo, fila, resultado: fila.resultado as VerificacionDocumento };
}

/** GET api/Verificacion/Documento/Informe/{codigo}: `origen` is the app's public address. */
export async function emitirInforme(
  db: Db,
  config: Config,
  entrada: string,
  reloj: Reloj,
  origen: string,
): Promise<{ pdf: Buffer; codigo: string }> {
  const { codigo, fila, resultado } = await informeDe(db, entrada);
  if (fila.pdf) return { pdf: fila.pdf, codigo };
  const ahora = reloj();
  const sello = selloDe(config, ahora);
  const { pdf: sinSello, rectangulo } = await informePdf({
    codigo,
    url: urlVerificacion(origen, codigo),
    resultado,
    sello: { sujeto: sello.sujeto, pruebas: sello.pruebas, fecha: ahora },
  });
  const { SelloTiempoError, sellarPdf } = await import("../verificacion/sellado.js");
  let pdf: Buffer;
  try {
    pdf = await sellarPdf(sinSello, { sello, fecha: ahora, rectangulo, tsaUrl: config.tsaUrl });
  } catch (e) {
    if (e instanceof SelloTiempoError) throw NoDisponible(MSG.selloTiempoNoDisponible, e);
    throw e;
  }
  const sha = crypto.createHash("sha256").update(pdf).digest("hex");
  // Two downloads at once: the first recorded wins, and both callers get that file.
  const guardado = await db.transaction(async (tx) => {
    const actual = await repo.informePorHash(tx, fila.codigoHash);
    if (actual?.pdf) return actual.pdf;
    await repo.guardarPdf(tx, fila.idInforme, pdf, sha, sello.huella);
    return pdf;
  });
  return { pdf: guardado, codigo };
}

/** GET api/Verificacion/InformeDocumento/{codigo} (public): the report as recorded; 404 like a constancia. */
export async function informePublico(db: Db, entrada: string): Promise<InformeDocumentoPublico> {
  const { codigo, fila, resultado: r } = await informeDe(db, entrada);
  return {
    autentico: true,
    codigo,
    emitido: fila.emitido.toISOString(),
    institucion: r.institucion.nombre,
    sha256: r.sha256,
    firmadoPorAutorizados: fila.firmadoPorAutorizados,
    texto: r.documento.texto,
    firmas: r.firmas.map((f) => ({
      indice: f.indice,
      firmante: f.registro.nombre ?? f.certificado.sujeto,
      aceptada: f.aceptada,
      motivos: f.motivos,
    })),
  };
}
