/**
 * Seals a PDF as a PAdES baseline signature: @signpdf adds the signature field and its byte ranges
 * (ETSI.CAdES.detached, a visible widget over the seal block), and the CMS is built here with
 * pkijs, because @signpdf's P12 signer writes neither the signing-certificate-v2 attribute PAdES
 * requires nor unsigned attributes (the RFC 3161 timestamp). The claimed signing time is the
 * signature dictionary's M entry, not a signing-time attribute (EN 319 142-1).
 */
import crypto from "node:crypto";
import { plainAddPlaceholder } from "@signpdf/placeholder-plain";
import { SignPdf } from "@signpdf/signpdf";
import { Signer, SUBFILTER_ETSI_CADES_DETACHED } from "@signpdf/utils";
import * as asn1js from "asn1js";
import * as pkijs from "pkijs";
import type { Sello } from "./sello.js";

export const OID = {
  data: "1.2.840.113549.1.7.1",
  signedData: "1.2.840.113549.1.7.2",
  contentType: "1.2.840.113549.1.9.3",
  messageDigest: "1.2.840.113549.1.9.4",
  signingCertificateV2: "1.2.840.113549.1.9.16.2.47",
  signatureTimeStampToken: "1.2.840.113549.1.9.16.2.14",
  sha256: "2.16.840.1.101.3.4.2.1",
};

/** Room for the CMS in the file: the certificate chain, the signature and a timestamp token. */
const LARGO_FIRMA = 24_000;

export class SelloTiempoError extends Error {}

const ab = (b: Buffer | Uint8Array): ArrayBuffer => {
  const copia = new Uint8Array(b.byteLength);
  copia.set(b);
  return copia.buffer;
};

/** How Web Crypto signs with the seal's key: RSA PKCS#1 v1.5 or ECDSA, with SHA-256. */
function algoritmoClave(clave: crypto.KeyObject): Parameters<typeof crypto.webcrypto.subtle.importKey>[2] {
  if (clave.asymmetricKeyType === "ec") {
    const curva = clave.asymmetricKeyDetails?.namedCurve;
    const nombres: Record<string, string> = { prime256v1: "P-256", secp384r1: "P-384", secp521r1: "P-521" };
    return { name: "ECDSA", namedCurve: nombres[curva ?? ""] ?? "P-256" };
  }
  return { name: "RSASSA-PKCS1-v1_5", hash: "SHA-256" };
}

/** signing-certificate-v2 (RFC 5035): the seal certificate's SHA-256 (the default algorithm, omitted) and issuer/serial. */
function signingCertificateV2(cert: pkijs.Certificate, der: Buffer): asn1js.Sequence {
  const hash = crypto.createHash("sha256").update(der).digest();
  return new asn1js.Sequence({
    value: [
      new asn1js.Sequence({
        value: [
          new asn1js.Sequence({
            value: [
              new asn1js.OctetString({ valueHex: ab(hash) }),
              new asn1js.Sequence({
                value: [
                  new asn1js.Sequence({
                    value: [
                      new asn1js.Constructed({
                        idBlock: { tagClass: 3, tagNumber: 4 },
                        value: [cert.issuer.toSchema()],
                      }),
                    ],
                  }),
                  cert.serialNumber,
                ],
              }),
            ],
          }),
        ],
      }),
    ],
  });
}

/** Asks the time-stamping authority for a token over `datos` (RFC 3161, SHA-256, with its certificate). */
export async function pedirSelloTiempo(url: string, datos: Uint8Array): Promise<pkijs.ContentInfo> {
  const imprint = crypto.createHash("sha256").update(datos).digest();
  const nonce = crypto.randomBytes(8);
  nonce[0] &= 0x7f;
  const req = new pkijs.TimeStampReq({
    version: 1,
    messageImprint: new pkijs.MessageImprint({
      hashAlgorithm: new pkijs.AlgorithmIdentifier({ algorithmId: OID.sha256 }),
      hashedMessage: new asn1js.OctetString({ valueHex: ab(imprint) }),
    }),
    nonce: new asn1js.Integer({ valueHex: ab(nonce) }),
    certReq: true,
  });
  let cuerpo: ArrayBuffer;
  try {
    const res = await fetch(url, {
      method: "POST",
      headers: { "content-type": "application/timestamp-query" },
      body: Buffer.from(req.toSchema().toBER(false)),
      signal: AbortSignal.timeout(15_000),
    });
    if (!res.ok) throw new SelloTiempoError(`TSA answered HTTP ${res.status}`);
    cuerpo = await res.arrayBuffer();
  } catch (e) {
    if (e instanceof SelloTiempoError) throw e;
    throw new SelloTiempoError(`TSA unreachable: ${(e as Error).message}`);
  }
  let resp: pkijs.TimeStampResp;
  try {
    resp = pkijs.TimeStampResp.fromBER(cuerpo);
  } catch (e) {
    throw new SelloTiempoError(`TSA answer is not a timestamp response: ${(e as Error).message}`);
  }
  const estado = resp.status.status;
  if ((estado !== 0 && estado !== 1) || !resp.timeStampToken) {
    throw new SelloTiempoError(`TSA refused the request (status ${estado})`);
  }
  // The token must be over what was asked, with our nonce.
  const firmado = new pkijs.SignedData({ schema: resp.timeStampToken.content });
  const contenido = firmado.encapContentInfo.eContent;
  if (!contenido) throw new SelloTiempoError("TSA token carries no TSTInfo");
  const info = pkijs.TSTInfo.fromBER(contenido.valueBlock.valueHexView);
  const pedido = Buffer.from(info.messageImprint.hashedMessage.valueBlock.valueHexView);
  if (!pedido.equals(imprint) || !info.nonce || !Buffer.from(info.nonce.valueBlock.valueHexView).equals(nonce)) {
    throw new SelloTiempoError("TSA token is not over the signature asked");
  }
  return resp.timeStampToken;
}

/** The CMS of a PAdES baseline signature (B-B, or B-T with a timestamp) over the PDF's signed bytes. */
export class FirmanteSello extends Signer {
  constructor(
    private readonly sello: Sello,
    private readonly tsaUrl?: string,
  ) {
    super();
  }

  override async sign(datos: Buffer): Promise<Buffer> {
    const cert = pkijs.Certificate.fromBER(this.sello.certificado);
    const digest = crypto.createHash("sha256").update(datos).digest();
    const atributo = (type: string, valor: asn1js.AsnType) => new pkijs.Attribute({ type, values: [valor] });
    const signedData = new pkijs.SignedData({
      version: 1,
      encapContentInfo: new pkijs.EncapsulatedContentInfo({ eContentType: OID.data }),
      signerInfos: [
        new pkijs.SignerInfo({
          version: 1,
          sid: new pkijs.IssuerAndSerialNumber({ issuer: cert.issuer, serialNumber: cert.serialNumber }),
          signedAttrs: new pkijs.SignedAndUnsignedAttributes({
            type: 0,
            attributes: [
              atributo(OID.contentType, new asn1js.ObjectIdentifier({ value: OID.data })),
              atributo(OID.messageDigest, new asn1js.OctetString({ valueHex: ab(digest) })),
              atributo(OID.signingCertificateV2, signingCertificateV2(cert, this.sello.certificado)),
            ],
          }),
        }),
      ],
      certificates: [cert, ...this.sello.cadena.map((c) => pkijs.Certificate.fromBER(c))],
    });
    const der = this.sello.clave.export({ format: "der", type: "pkcs8" });
    const clave = await crypto.webcrypto.subtle.importKey("pkcs8", der, algoritmoClave(this.sello.clave), false, [
      "sign",
    ]);
    await signedData.sign(clave as Parameters<pkijs.SignedData["sign"]>[0], 0, "SHA-256");
    if (this.tsaUrl) {
      const firmante = signedData.signerInfos[0];
      const token = await pedirSelloTiempo(this.tsaUrl, firmante.signature.valueBlock.valueHexView);
      firmante.unsignedAttrs = new pkijs.SignedAndUnsignedAttributes({
        type: 1,
        attributes: [new pkijs.Attribute({ type: OID.signatureTimeStampToken, values: [token.toSchema()] })],
      });
    }
    const cms = new pkijs.ContentInfo({ contentType: OID.signedData, content: signedData.toSchema(true) });
    return Buffer.from(cms.toSchema().toBER(false));
  }
}

export interface OpcionesSellado {
  sello: Sello;
  /** The claimed signing time (the signature's M entry). */
  fecha: Date;
  /** [x1, y1, x2, y2] of the visible seal on the first page, in PDF units from the bottom left. */
  rectangulo: [number, number, number, number];
  tsaUrl?: string;
}

/**
 * @signpdf writes a non-ASCII text string as UTF-16 re-encoded in UTF-8, which no reader decodes:
 * the signature dictionary's informational texts go without accents (the certificate, which the
 * readers show, keeps them).
 */
const ascii = (s: string) =>
  s
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/[^\x20-\x7e]/g, "?");

/** The PDF with its seal: a signature field on the first page and the CMS over every other byte. */
export async function sellarPdf(pdf: Buffer, o: OpcionesSellado): Promise<Buffer> {
  const conHueco = plainAddPlaceholder({
    pdfBuffer: pdf,
    reason: "Constancia emitida por el Registro de Firmas",
    contactInfo: ascii("Contraloría General de la República"),
    name: ascii(o.sello.sujeto),
    location: ascii("Santo Domingo, República Dominicana"),
    signingTime: o.fecha,
    signatureLength: LARGO_FIRMA,
    subFilter: SUBFILTER_ETSI_CADES_DETACHED,
    widgetRect: o.rectangulo,
    // A PDF name: no spaces (the library does not escape them).
    appName: "RegistroDeFirmas",
  });
  return new SignPdf().sign(conHueco, new FirmanteSello(o.sello, o.tsaUrl));
}
