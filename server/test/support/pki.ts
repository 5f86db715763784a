/**
 * A test PKI for signed documents (issue 38), made with @peculiar/x509: a root and an intermediate
 * CA, officials' certificates carrying the cédula in serialNumber (2.5.4.5) and the name in CN, an
 * expired one, a revoked one (listed on the intermediate's CRL, which the certificates name as their
 * CRL distribution point), one without cédula, one from a CA nobody trusts, a time-stamping
 * authority (RFC 3161 tokens at a chosen time) and an OCSP responder's certificate (the
 * intermediate itself answers). The CMS that signs a PDF or any bytes is in `firma-cms.ts`, PDFs in `pdf-firmado.ts`.
 */
import "reflect-metadata";
import { webcrypto } from "node:crypto";
import * as x509 from "@peculiar/x509";

type CryptoKey = webcrypto.CryptoKey;
type CryptoKeyPair = webcrypto.CryptoKeyPair;

const { subtle } = webcrypto;
x509.cryptoProvider.set(webcrypto as unknown as Parameters<typeof x509.cryptoProvider.set>[0]);

export const URL_CRL = "http://crl.pki-pruebas.test/intermedia.crl";
export const URL_OCSP = "http://ocsp.pki-pruebas.test/";

/** A certificate (DER) and its private key. */
export interface Identidad {
  der: Buffer;
  cert: x509.X509Certificate;
  clave: CryptoKey;
  /** The CA certificates between it and the root (intermediate first), DER. */
  cadena: Buffer[];
}

export interface Pki {
  raiz: Identidad;
  intermedia: Identidad;
  /** A root nobody configured as an anchor, and an official's certificate it issued. */
  raizAjena: Identidad;
  ajeno: Identidad;
  /** Valid 2025-01-01 … 2029-01-01; cédula 00112345678; an RSA key (the others are ECDSA P-256). */
  funcionario: Identidad;
  /** A second official, cédula 40212345671. */
  otro: Identidad;
  /** Valid 2020-01-01 … 2021-01-01. */
  vencido: Identidad;
  /** Revoked on FECHA_REVOCACION (listed on `crl`). */
  revocado: Identidad;
  /** A CN and no serialNumber. */
  sinCedula: Identidad;
  /** Like `funcionario`, with an OCSP responder in its AIA (URL_OCSP). */
  conOcsp: Identidad;
  tsa: Identidad;
  /** A second intermediate the root revoked on FECHA_REVOCACION (listed on `crlRaiz`), and an official's certificate it issued. */
  intermediaRevocada: Identidad;
  deIntermediaRevocada: Identidad;
  /** The root's CRL (DER), listing `intermediaRevocada`. */
  crlRaiz: Buffer;
  /** The intermediate's CRL (DER), issued 2026-09-01, listing `revocado`. */
  crl: Buffer;
  /** The same CRL with a wrong signature (signed by the untrusted root's key). */
  crlFalsa: Buffer;
}

export const FECHA_REVOCACION = new Date("2026-03-01T12:00:00Z");
export const CEDULA_FUNCIONARIO = "00112345678";
export const CEDULA_OTRO = "40212345671";

const RSA: webcrypto.RsaHashedKeyGenParams = {
  name: "RSASSA-PKCS1-v1_5",
  hash: "SHA-256",
  publicExponent: new Uint8Array([1, 0, 1]),
  modulusLength: 2048,
};
const EC: webcrypto.EcKeyGenParams = { name: "ECDSA", namedCurve: "P-256" };

const claves = (alg: webcrypto.RsaHashedKeyGenParams | webcrypto.EcKeyGenParams) =>
  subtle.generateKey(alg, true, ["sign", "verify"]) as Promise<CryptoKeyPair>;

const firmaDe = (clave: CryptoKey) =>
  clave.algorithm.name === "ECDSA"
    ? { name: "ECDSA", hash: "SHA-256" }
    : { name: "RSASSA-PKCS1-v1_5", hash: "SHA-256" };

let serie = 0x1000;
const siguienteSerie = () => (++serie).toString(16).padStart(8, "0");

interface Emision {
  sujeto: x509.JsonName;
  emisor?: Identidad;
  desde?: Date;
  hasta?: Date;
  ca?: boolean;
  rsa?: boolean;
  extensiones?: x509.Extension[];
}

async function emitir(e: Emision): Promise<Identidad> {
  const par = await claves(e.rsa ? RSA : EC);
  const emisorClave = e.emisor?.clave ?? par.privateKey;
  const extensiones: x509.Extension[] = [
    new x509.BasicConstraintsExtension(!!e.ca, undefined, true),
    new x509.KeyUsagesExtension(
      e.ca
        ? x509.KeyUsageFlags.keyCertSign | x509.KeyUsageFlags.cRLSign
        : x509.KeyUsageFlags.digitalSignature | x509.KeyUsageFlags.nonRepudiation,
      true,
    ),
    await x509.SubjectKeyIdentifierExtension.create(par.publicKey),
    ...(e.extensiones ?? []),
  ];
  const cert = await x509.X509CertificateGenerator.create({
    serialNumber: siguienteSerie(),
    subject: e.sujeto,
    issuer: e.emisor ? e.emisor.cert.subject : e.sujeto,
    notBefore: e.desde ?? new Date("2020-01-01T00:00:00Z"),
    notAfter: e.hasta ?? new Date("2040-01-01T00:00:00Z"),
    publicKey: par.publicKey,
    signingKey: emisorClave,
    signingAlgorithm: firmaDe(emisorClave),
    extensions: extensiones,
  });
  const cadena = e.emisor ? [e.emisor.der, ...e.emisor.cadena] : [];
  return { der: Buffer.from(cert.rawData), cert, clave: par.privateKey, cadena };
}

const persona = (nombre: string, cedula?: string): x509.JsonName => [
  { "2.5.4.6": ["DO"] },
  ...(cedula ? [{ "2.5.4.5": [cedula] }] : []),
  { "2.5.4.3": [nombre] },
];

async function crl(emisor: Identidad, revocados: Identidad[], clave = emisor.clave): Promise<Buffer> {
  const lista = await x509.X509CrlGenerator.create({
    issuer: emisor.cert.subject,
    thisUpdate: new Date("2026-09-01T00:00:00Z"),
    nextUpdate: new Date("2036-09-01T00:00:00Z"),
    entries: revocados.map((r) => ({
      serialNumber: r.cert.serialNumber,
      revocationDate: FECHA_REVOCACION,
      reason: x509.X509CrlReason.keyCompromise,
    })),
    signingAlgorithm: firmaDe(clave),
    signingKey: clave,
  });
  return Buffer.from(lista.rawData);
}

/** The whole PKI: RSA keys for the intermediate and `funcionario`, ECDSA P-256 for the rest. */
export async function crearPki(): Promise<Pki> {
  const raiz = await emitir({ sujeto: [{ "2.5.4.6": ["DO"] }, { "2.5.4.3": ["Raíz de Pruebas"] }], ca: true });
  const intermedia = await emitir({
    sujeto: [{ "2.5.4.6": ["DO"] }, { "2.5.4.3": ["Intermedia de Pruebas"] }],
    emisor: raiz,
    ca: true,
    rsa: true,
  });
  const raizAjena = await emitir({ sujeto: [{ "2.5.4.3": ["Raíz Ajena"] }], ca: true });
  const crlDp = () => [new x509.CRLDistributionPointsExtension([URL_CRL])];
  const oficial = (nombre: string, cedula?: string, extra: Partial<Emision> = {}) =>
    emitir({
      sujeto: persona(nombre, cedula),
      emisor: intermedia,
      desde: new Date("2025-01-01T00:00:00Z"),
      hasta: new Date("2029-01-01T00:00:00Z"),
      extensiones: crlDp(),
      ...extra,
    });
  const funcionario = await oficial("María Pérez Gómez", CEDULA_FUNCIONARIO, { rsa: true });
  const otro = await oficial("José Núñez Rosario", CEDULA_OTRO);
  const vencido = await oficial("Ana Vencida", "00198765432", {
    desde: new Date("2020-01-01T00:00:00Z"),
    hasta: new Date("2021-01-01T00:00:00Z"),
  });
  const revocado = await oficial("Luis Revocado", "00155555555");
  const sinCedula = await oficial("Sin Cédula");
  const conOcsp = await oficial("Rosa Ocsp", "00177777777", {
    extensiones: [new x509.AuthorityInfoAccessExtension({ ocsp: [URL_OCSP] })],
  });
  const ajeno = await emitir({
    sujeto: persona("Pedro Ajeno", "00166666666"),
    emisor: raizAjena,
    desde: new Date("2025-01-01T00:00:00Z"),
    hasta: new Date("2029-01-01T00:00:00Z"),
  });
  const tsa = await emitir({
    sujeto: [{ "2.5.4.6": ["DO"] }, { "2.5.4.3": ["Sellado de Tiempo de Pruebas"] }],
    emisor: intermedia,
    extensiones: [new x509.ExtendedKeyUsageExtension([x509.ExtendedKeyUsage.timeStamping], true)],
  });
  const intermediaRevocada = await emitir({
    sujeto: [{ "2.5.4.6": ["DO"] }, { "2.5.4.3": ["Intermedia Revocada"] }],
    emisor: raiz,
    ca: true,
  });
  const deIntermediaRevocada = await emitir({
    sujeto: persona("Carmen Cadena", "00188888888"),
    emisor: intermediaRevocada,
    desde: new Date("2025-01-01T00:00:00Z"),
    hasta: new Date("2029-01-01T00:00:00Z"),
  });
  return {
    raiz,
    intermedia,
    intermediaRevocada,
    deIntermediaRevocada,
    crlRaiz: await crl(raiz, [intermediaRevocada]),
    raizAjena,
    ajeno,
    funcionario,
    otro,
    vencido,
    revocado,
    sinCedula,
    conOcsp,
    tsa,
    crl: await crl(intermedia, [revocado]),
    crlFalsa: await crl(intermedia, [], raizAjena.clave),
  };
}
