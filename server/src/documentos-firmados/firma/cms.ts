/**
 * CMS SignedData (RFC 5652) as PDF signatures and .p7s files carry it: parsed with pkijs, and the
 * signer's signature checked with Node's crypto: the message-digest attribute against the digest
 * of the signed bytes (hashed in place, range by range), then the signature over the signed
 * attributes with the signer certificate's key (RSA PKCS #1 v1.5, RSA-PSS, ECDSA, Ed25519).
 */
import crypto from "node:crypto";
import * as asn1js from "asn1js";
import * as pkijs from "pkijs";

export const OID = {
  signedData: "1.2.840.113549.1.7.2",
  messageDigest: "1.2.840.113549.1.9.4",
  signingTime: "1.2.840.113549.1.9.5",
  timeStampToken: "1.2.840.113549.1.9.16.2.14",
  tstInfo: "1.2.840.113549.1.9.16.1.4",
};

const DIGESTS: Record<string, string> = {
  "1.3.14.3.2.26": "sha1",
  "2.16.840.1.101.3.4.2.1": "sha256",
  "2.16.840.1.101.3.4.2.2": "sha384",
  "2.16.840.1.101.3.4.2.3": "sha512",
  "2.16.840.1.101.3.4.2.4": "sha224",
};
/** Signature algorithms that name their digest; others (rsaEncryption, ecPublicKey) use the signer's digest algorithm. */
const FIRMAS: Record<string, string | null> = {
  "1.2.840.113549.1.1.5": "sha1",
  "1.2.840.113549.1.1.11": "sha256",
  "1.2.840.113549.1.1.12": "sha384",
  "1.2.840.113549.1.1.13": "sha512",
  "1.2.840.113549.1.1.14": "sha224",
  "1.2.840.10045.4.1": "sha1",
  "1.2.840.10045.4.3.1": "sha224",
  "1.2.840.10045.4.3.2": "sha256",
  "1.2.840.10045.4.3.3": "sha384",
  "1.2.840.10045.4.3.4": "sha512",
  "1.3.101.112": null,
};
const RSA_PSS = "1.2.840.113549.1.1.10";

export class ErrorCms extends Error {}

export const ab = (b: Uint8Array): ArrayBuffer => {
  const copia = new Uint8Array(b.byteLength);
  copia.set(b);
  return copia.buffer;
};

export interface CmsLeido {
  firmado: pkijs.SignedData;
  firmante: pkijs.SignerInfo;
  certificados: pkijs.Certificate[];
  /** The signer's certificate, found in the CMS by the signer identifier. */
  cert: pkijs.Certificate | null;
}

/** A .p7s as DER, or PEM (-----BEGIN PKCS7----- / CMS). */
export function derDe(b: Buffer): Buffer {
  const s = b.subarray(0, 64).toString("latin1");
  if (!s.includes("-----BEGIN")) return b;
  const t = b.toString("latin1").replace(/-----(BEGIN|END)[^-]*-----/g, "");
  return Buffer.from(t.replace(/[^A-Za-z0-9+/=]/g, ""), "base64");
}

export function leerCms(der: Buffer): CmsLeido {
  try {
    const asn = asn1js.fromBER(ab(der));
    if (asn.offset === -1) throw new ErrorCms(asn.result.error);
    const info = new pkijs.ContentInfo({ schema: asn.result });
    if (info.contentType !== OID.signedData) throw new ErrorCms("not SignedData");
    const firmado = new pkijs.SignedData({ schema: info.content });
    const firmante = firmado.signerInfos[0];
    if (!firmante) throw new ErrorCms("no signer");
    const certificados = (firmado.certificates ?? []).filter(
      (c): c is pkijs.Certificate => c instanceof pkijs.Certificate,
    );
    return { firmado, firmante, certificados, cert: certificadoDe(firmante, certificados) };
  } catch (e) {
    throw e instanceof ErrorCms ? e : new ErrorCms((e as Error).message);
  }
}

function certificadoDe(firmante: pkijs.SignerInfo, certs: pkijs.Certificate[]): pkijs.Certificate | null {
  const sid = firmante.sid;
  if (sid instanceof pkijs.IssuerAndSerialNumber) {
    return certs.find((c) => c.issuer.isEqual(sid.issuer) && c.serialNumber.isEqual(sid.serialNumber)) ?? null;
  }
  if (sid instanceof asn1js.OctetString || (sid as asn1js.BaseBlock)?.valueBlock) {
    const ski = Buffer.from((sid as asn1js.OctetString).valueBlock.valueHexView);
    return (
      certs.find((c) => {
        const ext = c.extensions?.find((e) => e.extnID === "2.5.29.14");
        const v = ext?.parsedValue as asn1js.OctetString | undefined;
        return v ? Buffer.from(v.valueBlock.valueHexView).equals(ski) : false;
      }) ?? null
    );
  }
  return null;
}

/** The digest of the signed bytes, by the signer's digest algorithm. */
export function resumen(firmante: pkijs.SignerInfo, partes: Uint8Array[]): Buffer | null {
  const alg = DIGESTS[firmante.digestAlgorithm.algorithmId];
  if (!alg) return null;
  const h = crypto.createHash(alg);
  for (const p of partes) h.update(p);
  return h.digest();
}

/**
 * A signature value checks with `clave` over `datos` by `algoritmo` (which names its digest, or
 * takes `digest`, the signer's digest algorithm, for rsaEncryption / ecPublicKey).
 */
export function firmaValida(
  algoritmo: pkijs.AlgorithmIdentifier,
  digest: string | null,
  datos: Uint8Array,
  clave: crypto.KeyObject,
  firma: Uint8Array,
): boolean {
  const alg = algoritmo.algorithmId;
  if (alg === RSA_PSS) {
    const p = new pkijs.RSASSAPSSParams({ schema: algoritmo.algorithmParams });
    const hash = DIGESTS[p.hashAlgorithm.algorithmId] ?? "sha1";
    const opciones = { key: clave, padding: crypto.constants.RSA_PKCS1_PSS_PADDING, saltLength: p.saltLength };
    return crypto.verify(hash, datos, opciones, firma);
  }
  const hash = alg in FIRMAS ? FIRMAS[alg] : DIGESTS[digest ?? ""];
  if (hash === undefined) return false;
  return crypto.verify(hash, datos, clave, firma);
}

const firmaDelFirmante = (firmante: pkijs.SignerInfo, datos: Uint8Array, clave: crypto.KeyObject) =>
  firmaValida(
    firmante.signatureAlgorithm,
    firmante.digestAlgorithm.algorithmId,
    datos,
    clave,
    firmante.signature.valueBlock.valueHexView,
  );

/**
 * The signer's signature is over these bytes: the message digest matches (when there are signed
 * attributes) and the signature verifies with the certificate's key. Never throws.
 */
export function firmaIntacta(cms: CmsLeido, partes: Uint8Array[]): boolean {
  if (!cms.cert) return false;
  try {
    const clave = new crypto.X509Certificate(Buffer.from(cms.cert.toSchema().toBER(false))).publicKey;
    const { firmante } = cms;
    const digest = resumen(firmante, partes);
    if (!digest) return false;
    if (!firmante.signedAttrs) return firmaDelFirmante(firmante, Buffer.concat(partes), clave);
    const md = firmante.signedAttrs.attributes.find((a) => a.type === OID.messageDigest)?.values[0];
    if (!(md instanceof asn1js.OctetString) || !Buffer.from(md.valueBlock.valueHexView).equals(digest)) return false;
    return firmaDelFirmante(firmante, new Uint8Array(firmante.signedAttrs.encodedValue), clave);
  } catch {
    return false;
  }
}

/** The signing-time signed attribute, if any. */
export function horaDeclarada(firmante: pkijs.SignerInfo): Date | null {
  const v = firmante.signedAttrs?.attributes.find((a) => a.type === OID.signingTime)?.values[0];
  if (v instanceof asn1js.UTCTime || v instanceof asn1js.GeneralizedTime) return v.toDate();
  return null;
}

/** The certificate as DER. */
export const derCert = (c: pkijs.Certificate): Buffer => Buffer.from(c.toSchema().toBER(false));
