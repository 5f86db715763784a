/**
 * The public upload check of a constancia (POST api/Verificacion/ComprobarConstancia) gives one
 * verdict. An older constancia of a request, uploaded on the page of a newer code, is recognised
 * by its digest: the answer names its own code and date, says it is not the latest constancia of
 * its request (and which code is, when the page's code is that one) and lists the officials it
 * names who are no longer authorised today. A byte changed in the signature's unsigned padding
 * (the zeros after the CMS in /Contents) leaves a signature that verifies but a file that is not
 * the one issued: the answer is that, once, never "sello válido" beside it.
 */
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { MSG } from "@registro/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { crearTestApp, type TestApp } from "../support/app.js";
import { crearSolicitud } from "../support/factories.js";
import { multipart } from "../support/formularios.js";
import { accion } from "../support/revision.js";

let dir: string;
let t: TestApp;
let idSolicitud: number;
let funcionarios: number[];

async function emitir(): Promise<{ pdf: Buffer; codigo: string }> {
  const res = await t.as("originador", { method: "GET", url: `/api/Verificacion/GetConstancia/${idSolicitud}` });
  expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
  const pdf = res.rawPayload;
  const codigo = /\/Verificar\/([0-9A-Z-]{24})/.exec(pdf.toString("latin1"))?.[1] ?? "";
  expect(codigo).not.toBe("");
  return { pdf, codigo };
}

function comprobar(contenido: Buffer, codigoPagina?: string) {
  const cuerpo = multipart(codigoPagina ? { Codigo: codigoPagina } : {}, {
    Archivo: { nombre: "constancia.pdf", contenido, tipo: "application/pdf" },
  });
  return t.app.inject({
    method: "POST",
    url: "/api/Verificacion/ComprobarConstancia",
    payload: cuerpo.payload,
    headers: cuerpo.headers,
  });
}

function pdfsig(pdf: Buffer, nombre: string): string {
  const archivo = path.join(dir, nombre);
  fs.writeFileSync(archivo, pdf);
  const r = spawnSync("pdfsig", [archivo], { encoding: "utf8" });
  return `${r.stdout}${r.stderr}`;
}

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "rf-comprobar-"));
  t = await crearTestApp({ PUBLIC_URL: "https://firmas.example.gob.do", DATA_DIR: path.join(dir, "datos") });
  const s = await crearSolicitud(t.db, {
    estatus: 105,
    funcionarios: 2,
    estatusFuncionarios: 1,
    decididoJuridico: true,
  });
  expect((await accion(t, "administrador", "AprobarAdminRcc", s.idSolicitud)).json().success).toBe(true);
  idSolicitud = s.idSolicitud;
  funcionarios = s.funcionarios;
});
afterAll(async () => {
  await t.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe("an older constancia uploaded on the page of a newer code", () => {
  let vieja: { pdf: Buffer; codigo: string };
  let nueva: { pdf: Buffer; codigo: string };

  beforeAll(async () => {
    vieja = await emitir();
    const r = await t.as("administrador", {
      method: "DELETE",
      url: `/api/Funcionarios/InactivarFuncionario/${funcionarios[0]}`,
    });
    expect(r.json().success, r.body).toBe(true);
    nueva = await emitir();
  });

  it("is named by its own code and date, is not the latest, and lists its official no longer authorised", async () => {
    const res = await comprobar(vieja.pdf, nueva.codigo);
    expect(res.statusCode).toBe(200);
    const r = res.json();
    expect(r).toMatchObject({
      veredicto: "desactualizada",
      codigo: vieja.codigo,
      idSolicitud,
      emitida: expect.stringMatching(/^\d{4}-\d\d-\d\d$/),
      ultima: false,
      ultimaCodigo: nueva.codigo,
      deLaPagina: false,
    });
    expect(r.veredictoTexto).toContain(vieja.codigo);
    expect(r.veredictoTexto).not.toContain("idéntica al archivo emitido");
    expect(r.ultimaTexto).toContain(nueva.codigo);
    expect(r.noAutorizados).toHaveLength(1);
    expect(r.noAutorizados[0]).toMatchObject({
      estado: "inactivada",
      estadoTexto: expect.stringMatching(/^Inactivada el \d\d\/\d\d\/\d{4}$/),
      cedula: expect.stringMatching(/^\*\*\*-\*\*\*\*/),
    });
  });

  it("without the page's code, the latest is named by its date only (its code is not disclosed)", async () => {
    const r = (await comprobar(vieja.pdf)).json();
    expect(r).toMatchObject({ veredicto: "desactualizada", ultima: false, ultimaCodigo: null, deLaPagina: null });
    expect(r.ultimaEmitida).toMatch(/^\d{4}-\d\d-\d\d$/);
    expect(JSON.stringify(r)).not.toContain(nueva.codigo);
  });

  it("the newest constancia, on its own page: the issued file, the latest, every official authorised", async () => {
    const r = (await comprobar(nueva.pdf, nueva.codigo)).json();
    expect(r).toMatchObject({
      veredicto: "emitida",
      selloValido: true,
      emision: "emitida",
      codigo: nueva.codigo,
      ultima: true,
      ultimaCodigo: nueva.codigo,
      deLaPagina: true,
      noAutorizados: [],
    });
    expect(r.veredictoTexto).toContain(nueva.codigo);
  });
});

describe("one verdict for a changed file", () => {
  it("a byte flipped in the signature's unsigned padding: the signature verifies, the file is not the issued one", async () => {
    const { pdf, codigo } = await emitir();
    const texto = pdf.toString("latin1");
    const contenidos = /\/Contents\s*<([0-9a-fA-F]+)>/.exec(texto);
    expect(contenidos).not.toBeNull();
    const hex = contenidos![1];
    const relleno = hex.length - (/(?:00)+$/.exec(hex)?.[0].length ?? 0);
    expect(hex.length - relleno).toBeGreaterThan(100);
    const pos = contenidos!.index + contenidos![0].indexOf("<") + 1 + relleno + 40;
    const alterado = Buffer.from(pdf);
    expect(alterado[pos]).toBe(0x30);
    alterado[pos] = 0x37;
    // A PDF reader still calls the signature valid: the padding is outside what it signs.
    expect(pdfsig(alterado, "relleno.pdf")).toContain("Signature is Valid");

    const r = (await comprobar(alterado, codigo)).json();
    expect(r).toMatchObject({
      veredicto: "distinta",
      veredictoTexto: MSG.veredictoDistinta(codigo),
      selloValido: false,
      sello: "alterado",
      emitidaPorRegistro: false,
      emision: "distinta",
      codigo,
    });
    // The two older texts agree with the verdict: nothing says the seal is valid.
    expect(r.selloTexto).not.toBe(MSG.selloValido);

    // The issued file itself is still "emitida".
    expect((await comprobar(pdf, codigo)).json()).toMatchObject({ veredicto: "emitida", selloValido: true });
  });
});
