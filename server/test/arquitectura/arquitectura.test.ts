/**
 * The layout rules that keep server/src easy to change, checked by Biome with the repository's own
 * configuration (biome.json): no import circle (type-only imports included: `AppDeps` once made a
 * 15-file circle through app.ts), and no read of the current time outside shared/tiempo.ts. Each
 * rule is also shown to catch a planted offence, so a configuration that stopped checking fails here.
 */
import { execFile } from "node:child_process";
import fs from "node:fs";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { afterAll, describe, expect, it } from "vitest";

const raiz = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../..");
const biome = createRequire(import.meta.url).resolve("@biomejs/biome/bin/biome");

interface Resultado {
  codigo: number;
  diagnosticos: { category: string; path: string }[];
}

/** `biome lint` with only the given rule (or the plugins), as JSON diagnostics. */
async function lint(cwd: string, args: string[]): Promise<Resultado> {
  const r = await promisify(execFile)(
    process.execPath,
    [biome, "lint", "--reporter=json", "--max-diagnostics=none", ...args],
    {
      cwd,
      maxBuffer: 32 * 1024 * 1024,
    },
  ).then(
    (ok) => ({ codigo: 0, stdout: ok.stdout }),
    (e: { code: number; stdout: string }) => ({ codigo: e.code, stdout: e.stdout }),
  );
  const json = JSON.parse(r.stdout) as { diagnostics: { category: string; location: { path: string } }[] };
  return {
    codigo: r.codigo,
    diagnosticos: json.diagnostics.map((d) => ({ category: d.category, path: d.location.path })),
  };
}

const CICLOS = "--only=suspicious/noImportCycles";

/** A throw-away project with the repository's biome.json and the given files. */
const temporales: string[] = [];
function proyecto(archivos: Record<string, string>): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "arquitectura-"));
  temporales.push(dir);
  const config = JSON.parse(fs.readFileSync(path.join(raiz, "biome.json"), "utf8"));
  delete config.$schema;
  delete config.vcs;
  fs.writeFileSync(path.join(dir, "biome.json"), JSON.stringify(config));
  fs.cpSync(path.join(raiz, "biome"), path.join(dir, "biome"), { recursive: true });
  for (const [nombre, texto] of Object.entries(archivos)) {
    fs.mkdirSync(path.dirname(path.join(dir, nombre)), { recursive: true });
    fs.writeFileSync(path.join(dir, nombre), texto);
  }
  return dir;
}
afterAll(() => {
  for (const dir of temporales) fs.rmSync(dir, { recursive: true, force: true });
});

describe("import circles", () => {
  it("server/src has no import circle, type-only imports included", { timeout: 90_000 }, async () => {
    const r = await lint(raiz, [CICLOS, "server/src"]);
    expect(r.diagnosticos).toEqual([]);
    expect(r.codigo).toBe(0);
  });

  it("a circle made only of type imports is caught", async () => {
    const dir = proyecto({
      "server/src/app.ts": 'import type { Rutas } from "./rutas.js";\nexport type App = { rutas: Rutas };\n',
      "server/src/rutas.ts": 'import type { App } from "./app.js";\nexport type Rutas = (app: App) => void;\n',
    });
    const r = await lint(dir, [CICLOS, "server/src"]);
    expect(r.codigo).not.toBe(0);
    expect(r.diagnosticos.map((d) => d.path).sort()).toEqual(["server/src/app.ts", "server/src/rutas.ts"]);
  });
});

describe("one clock", () => {
  it("nothing in server/src constructs the current instant but shared/tiempo.ts", { timeout: 90_000 }, async () => {
    const r = await lint(raiz, ["--only=plugin", "server/src"]);
    expect(r.diagnosticos).toEqual([]);
    expect(r.codigo).toBe(0);
  });

  it("new Date() and Date.now() elsewhere are refused; converting a given value, elapsed time, and tiempo.ts itself, are not", async () => {
    const dir = proyecto({
      "server/src/shared/tiempo.ts": "export const reloj = () => new Date();\nexport const ms = () => Date.now();\n",
      "server/src/auth/sesion.ts": "export const vence = (ms: number) => Date.now() > ms;\n",
      "server/src/shared/espera.ts": "export const t0 = performance.now();\n",
      "server/src/avisos/tareas.ts": 'export const hoy = new Date();\nexport const dia = new Date("2026-11-26");\n',
      "server/src/tablero/ahora.ts": "export const ahora = new Date;\n",
      "server/src/verificacion/fecha.ts": "export const f = (ms: number) => new Date(ms);\n",
    });
    const r = await lint(dir, ["--only=plugin", "server/src"]);
    expect(r.codigo).not.toBe(0);
    expect(r.diagnosticos.map((d) => d.path).sort()).toEqual([
      "server/src/auth/sesion.ts",
      "server/src/avisos/tareas.ts",
      "server/src/tablero/ahora.ts",
    ]);
  });
});

describe("the entrance", () => {
  /** Every routes file under server/src. */
  const rutas = (dir: string): string[] =>
    fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
      const ruta = path.join(dir, e.name);
      if (e.isDirectory()) return rutas(ruta);
      return e.name.endsWith(".routes.ts") || e.name === "routes.ts" ? [ruta] : [];
    });

  it("every routes plugin takes AppDeps from deps.ts, and none imports app.ts", () => {
    const archivos = rutas(path.join(raiz, "server/src"));
    expect(archivos.length).toBeGreaterThan(20);
    const fuera: string[] = [];
    for (const archivo of archivos) {
      const texto = fs.readFileSync(archivo, "utf8");
      const nombre = path.relative(raiz, archivo);
      if (/from\s+["'](\.\.?\/)+app\.js["']/.test(texto)) fuera.push(`${nombre}: imports app.ts`);
      if (!/from\s+["'](\.\.?\/)+deps\.js["']/.test(texto)) fuera.push(`${nombre}: does not take AppDeps from deps.ts`);
      for (const m of texto.matchAll(/FastifyPluginAsync(?:Zod)?<([^>]*)>/g)) {
        if (!/^AppDeps\b/.test(m[1].trim())) fuera.push(`${nombre}: plugin options ${m[1]}`);
      }
    }
    expect(fuera).toEqual([]);
  });
});

describe("files a reader can hold", () => {
  const LIMITE = 300;
  /** The words that open the reason a longer file gives in its header comment. */
  const RAZON = /Longer than 300 lines:/;

  /** Source files (tests aside) under a folder. */
  const fuentes = (dir: string): string[] =>
    fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
      const ruta = path.join(dir, e.name);
      if (e.isDirectory()) return e.name === "node_modules" ? [] : fuentes(ruta);
      return /\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) ? [ruta] : [];
    });

  /** A file over the limit whose header comment (the comment before its first statement) gives no reason. */
  function sinRazon(texto: string): boolean {
    if (texto.split("\n").length - (texto.endsWith("\n") ? 1 : 0) <= LIMITE) return false;
    const cabecera = /^\s*\/\*\*?([\s\S]*?)\*\//.exec(texto)?.[1] ?? "";
    return !RAZON.test(cabecera);
  }

  it("no web, server or contracts source file is over 300 lines without the reason at its top", () => {
    const archivos = ["web/src", "server/src", "contracts/src"].flatMap((d) => fuentes(path.join(raiz, d)));
    expect(archivos.length).toBeGreaterThan(200);
    const largos = archivos.filter((a) => sinRazon(fs.readFileSync(a, "utf8"))).map((a) => path.relative(raiz, a));
    expect(largos).toEqual([]);
  });

  it("the rule counts lines and reads the reason only in the header comment", () => {
    const cuerpo = (n: number) => Array.from({ length: n }, (_, i) => `export const v${i} = ${i};`).join("\n");
    expect(sinRazon(`/** Short. */\n${cuerpo(299)}\n`)).toBe(false);
    expect(sinRazon(`/** Long, no reason. */\n${cuerpo(300)}\n`)).toBe(true);
    expect(sinRazon(`/**\n * Long.\n * Longer than 300 lines: one table read whole.\n */\n${cuerpo(400)}\n`)).toBe(
      false,
    );
    expect(sinRazon(`/** Long. */\n${cuerpo(400)}\n// Longer than 300 lines: too late, not at the top.\n`)).toBe(true);
  });
});
