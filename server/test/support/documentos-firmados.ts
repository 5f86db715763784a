/**
 * The signed test files of issue 38, made once per test file from a fresh PKI (pki.ts): each case
 * names what it is, and the engine's and pdfsig's tests read the same files.
 */
import { LIMITE_DOCUMENTO_FIRMADO_BYTES } from "@registro/contracts";
import type { EntradaAnalisis } from "../../src/documentos-firmados/firma/tipos.js";
import {
  anadirAnotacion,
  anadirPagina,
  cambiarContenido,
  cambiarContenidoComprimido,
  firmarPdf,
  pdfPrueba,
} from "./pdf-firmado.js";
import { FECHA_REVOCACION, type Pki } from "./pki.js";

/** Signed on 2026-06-01 (after FECHA_REVOCACION), checked on 2026-11-29. */
export const FECHA_FIRMA = new Date("2026-06-01T10:00:00Z");
export const AHORA = new Date("2026-11-29T15:00:00Z");
const ANTES_DE_REVOCAR = new Date(FECHA_REVOCACION.getTime() - 30 * 86_400_000);

export type Casos = Record<
  | "valida"
  | "vencida"
  | "alterada"
  | "sombra"
  | "sombraComprimida"
  | "anotacion"
  | "anotacionComprimida"
  | "pagina"
  | "revocadaAntes"
  | "revocadaDespues"
  | "ajena"
  | "dosFirmantes"
  | "selladaAntesDeRevocar"
  | "sinCedula"
  | "adbe",
  Buffer
>;

/** A signed byte of the page's text changed (inside the first signed range). */
export function alterar(pdf: Buffer): Buffer {
  const copia = Buffer.from(pdf);
  const i = copia.indexOf("Orden de pago", 0, "latin1");
  const pos = i >= 0 ? i : 200;
  copia[pos] = copia[pos] === 0x4f ? 0x51 : 0x4f;
  return copia;
}

export async function crearCasos(pki: Pki): Promise<Casos> {
  const pdf = await pdfPrueba();
  const valida = await firmarPdf(pdf, pki.funcionario);
  return {
    valida,
    vencida: await firmarPdf(pdf, pki.vencido),
    alterada: alterar(valida),
    sombra: cambiarContenido(valida),
    sombraComprimida: cambiarContenidoComprimido(valida),
    anotacion: anadirAnotacion(valida),
    anotacionComprimida: anadirAnotacion(valida, true),
    pagina: anadirPagina(valida),
    revocadaAntes: await firmarPdf(pdf, pki.revocado),
    revocadaDespues: await firmarPdf(pdf, pki.revocado, { fecha: ANTES_DE_REVOCAR }),
    ajena: await firmarPdf(pdf, pki.ajeno),
    dosFirmantes: await firmarPdf(valida, pki.otro, { fecha: new Date("2026-06-02T09:00:00Z") }),
    // Claims 2026-06-01 in /M, but the TSA says it existed before the revocation.
    selladaAntesDeRevocar: await firmarPdf(pdf, pki.revocado, { sello: { tsa: pki.tsa, fecha: ANTES_DE_REVOCAR } }),
    sinCedula: await firmarPdf(pdf, pki.sinCedula),
    adbe: await firmarPdf(pdf, pki.otro, { subFilter: "adbe", horaFirma: new Date("2026-05-05T05:05:05Z") }),
  };
}

/** The engine's input for a document, with the PKI's root as the only anchor and its CRL configured. */
export const entrada = (pki: Pki, documento: Buffer, extra: Partial<EntradaAnalisis> = {}): EntradaAnalisis => ({
  documento,
  anclas: [pki.raiz.der],
  crls: [pki.crl],
  ahora: AHORA,
  ...extra,
});

export const DEMASIADO_GRANDE = LIMITE_DOCUMENTO_FIRMADO_BYTES + 1;
export { ANTES_DE_REVOCAR };
