/**
 * Revocation at the signing moment (issue 38's engine): by the configured CRL, by the CRL fetched
 * from the certificate's distribution point, by OCSP; revoked before or after the moment; a forged
 * CRL or OCSP answer ignored; nothing reachable → unknown; an intermediate revoked by its root.
 */
import { MSG } from "@registro/contracts";
import { beforeAll, describe, expect, it } from "vitest";
import { analizarDocumento } from "../../src/documentos-firmados/firma/analizar.js";
import { fechaHora } from "../../src/shared/tiempo.js";
import { AHORA, ANTES_DE_REVOCAR, type Casos, crearCasos, entrada } from "../support/documentos-firmados.js";
import { respuestaOcsp } from "../support/firma-cms.js";
import { anadirDss, firmarPdf, pdfPrueba } from "../support/pdf-firmado.js";
import { crearPki, FECHA_REVOCACION, type Pki, URL_CRL, URL_OCSP } from "../support/pki.js";

let pki: Pki;
let casos: Casos;

beforeAll(async () => {
  pki = await crearPki();
  casos = await crearCasos(pki);
});

const unica = async (documento: Buffer, extra = {}) => {
  const r = await analizarDocumento(entrada(pki, documento, extra));
  expect(r.firmas).toHaveLength(1);
  return r.firmas[0];
};

describe("revocation at the signing moment", () => {
  it("revoked before the signing time: invalid, with the revocation's date", async () => {
    const { certificado } = await unica(casos.revocadaAntes);
    expect(certificado.revocacion).toEqual({
      estado: "revocado",
      fuente: "crl",
      revocadoEl: FECHA_REVOCACION.toISOString(),
    });
    expect(certificado.validoAlFirmar).toBe(false);
    expect(certificado.motivos).toEqual([MSG.certificadoRevocado(fechaHora(FECHA_REVOCACION))]);
  });

  it("revoked after the signing time: still valid then, the later revocation said", async () => {
    const f = await unica(casos.revocadaDespues);
    expect(f.momento.fecha).toBe(ANTES_DE_REVOCAR.toISOString());
    expect(f.certificado.revocacion).toEqual({
      estado: "no_revocado",
      fuente: "crl",
      revocadoEl: FECHA_REVOCACION.toISOString(),
    });
    expect(f.certificado.validoAlFirmar).toBe(true);
  });

  it("no configured CRL: the distribution point's CRL is fetched", async () => {
    const pedidas: string[] = [];
    const obtener = async (url: string) => {
      pedidas.push(url);
      return url === URL_CRL ? pki.crl : null;
    };
    const { certificado } = await unica(casos.revocadaAntes, { crls: [], obtener });
    expect(pedidas).toEqual([URL_CRL]);
    expect(certificado.revocacion.estado).toBe("revocado");
  });

  it("an intermediate revoked before the signing time (the root's CRL): invalid, naming it", async () => {
    const pdf = await firmarPdf(await pdfPrueba(), pki.deIntermediaRevocada);
    const { certificado } = await unica(pdf, { crls: [pki.crl, pki.crlRaiz] });
    expect(certificado.cadena).toBe("confiable");
    expect(certificado.validoAlFirmar).toBe(false);
    expect(certificado.motivos).toContain(
      MSG.certificadoCadenaRevocada("Intermedia Revocada", fechaHora(FECHA_REVOCACION)),
    );
    // Signed before the revocation: valid then.
    const antes = await firmarPdf(await pdfPrueba(), pki.deIntermediaRevocada, { fecha: ANTES_DE_REVOCAR });
    expect((await unica(antes, { crls: [pki.crl, pki.crlRaiz] })).certificado.motivos).not.toContain(
      MSG.certificadoCadenaRevocada("Intermedia Revocada", fechaHora(FECHA_REVOCACION)),
    );
  });

  it("unreachable: unknown, said in the reasons", async () => {
    const { certificado } = await unica(casos.valida, { crls: [], obtener: async () => null });
    expect(certificado.revocacion).toEqual({ estado: "desconocido", fuente: null, revocadoEl: null });
    expect(certificado.motivos).toEqual([MSG.revocacionDesconocida]);
  });

  it("a CRL not signed by the issuer is ignored", async () => {
    const { certificado } = await unica(casos.revocadaAntes, { crls: [pki.crlFalsa] });
    expect(certificado.revocacion.estado).toBe("desconocido");
  });

  it("OCSP, when the certificate names a responder: good, and revoked", async () => {
    const pdf = await firmarPdf(await pdfPrueba(), pki.conOcsp);
    const serie = pki.conOcsp.cert.serialNumber;
    const responder = (revocados: Map<string, Date>) => async (url: string, cuerpo?: { tipo: string; datos: Buffer }) =>
      url === URL_OCSP && cuerpo?.tipo === "application/ocsp-request"
        ? respuestaOcsp(cuerpo.datos, pki.intermedia, revocados, AHORA)
        : null;
    const buena = await unica(pdf, { crls: [], obtener: responder(new Map()) });
    expect(buena.certificado.revocacion).toEqual({ estado: "no_revocado", fuente: "ocsp", revocadoEl: null });
    const mala = await unica(pdf, { crls: [], obtener: responder(new Map([[serie, FECHA_REVOCACION]])) });
    expect(mala.certificado.revocacion).toEqual({
      estado: "revocado",
      fuente: "ocsp",
      revocadoEl: FECHA_REVOCACION.toISOString(),
    });
    // An answer signed by another key does not count.
    const falsa = await unica(pdf, {
      crls: [],
      obtener: async (_: string, c?: { tipo: string; datos: Buffer }) =>
        c ? respuestaOcsp(c.datos, pki.ajeno, new Map(), AHORA) : null,
    });
    expect(falsa.certificado.revocacion.estado).toBe("desconocido");
  });

  it("CRLs the file carries (in the CMS, in the PDF's DSS) are used with nothing configured or reachable", async () => {
    const sinRed = { crls: [], obtener: async () => null };
    const enCms = await firmarPdf(await pdfPrueba(), pki.revocado, { crls: [pki.crl] });
    expect((await unica(enCms, sinRed)).certificado.revocacion).toEqual({
      estado: "revocado",
      fuente: "crl",
      revocadoEl: FECHA_REVOCACION.toISOString(),
    });
    const enDss = anadirDss(casos.revocadaAntes, [pki.crl]);
    const f = await unica(enDss, sinRed);
    expect(f.certificado.revocacion.estado).toBe("revocado");
    // Validation data added after signing is a "signatures" change, not content.
    expect(f.integridad).toMatchObject({ intacta: true, cubreTodo: false, cambiosPosteriores: "firmas" });
    // A CRL the file carries counts only when its issuer signed it.
    const falsa = await firmarPdf(await pdfPrueba(), pki.revocado, { crls: [pki.crlFalsa] });
    expect((await unica(falsa, sinRed)).certificado.revocacion.estado).toBe("desconocido");
  });
});
