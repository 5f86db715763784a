/**
 * Reading what "Autoridades de confianza" uploads: a CA certificate or a CRL, PEM or DER. Pure (no
 * database): the service stores what these answer. A CRL is accepted only when one of the given
 * anchors signed it.
 */
import crypto from "node:crypto";
import { MSG } from "@registro/contracts";
import * as asn1js from "asn1js";
import * as pkijs from "pkijs";
import { ValidacionCampo } from "../shared/errors.js";

/** Short names of the usual attributes of a distinguished name; others are written by their OID. */
const NOMBRES_OID: Record<string, string> = {
  "2.5.4.3": "CN",
  "2.5.4.5": "serialNumber",
  "2.5.4.6": "C",
  "2.5.4.7": "L",
  "2.5.4.8": "ST",
  "2.5.4.10": "O",
  "2.5.4.11": "OU",
  "2.5.4.97": "organizationIdentifier",
  "1.2.840.113549.1.9.1": "E",
};

/** A distinguished name as one line, most specific attribute first ("CN=…, O=…, C=DO"). */
export function nombreDistinguido(n: pkijs.RelativeDistinguishedNames): string {
  return n.typesAndValues
    .map((tv) => `${NOMBRES_OID[tv.type] ?? tv.type}=${String(tv.value.valueBlock.value)}`)
    .reverse()
    .join(", ");
}

/** PEM (the first block) or DER: the DER bytes. */
export function derDe(archivo: Buffer): Buffer {
  const texto = archivo.subarray(0, 64).toString("latin1");
  if (!texto.includes("-----BEGIN")) return archivo;
  const m = /-----BEGIN [^-]+-----([\s\S]*?)-----END [^-]+-----/.exec(archivo.toString("latin1"));
  return m ? Buffer.from(m[1].replace(/\s+/g, ""), "base64") : Buffer.alloc(0);
}

export interface CertificadoLeido {
  der: Buffer;
  sujeto: string;
  emisor: string;
  serie: string;
  validoDesde: Date;
  validoHasta: Date;
  sha256: string;
  esCa: boolean;
}

function certificadoPkijs(der: Buffer): pkijs.Certificate | null {
  try {
    const asn = asn1js.fromBER(new Uint8Array(der));
    if (asn.offset === -1) return null;
    return new pkijs.Certificate({ schema: asn.result });
  } catch {
    return null;
  }
}

/** A CA certificate for the anchors: refused on `campo` when it is not a certificate or not a CA's. */
export function leerCertificadoCa(archivo: Buffer, campo: string): CertificadoLeido {
  const der = derDe(archivo);
  const cert = der.length > 0 ? certificadoPkijs(der) : null;
  let x509: crypto.X509Certificate | null = null;
  try {
    x509 = cert ? new crypto.X509Certificate(der) : null;
  } catch {
    x509 = null;
  }
  if (!cert || !x509) throw ValidacionCampo(campo, MSG.anclaNoCertificado);
  if (!x509.ca) throw ValidacionCampo(campo, MSG.anclaNoEsCa);
  return {
    der,
    sujeto: nombreDistinguido(cert.subject),
    emisor: nombreDistinguido(cert.issuer),
    serie: Buffer.from(cert.serialNumber.valueBlock.valueHexView).toString("hex").toUpperCase(),
    validoDesde: cert.notBefore.value,
    validoHasta: cert.notAfter.value,
    sha256: crypto.createHash("sha256").update(der).digest("hex"),
    esCa: true,
  };
}

export interface CrlLeida {
  der: Buffer;
  emisor: string;
  emitida: Date;
  proxima: Date | null;
  sha256: string;
}

/**
 * A CRL signed by one of `anclas` (DER certificates): refused on `campo` when it is not a CRL, or
 * when no anchor's key verifies its signature.
 */
export async function leerCrl(archivo: Buffer, anclas: Buffer[], campo: string): Promise<CrlLeida> {
  const der = derDe(archivo);
  let crl: pkijs.CertificateRevocationList;
  try {
    const asn = asn1js.fromBER(new Uint8Array(der));
    if (der.length === 0 || asn.offset === -1) throw new Error("no es BER");
    crl = new pkijs.CertificateRevocationList({ schema: asn.result });
  } catch {
    throw ValidacionCampo(campo, MSG.crlNoValida);
  }
  let firmada = false;
  for (const a of anclas) {
    const emisor = certificadoPkijs(a);
    if (!emisor) continue;
    try {
      if (await crl.verify({ issuerCertificate: emisor })) {
        firmada = true;
        break;
      }
    } catch {
      // Another anchor's key type: try the next one.
    }
  }
  if (!firmada) throw ValidacionCampo(campo, MSG.crlSinEmisor);
  return {
    der,
    emisor: nombreDistinguido(crl.issuer),
    emitida: crl.thisUpdate.value,
    proxima: crl.nextUpdate?.value ?? null,
    sha256: crypto.createHash("sha256").update(der).digest("hex"),
  };
}
