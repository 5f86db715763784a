/**
 * The Comprobante de verificación: GET api/Verificacion/Comprobante, with the same question and the
 * same views as Verificar firma, answers a sealed PDF (pdfsig: valid) whose text (pdftotext) holds
 * the question, the answer with its reason, the time and a code; the code's public look-up and the
 * public upload check recognise it like a constancia; a changed byte is "not the issued file".
 */
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { MSG } from "@registro/contracts";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { funcionarios } from "../../src/db/schema.js";
import { enmascararCedula } from "../../src/verificacion/verificacion.mappers.js";
import { crearTestApp, type TestApp } from "../support/app.js";
import { crearSolicitud } from "../support/factories.js";
import { multipart } from "../support/formularios.js";
import { accion } from "../support/revision.js";

let dir: string;
let t: TestApp;
let cedula: string;

function herramienta(cmd: string, args: string[], pdf: Buffer, nombre: string): string {
  const archivo = path.join(dir, nombre);
  fs.writeFileSync(archivo, pdf);
  const r = spawnSync(cmd, [...args, archivo, ...(cmd === "pdftotext" ? ["-"] : [])], { encoding: "utf8" });
  return `${r.stdout}${r.stderr}`;
}

function comprobar(contenido: Buffer) {
  const cuerpo = multipart({}, { Archivo: { nombre: "comprobante.pdf", contenido, tipo: "application/pdf" } });
  return t.app.inject({
    method: "POST",
    url: "/api/Verificacion/ComprobarConstancia",
    payload: cuerpo.payload,
    headers: cuerpo.headers,
  });
}

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "rf-comprobante-"));
  t = await crearTestApp({ PUBLIC_URL: "https://firmas.example.gob.do", DATA_DIR: path.join(dir, "datos") });
  const s = await crearSolicitud(t.db, {
    estatus: 105,
    funcionarios: 1,
    estatusFuncionarios: 1,
    decididoJuridico: true,
  });
  expect((await accion(t, "administrador", "AprobarAdminRcc", s.idSolicitud)).json().success).toBe(true);
  const [f] = await t.db.select().from(funcionarios).where(eq(funcionarios.idFuncionario, s.funcionarios[0]));
  cedula = f.cedula;
});
afterAll(async () => {
  await t.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe("GET api/Verificacion/Comprobante", () => {
  it("the same views as Verificar firma: 401 without a session, 403 for a view without it, 400 for a bad question", async () => {
    const url = `/api/Verificacion/Comprobante?cedula=${encodeURIComponent(cedula)}`;
    expect((await t.app.inject({ method: "GET", url })).statusCode).toBe(401);
    expect((await t.as("originador", { method: "GET", url })).statusCode).toBe(403);
    const mala = await t.as("consultor", { method: "GET", url: "/api/Verificacion/Comprobante?cedula=123" });
    expect(mala.statusCode).toBe(400);
    expect(mala.json().errors.cedula).toBeDefined();
  });

  it("a sealed PDF with the question, the answer, the time and a code the public page and the upload check know", async () => {
    const fecha = new Date().toISOString().slice(0, 10);
    const respuesta = (
      await t.as("consultor", { method: "GET", url: `/api/Verificacion/Firma?cedula=${encodeURIComponent(cedula)}` })
    ).json();
    const res = await t.as("consultor", {
      method: "GET",
      url: `/api/Verificacion/Comprobante?cedula=${encodeURIComponent(cedula)}&monto=1500`,
    });
    expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
    expect(res.headers["content-type"]).toBe("application/pdf");
    expect(res.headers["content-disposition"]).toContain("Comprobante de verificacion");
    const pdf = res.rawPayload;
    expect(herramienta("pdfsig", [], pdf, "c.pdf")).toContain("Signature is Valid");
    const texto = herramienta("pdftotext", ["-layout"], pdf, "c2.pdf");
    expect(texto).toContain("Comprobante de verificación de firma");
    expect(texto).toContain(cedula);
    expect(texto).toContain("1,500.00");
    expect(texto).toContain(respuesta.autorizado ? "Autorizado" : "No autorizado");
    expect(texto.replace(/\s+/g, " ")).toContain(respuesta.motivo);
    expect(texto).toMatch(/Consulta realizada el: \d\d\/\d\d\/\d{4} \d\d:\d\d/);
    const codigo = /([0-9A-HJKMNP-TV-Z]{4}(?:-[0-9A-HJKMNP-TV-Z]{4}){4})/.exec(texto)?.[1];
    expect(codigo).toBeDefined();

    const publico = await t.app.inject({ method: "GET", url: `/api/Verificacion/ComprobanteFirma/${codigo}` });
    expect(publico.json()).toMatchObject({
      autentico: true,
      codigo,
      autorizado: respuesta.autorizado,
      motivo: respuesta.motivo,
      fecha,
      pregunta: expect.stringContaining(`Cédula: ${enmascararCedula(cedula)}`),
    });
    expect(publico.body).not.toContain(cedula);
    const otro = await t.app.inject({
      method: "GET",
      url: "/api/Verificacion/ComprobanteFirma/ABCD-EFGH-JKMN-PQRS-TV12",
    });
    expect(otro.statusCode).toBe(404);
    expect(otro.json().message).toBe(MSG.comprobanteNoEncontrado);

    const r = (await comprobar(pdf)).json();
    expect(r).toMatchObject({ veredicto: "comprobante", selloValido: true, codigo, emitidaPorRegistro: true });
    expect(r.veredictoTexto).toContain(codigo);
    const alterado = Buffer.from(pdf);
    const pos = pdf.toString("latin1").search(/\[<[0-9a-f]{4}/) + 2;
    alterado[pos] = alterado[pos] === 0x34 ? 0x35 : 0x34;
    expect((await comprobar(alterado)).json()).toMatchObject({ veredicto: "distinta", selloValido: false, codigo });
  });
});
