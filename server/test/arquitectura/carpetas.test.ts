/**
 * The layout rules read by folder, as a newcomer navigates: no two folders of server/src import
 * each other, every folder → folder arrow runs down the documented order (capas.ts, the same list
 * in docs/ARCHITECTURE.md), one secrets module, and SQL only in repositories. Each rule is shown
 * to catch a planted offence.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { CAPAS, contraElOrden, flechas, fuentes, importaciones, lazosDobles } from "./capas.js";

const raiz = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../..");
const src = path.join(raiz, "server/src");

const temporales: string[] = [];
/** A throw-away source tree with the given files. */
function arbol(archivos: Record<string, string>): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "carpetas-"));
  temporales.push(dir);
  for (const [nombre, texto] of Object.entries(archivos)) {
    fs.mkdirSync(path.dirname(path.join(dir, nombre)), { recursive: true });
    fs.writeFileSync(path.join(dir, nombre), texto);
  }
  return dir;
}
afterAll(() => {
  for (const dir of temporales) fs.rmSync(dir, { recursive: true, force: true });
});

describe("folders in one order", () => {
  const arcos = flechas(src);

  it("reads the arrows there are (a measurement that found nothing would pass everything)", () => {
    expect(arcos.size).toBeGreaterThan(100);
    expect(arcos.has("solicitudes → llamante")).toBe(true);
    expect(arcos.has("auth → claves")).toBe(true);
  });

  it("no two folders of server/src import each other, type-only imports included", () => {
    expect(lazosDobles(arcos)).toEqual([]);
  });

  it("every arrow runs down the documented order, and every folder and top file has its place", () => {
    expect(contraElOrden(arcos, CAPAS)).toEqual([]);
    const nodos = fs
      .readdirSync(src, { withFileTypes: true })
      .filter((e) => e.isDirectory() || /\.ts$/.test(e.name))
      .map((e) => e.name);
    const colocados = new Set(CAPAS.flat());
    expect(nodos.filter((n) => !colocados.has(n))).toEqual([]);
    expect([...colocados].filter((n) => !nodos.includes(n))).toEqual([]);
  });

  it("docs/ARCHITECTURE.md shows the same order", () => {
    const texto = fs.readFileSync(path.join(raiz, "docs/ARCHITECTURE.md"), "utf8");
    const bloque = /<!-- capas -->\n```\n([\s\S]*?)```/.exec(texto)?.[1] ?? "";
    const escritas = bloque
      .trim()
      .split("\n")
      .map((l) => l.replace(/^\s*\d+\.\s*/, "").split(/,\s*/));
    expect(escritas).toEqual(CAPAS.map((c) => [...c]));
  });

  it("a two-way tie, an arrow up or across, and a folder without a place are caught", () => {
    const dir = arbol({
      // The shape that once tied shared to auth: a type-only import, up the order.
      "shared/alcance.ts": 'import type { SesionUsuario } from "../auth/sesion.js";\nexport type S = SesionUsuario;\n',
      "auth/sesion.ts":
        'import { NoEncontrado } from "../shared/errors.js";\nexport interface SesionUsuario { id: number }\n',
      "shared/errors.ts": "export const NoEncontrado = 1;\n",
      // Across one layer, written over several lines and as a re-export.
      "claves/clave.ts": 'export {\n  aviso,\n} from "../avisos/aviso.js";\n',
      "avisos/aviso.ts": "export const aviso = 1;\n",
      // Down the order: allowed.
      "tablero/tablero.ts": 'import { NoEncontrado } from "../shared/errors.js";\nexport const t = NoEncontrado;\n',
      "nueva/nueva.ts": 'const m = await import("../shared/errors.js");\nexport const n = m;\n',
    });
    const a = flechas(dir);
    expect(lazosDobles(a)).toEqual(["auth ↔ shared"]);
    expect(contraElOrden(a, CAPAS)).toEqual([
      "claves → avisos runs across (claves/clave.ts imports ../avisos/aviso.js)",
      "nueva has no place in the order (add it to CAPAS and ARCHITECTURE.md)",
      "shared → auth runs up (shared/alcance.ts imports ../auth/sesion.js)",
    ]);
  });

  it("comments are not imports", () => {
    expect(importaciones('/** from "../a/b.js" */\n// import "../c/d.js"\nimport x from "./e.js";\n')).toEqual([
      "./e.js",
    ]);
  });
});

describe("one secrets module", () => {
  const CIFRADO = /\bcreate(?:Cipheriv|Decipheriv)\b|\bhkdf(?:Sync)?\b/;
  const MODULO = "secretos/secretos.ts";
  /** Sources that encrypt or derive keys, other than the secrets module. */
  const otros = (dir: string) =>
    fuentes(dir)
      .filter((a) => CIFRADO.test(fs.readFileSync(a, "utf8")))
      .map((a) => path.relative(dir, a))
      .filter((a) => a !== MODULO);

  it("only secretos/secretos.ts encrypts or derives keys (createCipheriv, createDecipheriv, hkdf)", () => {
    expect(fs.readFileSync(path.join(src, MODULO), "utf8")).toMatch(CIFRADO);
    expect(otros(src)).toEqual([]);
  });

  it("a second sealing somewhere else is caught", () => {
    const dir = arbol({
      [MODULO]: 'import crypto from "node:crypto";\nexport const c = crypto.createCipheriv;\n',
      "notificaciones/secreto.ts":
        'import crypto from "node:crypto";\nexport const d = (k: Buffer) => crypto.createDecipheriv("aes-256-gcm", k, k);\n',
      "avisos/clave.ts": 'import { hkdfSync } from "node:crypto";\nexport const k = hkdfSync;\n',
      "tablero/tablero.ts": 'import crypto from "node:crypto";\nexport const h = crypto.createHash("sha256");\n',
    });
    expect(otros(dir).sort()).toEqual(["avisos/clave.ts", "notificaciones/secreto.ts"]);
  });
});

describe("SQL only in repositories", () => {
  /** drizzle imported, a statement executed, an SQL template, or a query built on a database or transaction. */
  const SQL =
    /from\s*["']drizzle-orm[^"']*["']|\.execute\(|\bsql`|\b(?:db|tx)\s*\.\s*(?:select|selectDistinct|insert|update|delete)\(/;
  /**
   * Where SQL may live besides `*.repository.ts` and `db/`, each with its reason (paths under
   * server/src; a folder ends with "/").
   */
  const PERMITIDOS: Record<string, string> = {
    "seed/":
      "the seed loaders: catalogues, padrón, demo data and the first administrator, bulk writes run once at start",
    "operacion/respaldo.ts": "backups count, dump and restore every table of one snapshot whatever the schema",
    "solicitudes/bandeja/":
      "the inboxes' query layer: its repository split by concern (SQL per path, filter, search words, batches), each file SQL only",
  };
  const permitido = (rel: string) =>
    rel.endsWith(".repository.ts") ||
    rel.startsWith("db/") ||
    Object.keys(PERMITIDOS).some((p) => (p.endsWith("/") ? rel.startsWith(p) : rel === p));
  /** Sources outside repositories and the allow-list that hold SQL. */
  const fuera = (dir: string) =>
    fuentes(dir)
      .map((a) => path.relative(dir, a).split(path.sep).join("/"))
      .filter((rel) => !permitido(rel) && SQL.test(fs.readFileSync(path.join(dir, rel), "utf8")));

  it("no source outside *.repository.ts, db/ and the short allow-list imports drizzle-orm or runs SQL", () => {
    expect(fuera(src)).toEqual([]);
    for (const p of Object.keys(PERMITIDOS)) expect(fs.existsSync(path.join(src, p)), p).toBe(true);
  });

  it("a service that builds a query, one that runs SQL text, and one importing drizzle are caught", () => {
    const dir = arbol({
      "tablero/tablero.service.ts": "export const f = (tx: Tx) =>\n  tx\n    .select()\n    .from(t);\n",
      "auth/limite.ts": "export const g = (db: Db) => db.execute(texto);\n",
      "avisos/plantillas.ts": 'import { eq } from "drizzle-orm/sql";\nexport const h = eq;\n',
      "shared/idempotencia.ts": "export const q = sql`select 1`;\n",
      "tablero/tablero.repository.ts": 'import { sql } from "drizzle-orm";\nexport const q = sql`select 1`;\n',
      "db/lotes.ts": 'import { sql } from "drizzle-orm";\nexport const q = sql`select 1`;\n',
      "seed/demo.ts": 'import { sql } from "drizzle-orm";\nexport const q = sql`select 1`;\n',
      "tablero/tablero.routes.ts": "export const r = (tx: { metodo: string }) => tx.metodo;\n",
    });
    expect(fuera(dir).sort()).toEqual([
      "auth/limite.ts",
      "avisos/plantillas.ts",
      "shared/idempotencia.ts",
      "tablero/tablero.service.ts",
    ]);
  });
});
