/**
 * db/schema.ts against the migrated database: every table the migrations create is declared, with
 * the same columns, types and nullability, and nothing is declared that the migrations do not
 * create. The migrations are hand-written, so this is what keeps the two in step.
 */
import { is, sql } from "drizzle-orm";
import { getTableConfig, PgTable } from "drizzle-orm/pg-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as schema from "../../src/db/schema.js";
import { crearTestApp, type TestApp } from "../support/app.js";

let t: TestApp;
beforeAll(async () => {
  t = await crearTestApp();
});
afterAll(() => t?.close());

/** One spelling for a column type, from drizzle's SQL type or PostgreSQL's catalogue. */
function tipo(texto: string): string {
  const lista = texto.endsWith("[]") ? "[]" : "";
  const base = texto
    .toLowerCase()
    .replace(/\(.*\)/, "")
    .replace(/\[\]$/, "");
  const alias: Record<string, string> = {
    serial: "integer",
    int4: "integer",
    bigserial: "bigint",
    int8: "bigint",
    int2: "smallint",
    bool: "boolean",
    "character varying": "varchar",
    timestamptz: "timestamp with time zone",
  };
  return (alias[base] ?? base) + lista;
}

describe("db/schema.ts and the migrated database", () => {
  it("declare the same tables, columns, types and nullability", async () => {
    const filas = (
      (await t.db.execute(sql`
        select c.table_name as tabla, c.column_name as columna, c.is_nullable = 'YES' as nula,
          case when c.data_type = 'USER-DEFINED' then c.udt_name
            when c.data_type = 'ARRAY' then substr(c.udt_name, 2) || '[]' else c.data_type end as tipo
        from information_schema.columns c
        join information_schema.tables tb on tb.table_schema = c.table_schema and tb.table_name = c.table_name
        where c.table_schema = 'public' and tb.table_type = 'BASE TABLE'
        order by 1, 2`)) as unknown as { rows: { tabla: string; columna: string; nula: boolean; tipo: string }[] }
    ).rows;
    const base = new Map<string, string[]>();
    for (const f of filas) {
      const lista = base.get(f.tabla) ?? [];
      lista.push(`${f.columna} ${tipo(f.tipo)}${f.nula ? "" : " not null"}`);
      base.set(f.tabla, lista);
    }
    const declarado = new Map<string, string[]>();
    for (const valor of Object.values(schema)) {
      if (!is(valor, PgTable)) continue;
      const { name, columns } = getTableConfig(valor);
      declarado.set(
        name,
        columns
          .map((c) => `${c.name} ${tipo(c.getSQLType())}${c.notNull ? " not null" : ""}`)
          .sort((a, b) => (a < b ? -1 : 1)),
      );
    }
    const orden = (m: Map<string, string[]>) =>
      Object.fromEntries([...m.entries()].sort(([a], [b]) => (a < b ? -1 : 1)).map(([k, v]) => [k, [...v].sort()]));
    expect(orden(declarado)).toEqual(orden(base));
  });
});
