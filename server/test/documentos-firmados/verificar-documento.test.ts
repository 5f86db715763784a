/**
 * POST api/Verificacion/Documento (issue 38's Proof list): signed PDFs made with the test PKI
 * (test/support/pki.ts) checked against the configured anchors and CRL and the registry — valid and
 * authorised; the signer ended last year; amount above the limit; not in the registry (of that
 * institution); tampered; a content-changing update after signing (shadow); revoked before and after
 * the signing time; untrusted CA; two signers, one not authorised, under a joint rule; a timestamped
 * signature judged at the timestamp's time — plus who may call and bad input (400, never 500).
 */
import { LIMITE_DOCUMENTO_FIRMADO_BYTES, MSG } from "@registro/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { crearTestApp, type TestApp } from "../support/app.js";
import { idInstitucionDe } from "../support/factories.js";
import { firmarCms } from "../support/firma-cms.js";
import { multipart } from "../support/formularios.js";
import { cambiarContenido, firmarPdf, pdfPrueba } from "../support/pdf-firmado.js";
import { CEDULA_FUNCIONARIO, CEDULA_OTRO, crearPki, type Pki } from "../support/pki.js";
import { registrarFirmante } from "./registro-firmantes.js";

const BASE = "/api/Configuracion/AutoridadesConfianza";
const FIRMA = 101;
let t: TestApp;
let pki: Pki;
let inst: number;
let otraInst: number;
let original: Buffer;

const cedula = (d: string) => `${d.slice(0, 3)}-${d.slice(3, 10)}-${d.slice(10)}`;

beforeAll(async () => {
  t = await crearTestApp();
  pki = await crearPki();
  inst = await idInstitucionDe(t.db, "originador");
  otraInst = inst === 1 ? 2 : 1;
  const subir = async (ruta: string, contenido: Buffer) => {
    const m = multipart({}, { Archivo: { nombre: "a.der", contenido } });
    const r = await t.as("configuracion", { method: "POST", url: `${BASE}/${ruta}`, ...m });
    expect(r.json(), r.body).toMatchObject({ success: true });
  };
  await subir("Ancla", pki.raiz.der);
  await subir("Ancla", pki.intermedia.der);
  await subir("Crl", pki.crl);
  await registrarFirmante(t, {
    cedula: cedula(CEDULA_FUNCIONARIO),
    nombres: "María",
    idInstitucion: inst,
    desde: new Date("2025-01-01T12:00:00Z"),
    montoHasta: 500_000,
  });
  await registrarFirmante(t, {
    cedula: cedula(CEDULA_OTRO),
    nombres: "José",
    idInstitucion: inst,
    desde: new Date("2024-01-01T12:00:00Z"),
    hasta: new Date("2025-12-31T12:00:00Z"),
  });
  original = await pdfPrueba();
});
afterAll(() => t?.close());

type Campos = Record<string, string | number | undefined>;
const verificar = (
  archivo: Buffer | null,
  campos: Campos = {},
  usuario: Parameters<TestApp["as"]>[0] = "consultor",
  firma?: Buffer,
) => {
  const m = multipart(
    { InstitucionId: inst, TipoFirmaId: FIRMA, ...campos },
    {
      Archivo: archivo ? { nombre: "documento.pdf", contenido: archivo } : undefined,
      Firma: firma ? { nombre: "firma.p7s", contenido: firma } : undefined,
    },
  );
  return t.as(usuario, { method: "POST", url: "/api/Verificacion/Documento", ...m });
};

async function respuesta(archivo: Buffer, campos: Campos = {}, firma?: Buffer) {
  const r = await verificar(archivo, campos, "consultor", firma);
  expect(r.statusCode, r.body).toBe(200);
  return r.json();
}

const junio = new Date("2026-06-01T10:00:00Z");

describe("the Proof list", () => {
  it("valid and authorised: every finding, the registry's name, the verdict, a report code", async () => {
    const pdf = await firmarPdf(original, pki.funcionario, { fecha: junio });
    const r = await respuesta(pdf, { Monto: "150000" });
    expect(r.documento).toMatchObject({ firmadoPorAutorizados: true, texto: MSG.documentoFirmadoPorAutorizados });
    expect(r.firmas).toHaveLength(1);
    const [f] = r.firmas;
    expect(f.integridad).toMatchObject({ intacta: true, cambiosPosteriores: "ninguno" });
    expect(f.certificado).toMatchObject({ cadena: "confiable", validoAlFirmar: true, cedula: CEDULA_FUNCIONARIO });
    expect(f.certificado.revocacion.estado).toBe("no_revocado");
    expect(f.momento).toMatchObject({ fuente: "hora_declarada" });
    expect(f.registro).toMatchObject({
      cedula: cedula(CEDULA_FUNCIONARIO),
      fecha: "2026-06-01",
      autorizado: true,
      motivo: MSG.verificacionAutorizado,
      nombre: "María Firmante",
    });
    expect(f.aceptada).toBe(true);
    expect(r.codigo).toMatch(/^[0-9A-Z]{4}(-[0-9A-Z]{4}){4}$/);
    expect(Date.now() - new Date(r.verificadoEl).getTime()).toBeLessThan(60_000);
  });

  it("the signer ended last year: the registry's reason, the document not accepted", async () => {
    const r = await respuesta(await firmarPdf(original, pki.otro, { fecha: junio }));
    expect(r.firmas[0].certificado.validoAlFirmar).toBe(true);
    expect(r.firmas[0].registro).toMatchObject({ autorizado: false, motivo: MSG.verificacionInactivado("31/12/2025") });
    expect(r.documento.firmadoPorAutorizados).toBe(false);
    expect(r.documento.texto).toBe(MSG.documentoNoFirmadoPorAutorizados);
  });

  it("amount above the limit", async () => {
    const r = await respuesta(await firmarPdf(original, pki.funcionario, { fecha: junio }), { Monto: "750,000.00" });
    expect(r.firmas[0].registro.autorizado).toBe(false);
    expect(r.firmas[0].registro.motivo).toBe(MSG.verificacionFueraDeRango("US$ 0.00", "US$ 500,000.00"));
    expect(r.documento.firmadoPorAutorizados).toBe(false);
  });

  it("signer not in the registry of that institution; a certificate without cédula", async () => {
    const pdf = await firmarPdf(original, pki.funcionario, { fecha: junio });
    const r = await respuesta(pdf, { InstitucionId: otraInst });
    expect(r.firmas[0].registro).toMatchObject({ autorizado: false, motivo: MSG.verificacionNoRegistradoInstitucion });
    const s = await respuesta(await firmarPdf(original, pki.sinCedula, { fecha: junio }));
    expect(s.firmas[0].registro).toMatchObject({ cedula: null, autorizado: null, motivo: MSG.firmaSinCedula });
    expect(s.documento.firmadoPorAutorizados).toBe(false);
  });

  it("tampered after signing: not intact, not accepted", async () => {
    const pdf = Buffer.from(await firmarPdf(original, pki.funcionario, { fecha: junio }));
    // One byte of the signed content changed (the page's size), nothing appended.
    const i = pdf.indexOf("/MediaBox [0 0 612 792]");
    expect(i).toBeGreaterThan(0);
    pdf.write("613", i + 15, "latin1");
    const r = await respuesta(pdf);
    expect(r.firmas[0].integridad.intacta).toBe(false);
    expect(r.firmas[0].aceptada).toBe(false);
    expect(r.documento.firmadoPorAutorizados).toBe(false);
  });

  it("a content-changing incremental update after signing (shadow attack)", async () => {
    const pdf = cambiarContenido(await firmarPdf(original, pki.funcionario, { fecha: junio }));
    const r = await respuesta(pdf);
    expect(r.firmas[0].integridad).toMatchObject({ intacta: true, cubreTodo: false, cambiosPosteriores: "contenido" });
    expect(r.firmas[0].registro.autorizado).toBe(true);
    expect(r.firmas[0].aceptada).toBe(false);
    expect(r.documento.firmadoPorAutorizados).toBe(false);
  });

  it("revoked before the signing time: not valid then; revoked after it: still valid then", async () => {
    const antes = await respuesta(await firmarPdf(original, pki.revocado, { fecha: junio }));
    expect(antes.firmas[0].certificado).toMatchObject({ validoAlFirmar: false });
    expect(antes.firmas[0].certificado.revocacion).toMatchObject({ estado: "revocado", fuente: "crl" });
    const despues = await respuesta(
      await firmarPdf(original, pki.revocado, { fecha: new Date("2026-01-15T10:00:00Z") }),
    );
    expect(despues.firmas[0].certificado).toMatchObject({ validoAlFirmar: true });
    expect(despues.firmas[0].certificado.revocacion.estado).toBe("no_revocado");
    expect(despues.firmas[0].certificado.revocacion.revocadoEl).not.toBeNull();
  });

  it("untrusted CA: the chain reaches no anchor", async () => {
    const r = await respuesta(await firmarPdf(original, pki.ajeno, { fecha: junio }));
    expect(r.firmas[0].certificado).toMatchObject({ cadena: "no_confiable", validoAlFirmar: false });
    expect(r.documento.firmadoPorAutorizados).toBe(false);
  });

  it("joint rule: two signers, one not authorised → refused; one signer twice is one signer", async () => {
    const regla = await t.as("configuracion", {
      method: "POST",
      url: `${BASE}/FirmaConjunta`,
      payload: { idInstitucion: inst, idFirma: FIRMA, minimo: 2 },
    });
    expect(regla.json().success).toBe(true);
    try {
      const una = await firmarPdf(original, pki.funcionario, { fecha: junio });
      const dos = await firmarPdf(una, pki.otro, { fecha: junio });
      const r = await respuesta(dos);
      expect(r.firmas.map((f: { aceptada: boolean }) => f.aceptada)).toEqual([true, false]);
      expect(r.firmas[0].integridad.cambiosPosteriores).toBe("firmas");
      expect(r.documento).toMatchObject({
        firmadoPorAutorizados: false,
        firmantesRequeridos: 2,
        firmantesAutorizados: 1,
      });
      expect(r.documento.motivos).toContain(MSG.documentoConjunta(2, 1));
      const dosVeces = await respuesta(await firmarPdf(una, pki.funcionario, { fecha: junio }));
      expect(dosVeces.firmas.every((f: { aceptada: boolean }) => f.aceptada)).toBe(true);
      expect(dosVeces.documento).toMatchObject({ firmadoPorAutorizados: false, firmantesAutorizados: 1 });
      // One authorised signer alone is not enough under the rule (it is without it: below).
      expect((await respuesta(una)).documento.motivos).toEqual([MSG.documentoConjunta(2, 1)]);
      expect((await respuesta(una, { TipoFirmaId: undefined })).documento.firmantesRequeridos).toBe(2);
    } finally {
      await t.as("configuracion", { method: "DELETE", url: `${BASE}/FirmaConjunta/${inst}/${FIRMA}` });
    }
    const sinRegla = await respuesta(await firmarPdf(original, pki.funcionario, { fecha: junio }));
    expect(sinRegla.documento).toMatchObject({ firmadoPorAutorizados: true, firmantesRequeridos: null });
  });

  it("a timestamped signature is judged at the timestamp's time, not the claimed one", async () => {
    const sello = { tsa: pki.tsa, fecha: new Date("2026-05-01T15:00:00Z") };
    const pdf = await firmarPdf(original, pki.funcionario, { fecha: new Date("2023-01-01T10:00:00Z"), sello });
    const r = await respuesta(pdf);
    expect(r.firmas[0].momento).toMatchObject({ fuente: "sello_de_tiempo", fecha: "2026-05-01T15:00:00.000Z" });
    expect(r.firmas[0].registro).toMatchObject({ fecha: "2026-05-01", autorizado: true });
    expect(r.documento.firmadoPorAutorizados).toBe(true);
  });

  it("a detached CMS (.p7s) with the document it signs", async () => {
    const datos = Buffer.from("Contrato 2026-17: suministro de papel.");
    const p7s = await firmarCms(datos, pki.funcionario, { horaFirma: junio });
    const r = await respuesta(datos, {}, p7s);
    expect(r.tipo).toBe("cms");
    expect(r.firmas[0]).toMatchObject({ campo: null, aceptada: true });
    const otro = await respuesta(Buffer.from("Otro contrato."), {}, p7s);
    expect(otro.firmas[0].integridad.intacta).toBe(false);
  });
});

describe("access", () => {
  it("401 without a session, 403 without the Verificar firma views", async () => {
    const pdf = await firmarPdf(original, pki.funcionario, { fecha: junio });
    expect((await verificar(pdf, {}, null)).statusCode).toBe(401);
    expect((await verificar(pdf, {}, "originador")).statusCode).toBe(403);
    expect((await verificar(pdf, {}, "configuracion")).statusCode).toBe(403);
    expect((await verificar(pdf, {}, "verificador")).statusCode).toBe(200);
  });

  it("a system key with the scope verificacion answers; one without it gets 403", async () => {
    const clave = async (alcances: string[]) =>
      (
        await t.as("configuracion", {
          method: "POST",
          url: "/api/ClavesSistema",
          payload: { nombre: `Banco ${alcances.join()}`, alcances },
        })
      ).json().clave as string;
    const pdf = await firmarPdf(original, pki.funcionario, { fecha: junio });
    const llamar = (k: string) => {
      const m = multipart({ InstitucionId: inst }, { Archivo: { nombre: "d.pdf", contenido: pdf } });
      return t.app.inject({
        method: "POST",
        url: "/api/Verificacion/Documento",
        payload: m.payload,
        headers: { ...m.headers, "x-api-key": k },
      });
    };
    const con = await llamar(await clave(["verificacion"]));
    expect(con.statusCode, con.body).toBe(200);
    expect(con.json().documento.firmadoPorAutorizados).toBe(true);
    expect((await llamar(await clave(["verificacion-lote"]))).statusCode).toBe(403);
  });
});

describe("OpenAPI", () => {
  it("describes the call for sessions and system keys, its multipart form and its answer", async () => {
    const doc = (await t.as(null, { method: "GET", url: "/api/openapi.json" })).json();
    const op = doc.paths["/api/Verificacion/Documento"].post;
    expect(op.security).toEqual([{ sesion: [] }, { claveSistema: [] }]);
    expect(op.description).toContain("InstitucionId");
    const esquema = op.responses["200"].content["application/json"].schema;
    expect(esquema.required).toEqual(expect.arrayContaining(["firmas", "documento", "verificadoEl", "codigo"]));
    expect(doc.paths["/api/Verificacion/InformeDocumento/{codigo}"].get).toBeDefined();
    expect(doc.paths["/api/Configuracion/AutoridadesConfianza/Ancla"].post).toBeDefined();
  });
});

describe("bad input: a Spanish 400 on the field, never a 500", () => {
  it.each([
    ["no file", null, {}, "Archivo", MSG.documentoArchivoRequerido],
    ["no institution", "pdf", { InstitucionId: "" }, "InstitucionId", MSG.requerido],
    ["an unknown institution", "pdf", { InstitucionId: 999999 }, "InstitucionId", MSG.institucionNoExiste],
    ["an unknown signature", "pdf", { TipoFirmaId: 999999 }, "TipoFirmaId", MSG.firmaNoExiste],
    ["a negative amount", "pdf", { Monto: "-5" }, "Monto", MSG.montoNegativo],
    ["not a PDF", "texto", {}, "Archivo", MSG.documentoFirmadoNoPdf],
    ["a PDF with no signature", "sinFirma", {}, "Archivo", MSG.documentoFirmadoSinFirmas],
  ])("%s", async (_, cual, campos, campo, mensaje) => {
    const archivos: Record<string, Buffer | null> = {
      pdf: await firmarPdf(original, pki.funcionario, { fecha: junio }),
      texto: Buffer.from("hola, no soy un PDF"),
      sinFirma: original,
    };
    const r = await verificar(cual === null ? null : archivos[cual], campos as Campos);
    expect(r.statusCode, r.body).toBe(400);
    expect(r.json().message).toBe(MSG.datosInvalidos);
    expect(r.json().errors[campo]).toContain(mensaje);
  });

  it("a file over the documented limit (25 MB) → 400 on Archivo", async () => {
    const grande = Buffer.concat([Buffer.from("%PDF-1.7\n"), Buffer.alloc(LIMITE_DOCUMENTO_FIRMADO_BYTES)]);
    const r = await verificar(grande);
    expect(r.statusCode, r.body.slice(0, 300)).toBe(400);
    expect(r.json().errors.Archivo).toHaveLength(1);
  });

  it("a malformed CMS → 400 on Firma", async () => {
    const r = await verificar(Buffer.from("documento"), {}, "consultor", Buffer.from("no es CMS"));
    expect(r.statusCode, r.body).toBe(400);
    expect(r.json().errors.Firma).toEqual([MSG.documentoFirmadoCmsIlegible]);
  });
});
