/**
 * The signed-document engine (issue 38, `firma/analizar.ts`) on files signed with the tests' own
 * PKI: each case with the answer it must get — integrity (tampered, the "shadow" content update,
 * an annotation, a second page, a second signature), the certificate (expired, untrusted CA,
 * no cédula), the moment itself (timestamp, claimed time) and detached .p7s. Revocation:
 * revocacion.test.ts; bad input: entrada-danada.test.ts.
 */
import { MSG } from "@registro/contracts";
import { beforeAll, describe, expect, it } from "vitest";
import { analizarDocumento } from "../../src/documentos-firmados/firma/analizar.js";
import { fechaHora } from "../../src/shared/tiempo.js";
import {
  AHORA,
  ANTES_DE_REVOCAR,
  type Casos,
  crearCasos,
  entrada,
  FECHA_FIRMA,
} from "../support/documentos-firmados.js";
import { firmarCms } from "../support/firma-cms.js";
import { firmarPdf, pdfPrueba } from "../support/pdf-firmado.js";
import { CEDULA_FUNCIONARIO, CEDULA_OTRO, crearPki, type Pki } from "../support/pki.js";

let pki: Pki;
let casos: Casos;

beforeAll(async () => {
  pki = await crearPki();
  casos = await crearCasos(pki);
});

const analizar = (documento: Buffer, extra = {}) => analizarDocumento(entrada(pki, documento, extra));
const unica = async (documento: Buffer, extra = {}) => {
  const r = await analizar(documento, extra);
  expect(r.firmas).toHaveLength(1);
  return r.firmas[0];
};

describe("integrity", () => {
  it("a valid signature: intact, covering the whole file, nothing added", async () => {
    const r = await analizar(casos.valida);
    expect(r.tipo).toBe("pdf");
    expect(r.sha256).toMatch(/^[0-9a-f]{64}$/);
    expect(r.firmas[0]).toMatchObject({
      indice: 1,
      campo: "Signature1",
      integridad: { intacta: true, cubreTodo: true, cambiosPosteriores: "ninguno", detalle: null },
      momento: { fecha: FECHA_FIRMA.toISOString(), fuente: "hora_declarada" },
    });
  });

  it("a byte of the signed text changed: not intact", async () => {
    const f = await unica(casos.alterada);
    expect(f.integridad).toMatchObject({ intacta: false, cubreTodo: true, detalle: MSG.integridadAlterada });
  });

  it("the shadow attack: the page's content replaced by a later revision → 'contenido'", async () => {
    const f = await unica(casos.sombra);
    expect(f.integridad).toEqual({
      intacta: true,
      cubreTodo: false,
      cambiosPosteriores: "contenido",
      detalle: MSG.cambiosContenido(1),
    });
  });

  it("the same two updates written by a PDF 1.5 writer (object stream, cross-reference stream)", async () => {
    expect((await unica(casos.sombraComprimida)).integridad).toMatchObject({
      intacta: true,
      cambiosPosteriores: "contenido",
    });
    expect((await unica(casos.anotacionComprimida)).integridad).toMatchObject({
      intacta: true,
      cambiosPosteriores: "anotaciones",
    });
  });

  it("a page added after signing → 'contenido'", async () => {
    expect((await unica(casos.pagina)).integridad.cambiosPosteriores).toBe("contenido");
  });

  it("only an annotation added → 'anotaciones'", async () => {
    const f = await unica(casos.anotacion);
    expect(f.integridad).toMatchObject({ intacta: true, cubreTodo: false, cambiosPosteriores: "anotaciones" });
    expect(f.integridad.detalle).toBe(MSG.cambiosAnotaciones(1));
  });

  it("two signers: the first is followed only by a signature, the second covers the file", async () => {
    const r = await analizar(casos.dosFirmantes);
    expect(r.firmas.map((f) => [f.indice, f.campo, f.certificado.cedula])).toEqual([
      [1, "Signature1", CEDULA_FUNCIONARIO],
      [2, "Signature2", CEDULA_OTRO],
    ]);
    expect(r.firmas[0].integridad).toMatchObject({ intacta: true, cubreTodo: false, cambiosPosteriores: "firmas" });
    expect(r.firmas[0].integridad.detalle).toBe(MSG.cambiosFirmas(1));
    expect(r.firmas[1].integridad).toMatchObject({ intacta: true, cubreTodo: true, cambiosPosteriores: "ninguno" });
  });

  it("a content change after the second signature is reported for both, naming each", async () => {
    const r = await analizar((await import("../support/pdf-firmado.js")).cambiarContenido(casos.dosFirmantes));
    expect(r.firmas.map((f) => f.integridad.detalle)).toEqual([MSG.cambiosContenido(1), MSG.cambiosContenido(2)]);
  });

  it("adbe.pkcs7.detached with a signing-time attribute: intact, judged at that time", async () => {
    const f = await unica(casos.adbe);
    expect(f.integridad.intacta).toBe(true);
    expect(f.momento).toEqual({ fecha: "2026-05-05T05:05:05.000Z", fuente: "hora_declarada" });
  });
});

describe("the certificate", () => {
  it("names, serial, validity, cédula and the chain to the anchor", async () => {
    const { certificado } = await unica(casos.valida);
    expect(certificado).toMatchObject({
      sujeto: `CN=María Pérez Gómez, serialNumber=${CEDULA_FUNCIONARIO}, C=DO`,
      emisor: "CN=Intermedia de Pruebas, C=DO",
      serie: pki.funcionario.cert.serialNumber.toUpperCase().replace(/^0+/, ""),
      validoDesde: "2025-01-01T00:00:00.000Z",
      validoHasta: "2029-01-01T00:00:00.000Z",
      cedula: CEDULA_FUNCIONARIO,
      cadena: "confiable",
      revocacion: { estado: "no_revocado", fuente: "crl", revocadoEl: null },
      validoAlFirmar: true,
      motivos: [],
    });
    expect(certificado.ruta).toEqual([
      certificado.sujeto,
      "CN=Intermedia de Pruebas, C=DO",
      "CN=Raíz de Pruebas, C=DO",
    ]);
  });

  it("expired at the signing time: not valid, saying until when", async () => {
    const { certificado } = await unica(casos.vencida);
    expect(certificado.validoAlFirmar).toBe(false);
    expect(certificado.cadena).toBe("confiable");
    expect(certificado.motivos).toEqual([MSG.certificadoVencido(fechaHora("2021-01-01T00:00:00Z"))]);
  });

  it("from a CA nobody configured: untrusted, no path, revocation not asked", async () => {
    const { certificado } = await unica(casos.ajena);
    expect(certificado).toMatchObject({ cadena: "no_confiable", ruta: [], validoAlFirmar: false });
    expect(certificado.revocacion.estado).toBe("desconocido");
    expect(certificado.motivos).toEqual([MSG.certificadoNoConfiable]);
  });

  it("with the untrusted root configured as an anchor, the same file is trusted", async () => {
    const { certificado } = await unica(casos.ajena, { anclas: [pki.raiz.der, pki.raizAjena.der] });
    expect(certificado.cadena).toBe("confiable");
  });

  it("without a cédula in the subject: cedula null, not an error", async () => {
    const { certificado } = await unica(casos.sinCedula);
    expect(certificado.cedula).toBeNull();
    expect(certificado.validoAlFirmar).toBe(true);
  });

  it("the cédula's attribute is a setting", async () => {
    const { certificado } = await unica(casos.valida, { atributoCedula: "2.5.4.6" });
    expect(certificado.cedula).toBeNull();
  });
});

describe("the moment a signature is judged at", () => {
  it("a timestamp before the revocation: judged at the timestamp's time, not the claimed one", async () => {
    const f = await unica(casos.selladaAntesDeRevocar);
    expect(f.momento).toEqual({ fecha: ANTES_DE_REVOCAR.toISOString(), fuente: "sello_de_tiempo" });
    expect(f.certificado.revocacion.estado).toBe("no_revocado");
    expect(f.certificado.validoAlFirmar).toBe(true);
  });

  it("a timestamp by an untrusted TSA is not believed: the claimed time, said", async () => {
    const pdf = await firmarPdf(await pdfPrueba(), pki.revocado, {
      sello: { tsa: pki.ajeno, fecha: ANTES_DE_REVOCAR },
    });
    const f = await unica(pdf);
    expect(f.momento).toEqual({ fecha: FECHA_FIRMA.toISOString(), fuente: "hora_declarada" });
    expect(f.certificado.validoAlFirmar).toBe(false);
    expect(f.certificado.motivos).toContain(MSG.selloTiempoNoValido);
  });

  it("a claimed time after the check is not believed: the time of the check", async () => {
    const pdf = await firmarPdf(await pdfPrueba(), pki.funcionario, { fecha: new Date("2027-03-01T00:00:00Z") });
    expect((await unica(pdf)).momento).toEqual({ fecha: AHORA.toISOString(), fuente: "hora_de_verificacion" });
  });

  it("no claimed time at all (a .p7s without signing-time): the time of the check", async () => {
    const datos = Buffer.from("contrato");
    const f = await unica(datos, { firmaSeparada: await firmarCms(datos, pki.funcionario) });
    expect(f.momento).toEqual({ fecha: AHORA.toISOString(), fuente: "hora_de_verificacion" });
  });
});

describe("a detached CMS (.p7s)", () => {
  it("over the document: valid; over altered bytes: not intact; PEM accepted", async () => {
    const datos = Buffer.from("%PDF-1.7 orden de pago escaneada");
    const p7s = await firmarCms(datos, pki.funcionario, { horaFirma: FECHA_FIRMA });
    const r = await analizar(datos, { firmaSeparada: p7s });
    expect(r.tipo).toBe("cms");
    expect(r.firmas[0]).toMatchObject({
      campo: null,
      integridad: { intacta: true, cubreTodo: true, cambiosPosteriores: "ninguno", detalle: null },
      certificado: { cedula: CEDULA_FUNCIONARIO, cadena: "confiable", validoAlFirmar: true },
      momento: { fecha: FECHA_FIRMA.toISOString(), fuente: "hora_declarada" },
    });
    const otra = await analizar(Buffer.from("%PDF-1.7 orden de pago escaneadA"), { firmaSeparada: p7s });
    expect(otra.firmas[0].integridad).toMatchObject({ intacta: false, detalle: MSG.integridadAlterada });
    const pem = Buffer.from(
      `-----BEGIN PKCS7-----\n${p7s.toString("base64").replace(/.{64}/g, "$&\n")}\n-----END PKCS7-----\n`,
    );
    expect((await analizar(datos, { firmaSeparada: pem })).firmas[0].integridad.intacta).toBe(true);
  });
});
