/**
 * The engine's integrity verdicts agree with poppler's pdfsig (/usr/bin/pdfsig, installed for the
 * API tests by scripts/test.mjs) on every signed test file: a signature pdfsig finds valid is intact
 * for the engine and the other way round, and "Total document signed" is cubreTodo.
 */
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { analizarDocumento } from "../../src/documentos-firmados/firma/analizar.js";
import { type Casos, crearCasos, entrada } from "../support/documentos-firmados.js";
import { anadirAnotacion, anadirDss, cambiarContenido, firmarPdf } from "../support/pdf-firmado.js";
import { crearPki, type Pki } from "../support/pki.js";

let pki: Pki;
let archivos: Record<string, Buffer>;
let dir: string;

interface Veredicto {
  intacta: boolean;
  cubreTodo: boolean;
}

/** pdfsig's verdict per signature, in its order (the file's). */
function pdfsig(pdf: Buffer, nombre: string): Veredicto[] {
  const archivo = path.join(dir, `${nombre}.pdf`);
  fs.writeFileSync(archivo, pdf);
  const r = spawnSync("/usr/bin/pdfsig", ["-nocert", archivo], { encoding: "utf8" });
  return `${r.stdout}`
    .split(/^Signature #\d+:$/m)
    .slice(1)
    .map((bloque) => ({
      intacta: bloque.includes("Signature Validation: Signature is Valid."),
      cubreTodo: bloque.includes("Total document signed"),
    }));
}

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "rf-pdfsig-"));
  pki = await crearPki();
  const casos: Casos = await crearCasos(pki);
  archivos = {
    ...casos,
    sombraTrasDosFirmas: cambiarContenido(casos.dosFirmantes),
    anotacionYFirma: await firmarPdf(anadirAnotacion(casos.valida), pki.otro),
    conDss: anadirDss(casos.valida, [pki.crl]),
  };
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe("the engine and pdfsig", () => {
  it("agree on every test file's integrity, signature by signature", async () => {
    expect(fs.existsSync("/usr/bin/pdfsig")).toBe(true);
    const desacuerdos: string[] = [];
    let firmas = 0;
    for (const [nombre, pdf] of Object.entries(archivos)) {
      const suyo = pdfsig(pdf, nombre);
      const nuestro = (await analizarDocumento(entrada(pki, pdf))).firmas.map((f) => ({
        intacta: f.integridad.intacta,
        cubreTodo: f.integridad.cubreTodo,
      }));
      if (JSON.stringify(suyo) !== JSON.stringify(nuestro)) {
        desacuerdos.push(`${nombre}: pdfsig ${JSON.stringify(suyo)} / motor ${JSON.stringify(nuestro)}`);
      }
      firmas += suyo.length;
    }
    expect(desacuerdos).toEqual([]);
    expect(firmas).toBeGreaterThanOrEqual(Object.keys(archivos).length);
  });

  it("see both outcomes among the files: intact and not, whole file and not", async () => {
    const todos = Object.entries(archivos).flatMap(([n, pdf]) => pdfsig(pdf, n));
    expect(new Set(todos.map((v) => v.intacta))).toEqual(new Set([true, false]));
    expect(new Set(todos.map((v) => v.cubreTodo))).toEqual(new Set([true, false]));
  });
});
