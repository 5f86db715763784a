/**
 * The signer's certificate: its names as a person reads them (RFC 4514 order), serial, validity,
 * the cédula from the configured subject attribute, and the chain to a configured anchor, built
 * from the CMS's certificates and checked link by link (issuer name and key identifiers, a CA
 * issuer, each signature) with Node's X509Certificate.
 */
import crypto from "node:crypto";
import * as pkijs from "pkijs";
import { derCert } from "./cms.js";

/** A certificate in both forms: pkijs for its fields, Node for its checks. */
export interface Cert {
  p: pkijs.Certificate;
  x: crypto.X509Certificate;
  der: Buffer;
}

export const cert = (p: pkijs.Certificate): Cert => {
  const der = derCert(p);
  return { p, x: new crypto.X509Certificate(der), der };
};
/** The certificates Node can read too (others cannot be part of a chain). */
export const certs = (lista: pkijs.Certificate[]): Cert[] =>
  lista.flatMap((p) => {
    try {
      return [cert(p)];
    } catch {
      return [];
    }
  });
export const certDeDer = (der: Buffer): Cert => ({
  p: pkijs.Certificate.fromBER(der),
  x: new crypto.X509Certificate(der),
  der,
});

const NOMBRES: Record<string, string> = {
  "2.5.4.3": "CN",
  "2.5.4.4": "SN",
  "2.5.4.5": "serialNumber",
  "2.5.4.6": "C",
  "2.5.4.7": "L",
  "2.5.4.8": "ST",
  "2.5.4.10": "O",
  "2.5.4.11": "OU",
  "2.5.4.12": "title",
  "2.5.4.42": "GN",
  "2.5.4.97": "organizationIdentifier",
  "1.2.840.113549.1.9.1": "emailAddress",
};

const valorTexto = (v: pkijs.AttributeTypeAndValue["value"]): string => String(v?.valueBlock?.value ?? "");

/** "CN=…, serialNumber=…, O=…, C=…" (most specific first). */
export function nombreLegible(n: pkijs.RelativeDistinguishedNames): string {
  return n.typesAndValues
    .map((t) => `${NOMBRES[t.type] ?? t.type}=${valorTexto(t.value)}`)
    .reverse()
    .join(", ");
}

/** The CN alone (for paths and messages), else the whole name. */
export function nombreComun(n: pkijs.RelativeDistinguishedNames): string {
  const cn = n.typesAndValues.find((t) => t.type === "2.5.4.3");
  return cn ? valorTexto(cn.value) : nombreLegible(n);
}

/** The configured attribute's digits; null when the subject has none. */
export function cedulaDe(c: pkijs.Certificate, atributo: string): string | null {
  const v = c.subject.typesAndValues.find((t) => t.type === atributo);
  const digitos = v ? valorTexto(v.value).replace(/\D/g, "") : "";
  return digitos.length > 0 ? digitos : null;
}

/** The serial number in upper-case hex, without the sign byte DER adds. */
export function serieHex(c: pkijs.Certificate): string {
  const b = Buffer.from(c.serialNumber.valueBlock.valueHexView);
  const sinCero = b.length > 1 && b[0] === 0 ? b.subarray(1) : b;
  return sinCero.toString("hex").toUpperCase();
}

export const desde = (c: Cert): Date => c.p.notBefore.value;
export const hasta = (c: Cert): Date => c.p.notAfter.value;
export const vigenteEn = (c: Cert, momento: Date): boolean => desde(c) <= momento && momento <= hasta(c);

/** `emisor` issued `hijo`: names and key identifiers match and its key verifies the signature. */
export function emitio(emisor: Cert, hijo: Cert): boolean {
  try {
    return hijo.x.checkIssued(emisor.x) && hijo.x.verify(emisor.x.publicKey);
  } catch {
    return false;
  }
}

/**
 * The path from `hoja` to an anchor (anchor last), through `intermedios` that are CAs; null when no
 * anchor is reached. Depth bounded; each certificate used once.
 */
export function construirCadena(hoja: Cert, intermedios: Cert[], anclas: Cert[]): Cert[] | null {
  const ruta: Cert[] = [hoja];
  let actual = hoja;
  for (let i = 0; i < 10; i++) {
    if (anclas.some((a) => a.der.equals(actual.der))) return ruta;
    const ancla = anclas.find((a) => emitio(a, actual));
    if (ancla) return [...ruta, ancla];
    const siguiente = intermedios.find((c) => c.x.ca && !ruta.some((r) => r.der.equals(c.der)) && emitio(c, actual));
    if (!siguiente) return null;
    ruta.push(siguiente);
    actual = siguiente;
  }
  return null;
}

/** The issuer of `c` among known certificates (for revocation checks when no chain was built). */
export function emisorDe(c: Cert, conocidos: Cert[]): Cert | null {
  return conocidos.find((k) => !k.der.equals(c.der) && emitio(k, c)) ?? null;
}
