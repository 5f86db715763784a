/**
 * The validation report of "Verificar documento": GET api/Verificacion/Documento/Informe/{codigo}
 * answers a PDF sealed like the constancia (pdfsig: valid) whose text (pdftotext) holds every finding
 * and the time of the check, the same bytes on every download; the public look-up of the code shows
 * the recorded verdict; unknown and malformed codes get one 404.
 */
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { MSG } from "@registro/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { crearTestApp, type TestApp } from "../support/app.js";
import { idInstitucionDe } from "../support/factories.js";
import { multipart } from "../support/formularios.js";
import { firmarPdf, pdfPrueba } from "../support/pdf-firmado.js";
import { CEDULA_FUNCIONARIO, crearPki, type Pki } from "../support/pki.js";
import { registrarFirmante } from "./registro-firmantes.js";

let t: TestApp;
let pki: Pki;
let inst: number;
let dir: string;

function herramienta(cmd: string, args: string[], pdf: Buffer, nombre: string): string {
  const archivo = path.join(dir, nombre);
  fs.writeFileSync(archivo, pdf);
  const r = spawnSync(cmd, [...args, archivo, ...(cmd === "pdftotext" ? ["-"] : [])], { encoding: "utf8" });
  return `${r.stdout}${r.stderr}`;
}

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "informe-"));
  t = await crearTestApp({ PUBLIC_URL: "https://firmas.example.gob.do" });
  pki = await crearPki();
  inst = await idInstitucionDe(t.db, "originador");
  const m = multipart({}, { Archivo: { nombre: "raiz.der", contenido: pki.raiz.der } });
  await t.as("configuracion", { method: "POST", url: "/api/Configuracion/AutoridadesConfianza/Ancla", ...m });
  await registrarFirmante(t, {
    cedula: "001-1234567-8",
    nombres: "María",
    idInstitucion: inst,
    desde: new Date("2025-01-01T12:00:00Z"),
  });
});
afterAll(async () => {
  fs.rmSync(dir, { recursive: true, force: true });
  await t?.close();
});

describe("the validation report", () => {
  it("a sealed PDF with every finding; the same file again; the public page's look-up", async () => {
    const firmado = await firmarPdf(await pdfPrueba(), pki.funcionario, { fecha: new Date("2026-06-01T10:00:00Z") });
    const dos = await firmarPdf(firmado, pki.ajeno, { fecha: new Date("2026-06-02T10:00:00Z") });
    const m = multipart({ InstitucionId: inst, Monto: "1500" }, { Archivo: { nombre: "d.pdf", contenido: dos } });
    const r = await t.as("consultor", { method: "POST", url: "/api/Verificacion/Documento", ...m });
    expect(r.statusCode, r.body).toBe(200);
    const { codigo, documento } = r.json();
    expect(documento.firmadoPorAutorizados).toBe(false);

    const url = `/api/Verificacion/Documento/Informe/${codigo}`;
    const res = await t.as("consultor", { method: "GET", url });
    expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
    expect(res.headers["content-type"]).toBe("application/pdf");
    const pdf = res.rawPayload;
    expect(herramienta("pdfsig", [], pdf, "i.pdf")).toContain("Signature is Valid");
    const texto = herramienta("pdftotext", ["-layout"], pdf, "i2.pdf").replace(/\s+/g, " ");
    for (const s of [
      "Informe de validación de documento firmado",
      MSG.documentoNoFirmadoPorAutorizados,
      "Firma 1",
      "Firma 2",
      "Firma aceptada",
      "Firma no aceptada",
      CEDULA_FUNCIONARIO.slice(0, 3),
      "María Firmante",
      MSG.verificacionAutorizado,
      MSG.textoIntegra,
      MSG.cadenaConfiable,
      MSG.cadenaNoConfiable,
      "1,500.00",
      codigo,
      "https://firmas.example.gob.do/Verificar/",
    ])
      expect(texto, s).toContain(s);
    expect(texto).toMatch(/Verificación realizada el: \d\d\/\d\d\/\d{4} \d\d:\d\d/);
    // The same file on every download (the public upload check compares bytes).
    expect((await t.as("consultor", { method: "GET", url })).rawPayload.equals(pdf)).toBe(true);
    expect((await t.as("originador", { method: "GET", url })).statusCode).toBe(403);

    const publico = await t.app.inject({ method: "GET", url: `/api/Verificacion/InformeDocumento/${codigo}` });
    expect(publico.json()).toMatchObject({
      autentico: true,
      codigo,
      firmadoPorAutorizados: false,
      texto: MSG.documentoNoFirmadoPorAutorizados,
    });
    expect(publico.json().firmas.map((f: { aceptada: boolean }) => f.aceptada)).toEqual([true, false]);
  });

  it("the public upload check knows the report's file, and a changed copy is not it", async () => {
    const firmado = await firmarPdf(await pdfPrueba(), pki.funcionario, { fecha: new Date("2026-06-01T10:00:00Z") });
    const m = multipart({ InstitucionId: inst }, { Archivo: { nombre: "d.pdf", contenido: firmado } });
    const { codigo } = (await t.as("consultor", { method: "POST", url: "/api/Verificacion/Documento", ...m })).json();
    const pdf = (await t.as("consultor", { method: "GET", url: `/api/Verificacion/Documento/Informe/${codigo}` }))
      .rawPayload;
    const comprobar = (contenido: Buffer) => {
      const c = multipart({}, { Archivo: { nombre: "informe.pdf", contenido, tipo: "application/pdf" } });
      return t.app.inject({ method: "POST", url: "/api/Verificacion/ComprobarConstancia", ...c });
    };
    const bueno = (await comprobar(pdf)).json();
    expect(bueno).toMatchObject({ selloValido: true, veredicto: "informe", codigo });
    expect(bueno.veredictoTexto).toContain(codigo);
    const otro = Buffer.from(pdf);
    otro.write("X", otro.indexOf("/Title"), "latin1");
    expect((await comprobar(otro)).json().veredicto).not.toBe("informe");
  });

  it("one 404 for unknown and malformed codes", async () => {
    for (const c of ["AAAA-AAAA-AAAA-AAAA-AAAA", "no-es-un-codigo"]) {
      const p = await t.app.inject({ method: "GET", url: `/api/Verificacion/InformeDocumento/${c}` });
      expect(p.statusCode).toBe(404);
      expect(p.json().message).toBe(MSG.informeDocumentoNoEncontrado);
      expect(
        (await t.as("consultor", { method: "GET", url: `/api/Verificacion/Documento/Informe/${c}` })).statusCode,
      ).toBe(404);
    }
  });
});
