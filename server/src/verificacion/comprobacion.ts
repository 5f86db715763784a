/**
 * Reads the seal of an uploaded PDF: its last signature's byte ranges and CMS (pkijs), whether the
 * signature matches the signed bytes, whether those bytes are the whole file, who signed it, and
 * the time of an RFC 3161 timestamp if it carries one. Any file, however broken, gets an answer:
 * what cannot be read as a seal is "ausente" or "alterado", never an exception.
 */
import crypto from "node:crypto";
import * as asn1js from "asn1js";
import * as pkijs from "pkijs";
import { OID } from "./sellado.js";

export interface SelloLeido {
  estado: "ausente" | "alterado" | "firmado";
  /** SHA-256 (hex) of the signing certificate, when one is in the CMS. */
  huella: string | null;
  sujeto: string | null;
  /** The timestamp's genTime, when a timestamp over this signature's value is embedded. */
  selloTiempo: Date | null;
}

const AUSENTE: SelloLeido = { estado: "ausente", huella: null, sujeto: null, selloTiempo: null };

const ab = (b: Uint8Array): ArrayBuffer => {
  const copia = new Uint8Array(b.byteLength);
  copia.set(b);
  return copia.buffer;
};

function nombreComun(cert: pkijs.Certificate): string {
  const cn = cert.subject.typesAndValues.find((t) => t.type === "2.5.4.3");
  return cn
    ? String(cn.value.valueBlock.value)
    : cert.subject.typesAndValues.map((t) => t.value.valueBlock.value).join(", ");
}

/** The last signature dictionary's byte range and contents, if the file has a plausible one. */
function ultimaFirma(pdf: Buffer): { rango: [number, number, number, number]; cms: Buffer } | null {
  const texto = pdf.toString("latin1");
  const rangos = [...texto.matchAll(/\/ByteRange\s*\[\s*(\d{1,10})\s+(\d{1,10})\s+(\d{1,10})\s+(\d{1,10})\s*\]/g)];
  const ultimo = rangos.at(-1);
  if (!ultimo) return null;
  const [a, b, c, d] = ultimo.slice(1, 5).map(Number) as [number, number, number, number];
  if (a !== 0 || b <= 0 || c <= b + 1 || c + d > pdf.length) return { rango: [a, b, c, d], cms: Buffer.alloc(0) };
  // Between the ranges: the signature's hex string, <…>.
  const hueco = texto.slice(b, c);
  if (!/^<[0-9a-fA-F]*>$/.test(hueco)) return { rango: [a, b, c, d], cms: Buffer.alloc(0) };
  return { rango: [a, b, c, d], cms: Buffer.from(hueco.slice(1, -1), "hex") };
}

/** The seal as the file carries it, checked against its own bytes (not yet against the registry). */
export async function leerSello(pdf: Buffer): Promise<SelloLeido> {
  const firma = ultimaFirma(pdf);
  if (!firma) return AUSENTE;
  const alterado: SelloLeido = { ...AUSENTE, estado: "alterado" };
  const [, b, c, d] = firma.rango;
  if (firma.cms.length === 0) return alterado;
  try {
    const asn = asn1js.fromBER(ab(firma.cms));
    if (asn.offset === -1) return alterado;
    const info = new pkijs.ContentInfo({ schema: asn.result });
    if (info.contentType !== OID.signedData) return alterado;
    const firmado = new pkijs.SignedData({ schema: info.content });
    const firmante = firmado.signerInfos[0];
    if (!firmante) return alterado;
    const certs = (firmado.certificates ?? []).filter((x): x is pkijs.Certificate => x instanceof pkijs.Certificate);
    const sid = firmante.sid;
    const cert =
      sid instanceof pkijs.IssuerAndSerialNumber
        ? certs.find((x) => x.issuer.isEqual(sid.issuer) && x.serialNumber.isEqual(sid.serialNumber))
        : undefined;
    if (!cert) return alterado;
    const huella = crypto
      .createHash("sha256")
      .update(Buffer.from(cert.toSchema().toBER(false)))
      .digest("hex");
    const sujeto = nombreComun(cert);
    const datos = Buffer.concat([pdf.subarray(0, b), pdf.subarray(c, c + d)]);
    const verificado = await firmado.verify({ signer: 0, data: ab(datos), checkChain: false, extendedMode: true });
    // Bytes after the signed ranges (an incremental update) are a change the seal does not cover.
    if (!verificado.signatureVerified || c + d !== pdf.length) return { ...alterado, huella, sujeto };
    return { estado: "firmado", huella, sujeto, selloTiempo: selloTiempoDe(firmante) };
  } catch {
    return alterado;
  }
}

/** The genTime of a signature-time-stamp token over this signer's signature value, if any. */
function selloTiempoDe(firmante: pkijs.SignerInfo): Date | null {
  const atributo = firmante.unsignedAttrs?.attributes.find((a) => a.type === OID.signatureTimeStampToken);
  if (!atributo) return null;
  try {
    const token = new pkijs.ContentInfo({ schema: atributo.values[0] });
    const firmado = new pkijs.SignedData({ schema: token.content });
    const contenido = firmado.encapContentInfo.eContent;
    if (!contenido) return null;
    const info = pkijs.TSTInfo.fromBER(contenido.valueBlock.valueHexView);
    const esperado = crypto.createHash("sha256").update(firmante.signature.valueBlock.valueHexView).digest();
    if (!Buffer.from(info.messageImprint.hashedMessage.valueBlock.valueHexView).equals(esperado)) return null;
    return info.genTime;
  } catch {
    return null;
  }
}

/** The verification code the constancia prints and links to (its QR address), if the file has one. */
export function codigoEnPdf(pdf: Buffer): string | null {
  const m = /\/Verificar\/([0-9A-HJKMNP-TV-Z]{4}(?:-[0-9A-HJKMNP-TV-Z]{4}){4})/.exec(pdf.toString("latin1"));
  return m ? m[1] : null;
}
