/**
 * The signature-time-stamp token (RFC 3161 inside the CMS's unsigned attribute
 * 1.2.840.113549.1.9.16.2.14): its imprint is the digest of this signer's signature value, its own
 * CMS signature verifies over the TSTInfo, and its TSA's certificate chains to a configured anchor
 * at the token's time with the timeStamping key purpose. Then its genTime is when the signature
 * existed at the latest.
 */
import crypto from "node:crypto";
import * as pkijs from "pkijs";
import { type Cert, cert, certs, construirCadena, vigenteEn } from "./certificado.js";
import { type CmsLeido, firmaIntacta, leerCms, OID } from "./cms.js";

const DIGESTS: Record<string, string> = {
  "1.3.14.3.2.26": "sha1",
  "2.16.840.1.101.3.4.2.1": "sha256",
  "2.16.840.1.101.3.4.2.2": "sha384",
  "2.16.840.1.101.3.4.2.3": "sha512",
};
const OID_EKU = "2.5.29.37";
const OID_TIME_STAMPING = "1.3.6.1.5.5.7.3.8";

export type SelloDeTiempo = { estado: "ausente" } | { estado: "invalido" } | { estado: "valido"; fecha: Date };

const paraSellar = (c: Cert): boolean => {
  const eku = c.p.extensions?.find((e) => e.extnID === OID_EKU)?.parsedValue as pkijs.ExtKeyUsage | undefined;
  return !!eku?.keyPurposes.includes(OID_TIME_STAMPING);
};

/** The token of the CMS's signer, checked; "ausente" when there is none. */
export function selloDeTiempo(cms: CmsLeido, anclas: Cert[]): SelloDeTiempo {
  const atributo = cms.firmante.unsignedAttrs?.attributes.find((a) => a.type === OID.timeStampToken);
  if (!atributo) return { estado: "ausente" };
  try {
    const token = leerCms(Buffer.from(atributo.values[0].toBER(false)));
    const contenido = token.firmado.encapContentInfo;
    if (contenido.eContentType !== OID.tstInfo || !contenido.eContent) return { estado: "invalido" };
    const tst = Buffer.from(contenido.eContent.getValue());
    const info = pkijs.TSTInfo.fromBER(tst);
    const hash = DIGESTS[info.messageImprint.hashAlgorithm.algorithmId];
    if (!hash) return { estado: "invalido" };
    const esperado = crypto.createHash(hash).update(cms.firmante.signature.valueBlock.valueHexView).digest();
    if (!Buffer.from(info.messageImprint.hashedMessage.valueBlock.valueHexView).equals(esperado))
      return { estado: "invalido" };
    if (!firmaIntacta(token, [tst]) || !token.cert) return { estado: "invalido" };
    const tsa = cert(token.cert);
    const ruta = construirCadena(tsa, certs(token.certificados), anclas);
    const fecha = info.genTime;
    if (!ruta || !paraSellar(tsa) || !ruta.every((c) => vigenteEn(c, fecha))) return { estado: "invalido" };
    return { estado: "valido", fecha };
  } catch {
    return { estado: "invalido" };
  }
}
