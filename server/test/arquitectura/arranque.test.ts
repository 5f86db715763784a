/**
 * What a start of the server loads. The libraries only some calls need (spreadsheets, Word, PDF,
 * the PAdES seal, WebAuthn) are imported on first use, not by the static import graph of
 * src/main.ts: together they were about 1 s of CPU on every start (each browser-test file and
 * system test starts the server, and a restarted production process pays it before serving).
 * The walk is also shown to tell a static import from a dynamic one on a planted pair of files.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";

const raiz = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../..");

/** Packages loaded only when a call needs them. */
const BAJO_DEMANDA = [
  "exceljs",
  // The .xlsx export's ZIP writer (and compress-commons, archiver-utils under it).
  "zip-stream",
  "docx",
  "pdfkit",
  "qrcode",
  "pkijs",
  "@signpdf/signpdf",
  "@signpdf/placeholder-plain",
  "@signpdf/utils",
  "@simplewebauthn/server",
  // Mail only with SMTP_URL, file types only on an upload (issue 40: a restart to serving in ≤ 3 s).
  "nodemailer",
  "file-type",
  // PostgreSQL's driver only when DATABASE_URL is set (db/client.ts opens it then).
  "pg",
];

/** `import … from "x"`, `import "x"`, `export … from "x"`; not `import type`, not `import("x")`. */
const ESTATICA = /^\s*(?:import|export)\s+(?!type\b)(?:[^;"'`]*?\bfrom\s*)?["']([^"'\n]+)["']/gm;
const PAQUETE = /^(@[a-z0-9][\w.-]*\/)?[a-z0-9][\w.-]*/;

const DINAMICA_RELATIVA = /\bimport\(\s*["'](\.[^"'\n]+)["']\s*\)/g;
const aTs = (desde: string, destino: string) => path.resolve(path.dirname(desde), destino).replace(/\.js$/, ".ts");

/** The packages reached from `entradas` through static imports only (relative files followed). */
function paquetesEstaticos(entradas: string[], alias: Record<string, string> = {}): Set<string> {
  const paquetes = new Set<string>();
  const vistos = new Set<string>();
  const pendientes = [...entradas];
  while (pendientes.length > 0) {
    const archivo = pendientes.pop() as string;
    if (vistos.has(archivo)) continue;
    vistos.add(archivo);
    const texto = fs.readFileSync(archivo, "utf8");
    for (const [, destino] of texto.matchAll(ESTATICA)) {
      if (destino.startsWith(".")) {
        pendientes.push(aTs(archivo, destino));
      } else if (destino in alias) {
        pendientes.push(alias[destino]);
      } else if (!destino.startsWith("node:")) {
        paquetes.add(destino.match(PAQUETE)?.[0] ?? destino);
      }
    }
  }
  return paquetes;
}

const temporales: string[] = [];
afterAll(() => {
  for (const d of temporales) fs.rmSync(d, { recursive: true, force: true });
});

describe("the server's start", () => {
  it("does not load the libraries only some calls need", () => {
    // main.ts imports the app's modules dynamically while the database opens: all at every start.
    const main = path.join(raiz, "server/src/main.ts");
    const alArrancar = [...fs.readFileSync(main, "utf8").matchAll(DINAMICA_RELATIVA)].map(([, d]) => aTs(main, d));
    expect(alArrancar).toContain(path.join(raiz, "server/src/app.ts"));
    const cargados = paquetesEstaticos([main, ...alArrancar], {
      "@registro/contracts": path.join(raiz, "contracts/src/index.ts"),
    });
    // The walk did reach the app: these are loaded at start by design.
    expect([...cargados]).toEqual(expect.arrayContaining(["fastify", "drizzle-orm", "zod", "node-forge"]));
    expect(BAJO_DEMANDA.filter((p) => cargados.has(p))).toEqual([]);
  });

  it("the walk tells a static import from a dynamic one and a type-only one", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "arranque-"));
    temporales.push(dir);
    fs.writeFileSync(
      path.join(dir, "main.ts"),
      'import type { Workbook } from "exceljs";\nimport {\n  generar,\n} from "./hoja.js";\nexport const x = () => import("pdfkit");\n',
    );
    fs.writeFileSync(path.join(dir, "hoja.ts"), 'import QRCode from "qrcode";\nexport * from "docx";\n');
    expect([...paquetesEstaticos([path.join(dir, "main.ts")])].sort()).toEqual(["docx", "qrcode"]);
  });
});
