/**
 * CMS signatures made with the test PKI (pki.ts), built with pkijs the way
 * `src/verificacion/sellado.ts` builds the constancia's seal: a detached SignedData over given bytes
 * with content-type, message-digest, signing-certificate-v2 and (when asked) signing-time
 * attributes, and, when asked, an RFC 3161 timestamp token over the signature value made by the test
 * TSA at a chosen time (unsigned attribute 1.2.840.113549.1.9.16.2.14).
 */
import crypto from "node:crypto";
import { Signer } from "@signpdf/utils";
import * as asn1js from "asn1js";
import * as pkijs from "pkijs";
import type { Identidad } from "./pki.js";

export const OID_TST_INFO = "1.2.840.113549.1.9.16.1.4";
const OID = {
  data: "1.2.840.113549.1.7.1",
  signedData: "1.2.840.113549.1.7.2",
  contentType: "1.2.840.113549.1.9.3",
  messageDigest: "1.2.840.113549.1.9.4",
  signingTime: "1.2.840.113549.1.9.5",
  signingCertificateV2: "1.2.840.113549.1.9.16.2.47",
  timeStampToken: "1.2.840.113549.1.9.16.2.14",
  sha256: "2.16.840.1.101.3.4.2.1",
};

const ab = (b: Uint8Array): ArrayBuffer => {
  const copia = new Uint8Array(b.byteLength);
  copia.set(b);
  return copia.buffer;
};
const sha256 = (b: Uint8Array) => crypto.createHash("sha256").update(b).digest();
const atributo = (type: string, valor: asn1js.AsnType) => new pkijs.Attribute({ type, values: [valor] });

/** signing-certificate-v2 (RFC 5035) with the certificate's SHA-256 and issuer/serial. */
function signingCertificateV2(cert: pkijs.Certificate, der: Buffer): asn1js.Sequence {
  const emisor = new asn1js.Constructed({ idBlock: { tagClass: 3, tagNumber: 4 }, value: [cert.issuer.toSchema()] });
  const issuerSerial = new asn1js.Sequence({ value: [new asn1js.Sequence({ value: [emisor] }), cert.serialNumber] });
  const certId = new asn1js.Sequence({ value: [new asn1js.OctetString({ valueHex: ab(sha256(der)) }), issuerSerial] });
  return new asn1js.Sequence({ value: [new asn1js.Sequence({ value: [certId] })] });
}

export interface OpcionesCms {
  /** A signing-time signed attribute with this time. */
  horaFirma?: Date;
  /** A timestamp token by this TSA at this time over the signature value. */
  sello?: { tsa: Identidad; fecha: Date };
  /** Leave the certificate chain out of the CMS (only the signer's certificate). */
  sinCadena?: boolean;
  /** CRLs (DER) carried in the CMS's revocation data. */
  crls?: Buffer[];
}

/** A detached SignedData over `datos`, signed by `id`, as DER ContentInfo. */
export async function firmarCms(datos: Uint8Array, id: Identidad, o: OpcionesCms = {}): Promise<Buffer> {
  const firmado = await signedData(sha256(datos), id, OID.data, o.horaFirma, o.sinCadena);
  if (o.crls?.length) firmado.crls = o.crls.map((c) => pkijs.CertificateRevocationList.fromBER(ab(c)));
  if (o.sello) {
    const firmante = firmado.signerInfos[0];
    const token = await selloDeTiempo(firmante.signature.valueBlock.valueHexView, o.sello.tsa, o.sello.fecha);
    firmante.unsignedAttrs = new pkijs.SignedAndUnsignedAttributes({
      type: 1,
      attributes: [atributo(OID.timeStampToken, token.toSchema())],
    });
  }
  return contentInfo(firmado);
}

function contentInfo(firmado: pkijs.SignedData): Buffer {
  const cms = new pkijs.ContentInfo({ contentType: OID.signedData, content: firmado.toSchema(true) });
  return Buffer.from(cms.toSchema().toBER(false));
}

async function signedData(
  digest: Buffer,
  id: Identidad,
  tipo: string,
  horaFirma?: Date,
  sinCadena?: boolean,
  contenido?: ArrayBuffer,
): Promise<pkijs.SignedData> {
  const cert = pkijs.Certificate.fromBER(id.der);
  const atributos = [
    atributo(OID.contentType, new asn1js.ObjectIdentifier({ value: tipo })),
    atributo(OID.messageDigest, new asn1js.OctetString({ valueHex: ab(digest) })),
    atributo(OID.signingCertificateV2, signingCertificateV2(cert, id.der)),
  ];
  if (horaFirma) atributos.push(atributo(OID.signingTime, new asn1js.UTCTime({ valueDate: horaFirma })));
  const firmado = new pkijs.SignedData({
    version: contenido ? 3 : 1,
    encapContentInfo: new pkijs.EncapsulatedContentInfo({
      eContentType: tipo,
      ...(contenido ? { eContent: new asn1js.OctetString({ valueHex: contenido }) } : {}),
    }),
    signerInfos: [
      new pkijs.SignerInfo({
        version: 1,
        sid: new pkijs.IssuerAndSerialNumber({ issuer: cert.issuer, serialNumber: cert.serialNumber }),
        signedAttrs: new pkijs.SignedAndUnsignedAttributes({ type: 0, attributes: atributos }),
      }),
    ],
    certificates: [cert, ...(sinCadena ? [] : id.cadena.map((c) => pkijs.Certificate.fromBER(c)))],
  });
  await firmado.sign(id.clave, 0, "SHA-256");
  return firmado;
}

let serieSello = 1;

/** An RFC 3161 TimeStampToken (ContentInfo) by `tsa` at `fecha` over the SHA-256 of `datos`. */
export async function selloDeTiempo(datos: Uint8Array, tsa: Identidad, fecha: Date): Promise<pkijs.ContentInfo> {
  const info = new pkijs.TSTInfo({
    version: 1,
    policy: "1.3.6.1.4.1.99999.1.1",
    messageImprint: new pkijs.MessageImprint({
      hashAlgorithm: new pkijs.AlgorithmIdentifier({ algorithmId: OID.sha256 }),
      hashedMessage: new asn1js.OctetString({ valueHex: ab(sha256(datos)) }),
    }),
    serialNumber: new asn1js.Integer({ value: serieSello++ }),
    genTime: fecha,
  });
  const der = new Uint8Array(info.toSchema().toBER(false));
  const firmado = await signedData(sha256(der), tsa, OID_TST_INFO, undefined, false, ab(der));
  return new pkijs.ContentInfo({ contentType: OID.signedData, content: firmado.toSchema(true) });
}

/** @signpdf's signer: the CMS over the PDF's byte ranges. */
export class FirmantePrueba extends Signer {
  constructor(
    private readonly id: Identidad,
    private readonly opciones: OpcionesCms = {},
  ) {
    super();
  }

  override sign(datos: Buffer): Promise<Buffer> {
    return firmarCms(datos, this.id, this.opciones);
  }
}

/**
 * An OCSP responder's answer (RFC 6960) to a DER request, signed by `emisor` (the CA answers for
 * its own certificates): "revoked" at the listed date for the listed serials (hex), else "good".
 */
export async function respuestaOcsp(
  pedido: Buffer,
  emisor: Identidad,
  revocados: Map<string, Date>,
  ahora: Date,
): Promise<Buffer> {
  const req = pkijs.OCSPRequest.fromBER(ab(pedido));
  const certId = req.tbsRequest.requestList[0].reqCert;
  const serie = Buffer.from(certId.serialNumber.valueBlock.valueHexView).toString("hex").toUpperCase();
  const fecha = [...revocados].find(([s]) => s.toUpperCase().replace(/^0+/, "") === serie.replace(/^0+/, ""))?.[1];
  const certStatus = fecha
    ? new asn1js.Constructed({
        idBlock: { tagClass: 3, tagNumber: 1 },
        value: [new asn1js.GeneralizedTime({ valueDate: fecha })],
      })
    : new asn1js.Primitive({ idBlock: { tagClass: 3, tagNumber: 0 } });
  const cert = pkijs.Certificate.fromBER(emisor.der);
  const basica = new pkijs.BasicOCSPResponse();
  basica.tbsResponseData.responderID = cert.subject;
  basica.tbsResponseData.producedAt = ahora;
  basica.tbsResponseData.responses.push(new pkijs.SingleResponse({ certID: certId, certStatus, thisUpdate: ahora }));
  basica.certs = [cert];
  await basica.sign(emisor.clave, "SHA-256");
  const respuesta = new pkijs.OCSPResponse({
    responseStatus: new asn1js.Enumerated({ value: 0 }),
    responseBytes: new pkijs.ResponseBytes({
      responseType: "1.3.6.1.5.5.7.48.1.1",
      response: new asn1js.OctetString({ valueHex: basica.toSchema().toBER(false) }),
    }),
  });
  return Buffer.from(respuesta.toSchema().toBER(false));
}
