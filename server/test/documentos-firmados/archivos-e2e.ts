/**
 * The files the browser test of "Verificar documento" (e2e/tests/verificar-documento.test.ts)
 * uploads: the test PKI's root, intermediate and CRL, a PDF signed by a certificate carrying the
 * cédula of an official the demo data holds, and one signed by a CA nobody trusts. Kept on the
 * server's side, where the PKI's libraries are dependencies; the browser test loads it at run time.
 */
import "reflect-metadata";
import { webcrypto } from "node:crypto";
import * as x509 from "@peculiar/x509";
import { firmarPdf, pdfPrueba } from "../support/pdf-firmado.js";
import { crearPki, type Identidad } from "../support/pki.js";

export interface ArchivosE2e {
  raiz: Buffer;
  intermedia: Buffer;
  crl: Buffer;
  firmado: Buffer;
  ajeno: Buffer;
}

export async function archivosE2e(cedula: string, nombre: string, fecha: Date): Promise<ArchivosE2e> {
  const pki = await crearPki();
  x509.cryptoProvider.set(webcrypto as unknown as Parameters<typeof x509.cryptoProvider.set>[0]);
  const alg = { name: "ECDSA", namedCurve: "P-256" };
  const par = (await webcrypto.subtle.generateKey(alg, true, ["sign", "verify"])) as webcrypto.CryptoKeyPair;
  const cert = await x509.X509CertificateGenerator.create({
    serialNumber: "7a11ce01",
    subject: [{ "2.5.4.6": ["DO"] }, { "2.5.4.5": [cedula.replace(/-/g, "")] }, { "2.5.4.3": [nombre] }],
    issuer: pki.intermedia.cert.subject,
    notBefore: new Date("2025-01-01T00:00:00Z"),
    notAfter: new Date("2029-01-01T00:00:00Z"),
    publicKey: par.publicKey,
    signingKey: pki.intermedia.clave,
    signingAlgorithm: { name: "RSASSA-PKCS1-v1_5", hash: "SHA-256" },
    extensions: [new x509.BasicConstraintsExtension(false, undefined, true)],
  });
  const oficial: Identidad = {
    der: Buffer.from(cert.rawData),
    cert,
    clave: par.privateKey,
    cadena: [pki.intermedia.der, pki.raiz.der],
  };
  const pdf = await pdfPrueba();
  return {
    raiz: pki.raiz.der,
    intermedia: pki.intermedia.der,
    crl: pki.crl,
    firmado: await firmarPdf(pdf, oficial, { fecha }),
    ajeno: await firmarPdf(pdf, pki.ajeno, { fecha }),
  };
}
