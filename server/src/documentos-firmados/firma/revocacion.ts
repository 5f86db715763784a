/**
 * Whether a certificate was revoked at a moment: by the configured CRLs first, then by those the
 * file carries (PAdES-LT), then by the CRL at
 * the certificate's distribution point, then by OCSP when its Authority Information Access names a
 * responder (both fetched through the injected `obtener`). A CRL or OCSP answer counts only when
 * its signature verifies with the certificate's issuer. Revoked after the moment → not revoked
 * then, with the revocation's date; no usable answer → "desconocido".
 */
import crypto from "node:crypto";
import * as asn1js from "asn1js";
import * as pkijs from "pkijs";
import { type Cert, cert, emitio } from "./certificado.js";
import { ab, derDe, firmaValida } from "./cms.js";
import type { EntradaAnalisis } from "./tipos.js";

export interface EstadoRevocacion {
  estado: "no_revocado" | "revocado" | "desconocido";
  fuente: "crl" | "ocsp" | null;
  revocadoEl: Date | null;
}

const DESCONOCIDO: EstadoRevocacion = { estado: "desconocido", fuente: null, revocadoEl: null };
const REMOVE_FROM_CRL = 8;
const OID_CRL_DP = "2.5.29.31";
const OID_AIA = "1.3.6.1.5.5.7.1.1";
const OID_OCSP = "1.3.6.1.5.5.7.48.1";
const OID_REASON = "2.5.29.21";
const OID_EKU = "2.5.29.37";
const OID_OCSP_SIGNING = "1.3.6.1.5.5.7.3.9";

/**
 * CRLs parsed, by their SHA-256, across analyses: the configured ones are the same bytes on every
 * call, and a large CRL costs far more to parse than to hash. Bounded: the oldest goes first.
 */
const CRLS_LEIDAS = new Map<string, pkijs.CertificateRevocationList | null>();
const MAXIMO_CRLS_LEIDAS = 64;

function crlDe(b: Buffer): pkijs.CertificateRevocationList | null {
  const huella = crypto.createHash("sha256").update(b).digest("base64");
  if (CRLS_LEIDAS.has(huella)) return CRLS_LEIDAS.get(huella) ?? null;
  let crl: pkijs.CertificateRevocationList | null = null;
  try {
    crl = pkijs.CertificateRevocationList.fromBER(ab(derDe(b)));
  } catch {
    crl = null;
  }
  if (CRLS_LEIDAS.size >= MAXIMO_CRLS_LEIDAS) CRLS_LEIDAS.delete(CRLS_LEIDAS.keys().next().value as string);
  CRLS_LEIDAS.set(huella, crl);
  return crl;
}

/** Whether a CRL (by object, from the cache above) was signed by an issuer (by fingerprint). */
const VERIFICADAS = new WeakMap<pkijs.CertificateRevocationList, Map<string, Promise<boolean>>>();

/** URIs (GeneralName type 6) of an extension's parsed value, found anywhere in it. */
function uris(c: Cert, oid: string): string[] {
  const ext = c.p.extensions?.find((e) => e.extnID === oid);
  if (!ext) return [];
  if (oid === OID_AIA) {
    const aia = ext.parsedValue as pkijs.InfoAccess | undefined;
    return (aia?.accessDescriptions ?? [])
      .filter((d) => d.accessMethod === OID_OCSP && d.accessLocation.type === 6)
      .map((d) => String(d.accessLocation.value));
  }
  const dp = ext.parsedValue as pkijs.CRLDistributionPoints | undefined;
  return (dp?.distributionPoints ?? []).flatMap((p) =>
    Array.isArray(p.distributionPoint)
      ? p.distributionPoint.filter((n) => n.type === 6).map((n) => String(n.value))
      : [],
  );
}

function fechaRevocacion(entrada: pkijs.RevokedCertificate): Date | null {
  const razon = entrada.crlEntryExtensions?.extensions.find((e) => e.extnID === OID_REASON);
  const valor = razon?.parsedValue as asn1js.Enumerated | undefined;
  if (valor?.valueBlock?.valueDec === REMOVE_FROM_CRL) return null;
  return entrada.revocationDate.value;
}

/** The answer at the moment; null when the revocation's date is unreadable (the source is not used). */
const segun = (fecha: Date | null, momento: Date, fuente: "crl" | "ocsp"): EstadoRevocacion | null =>
  fecha && Number.isNaN(fecha.getTime())
    ? null
    : fecha
      ? { estado: fecha <= momento ? "revocado" : "no_revocado", fuente, revocadoEl: fecha }
      : { estado: "no_revocado", fuente, revocadoEl: null };

/**
 * An OCSP answer is signed by the issuer itself, or by a responder the issuer certified for OCSP
 * signing (RFC 6960 §4.2.2.2) that came with the answer.
 */
function respuestaFirmada(basica: pkijs.BasicOCSPResponse, emisor: Cert): boolean {
  const delegados = (basica.certs ?? []).flatMap((c) => {
    try {
      const d = cert(c);
      const eku = d.p.extensions?.find((e) => e.extnID === OID_EKU)?.parsedValue as pkijs.ExtKeyUsage | undefined;
      return emitio(emisor, d) && eku?.keyPurposes.includes(OID_OCSP_SIGNING) ? [d] : [];
    } catch {
      return [];
    }
  });
  const firma = basica.signature.valueBlock.valueHexView;
  return [emisor, ...delegados].some((c) =>
    firmaValida(basica.signatureAlgorithm, null, basica.tbsResponseData.tbsView, c.x.publicKey, firma),
  );
}

/** The revocation checks of one analysis: CRLs parsed, fetched and verified once. */
export class Revocaciones {
  private readonly configuradas: pkijs.CertificateRevocationList[];
  private readonly descargadas = new Map<string, Promise<pkijs.CertificateRevocationList | null>>();

  constructor(
    crls: Buffer[],
    private readonly obtener?: EntradaAnalisis["obtener"],
  ) {
    this.configuradas = crls.map(crlDe).filter((c): c is pkijs.CertificateRevocationList => c !== null);
  }

  /**
   * `incrustadas`: CRLs the signed file carries (the CMS's own, the PDF's DSS), used after the
   * configured ones and before any look-up; they count like any other, only when the issuer signed them.
   */
  async estado(c: Cert, emisor: Cert | null, momento: Date, incrustadas: Buffer[] = []): Promise<EstadoRevocacion> {
    if (!emisor) return DESCONOCIDO;
    const locales = [...this.configuradas, ...incrustadas.map(crlDe).filter((x) => x !== null)];
    for (const crl of locales) {
      const r = await this.segunCrl(crl, c, emisor, momento);
      if (r) return r;
    }
    for (const url of uris(c, OID_CRL_DP)) {
      const crl = await this.descargar(url);
      const r = crl && (await this.segunCrl(crl, c, emisor, momento));
      if (r) return r;
    }
    for (const url of uris(c, OID_AIA)) {
      const r = await this.segunOcsp(url, c, emisor, momento).catch(() => null);
      if (r) return r;
    }
    return DESCONOCIDO;
  }

  private descargar(url: string): Promise<pkijs.CertificateRevocationList | null> {
    let p = this.descargadas.get(url);
    if (!p) {
      p = this.obtener
        ? this.obtener(url)
            .then((b) => (b ? crlDe(b) : null))
            .catch(() => null)
        : Promise.resolve(null);
      this.descargadas.set(url, p);
    }
    return p;
  }

  private firmadaPor(crl: pkijs.CertificateRevocationList, emisor: Cert): Promise<boolean> {
    const porEmisor = VERIFICADAS.get(crl) ?? new Map<string, Promise<boolean>>();
    VERIFICADAS.set(crl, porEmisor);
    let p = porEmisor.get(emisor.x.fingerprint256);
    if (!p) {
      p = crl.verify({ issuerCertificate: emisor.p }).catch(() => false);
      porEmisor.set(emisor.x.fingerprint256, p);
    }
    return p;
  }

  /** The CRL's answer, or null when it is not the issuer's, not genuine or not current at the moment. */
  private async segunCrl(crl: pkijs.CertificateRevocationList, c: Cert, emisor: Cert, momento: Date) {
    if (!crl.issuer.isEqual(c.p.issuer) || !(await this.firmadaPor(crl, emisor))) return null;
    const entrada = crl.revokedCertificates?.find((r) => r.userCertificate.isEqual(c.p.serialNumber));
    const fecha = entrada ? fechaRevocacion(entrada) : null;
    if (fecha) return segun(fecha, momento, "crl");
    const vigente = crl.thisUpdate.value >= momento || !crl.nextUpdate || crl.nextUpdate.value >= momento;
    return vigente ? segun(null, momento, "crl") : null;
  }

  private async segunOcsp(url: string, c: Cert, emisor: Cert, momento: Date): Promise<EstadoRevocacion | null> {
    if (!this.obtener) return null;
    const pedido = new pkijs.OCSPRequest();
    await pedido.createForCertificate(c.p, { hashAlgorithm: "SHA-1", issuerCertificate: emisor.p });
    const cuerpo = Buffer.from(pedido.toSchema(true).toBER(false));
    const r = await this.obtener(url, { tipo: "application/ocsp-request", datos: cuerpo });
    if (!r) return null;
    const resp = pkijs.OCSPResponse.fromBER(ab(r));
    if (resp.responseStatus.valueBlock.valueDec !== 0 || !resp.responseBytes) return null;
    const basica = pkijs.BasicOCSPResponse.fromBER(resp.responseBytes.response.valueBlock.valueHexView);
    if (!respuestaFirmada(basica, emisor)) return null;
    const { isForCertificate, status } = await basica.getCertificateStatus(c.p, emisor.p);
    if (!isForCertificate || status === 2) return null;
    if (status === 0) return segun(null, momento, "ocsp");
    const unica = basica.tbsResponseData.responses.find((s) => s.certID.serialNumber.isEqual(c.p.serialNumber));
    const info = (unica?.certStatus as asn1js.Constructed | undefined)?.valueBlock.value[0];
    const fecha = info instanceof asn1js.GeneralizedTime ? info.toDate() : momento;
    return segun(fecha, momento, "ocsp");
  }
}
