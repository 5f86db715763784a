/**
 * Rows of hand-written SQL, shared by the repositories that write their own queries: the rows of a
 * query on either driver, the same as a named prepared statement, and a row count written into the
 * text.
 */
import { createHash } from "node:crypto";
import { type SQL, sql } from "drizzle-orm";
import type { Tx } from "./client.js";

/** Rows of a raw query, on either driver (pg and PGlite both answer `{ rows }`). */
export async function filas<T>(tx: Tx, consulta: SQL): Promise<T[]> {
  const r = (await tx.execute(consulta)) as unknown as { rows: T[] };
  return r.rows;
}

/**
 * A page's size or position written into the text: the planner sizes a walk by it, in a prepared
 * statement too (a parameter there would be planned as "10% of the rows").
 */
export function entero(n: number): SQL {
  if (!Number.isSafeInteger(n) || n < 0) throw new Error(`not a row count: ${n}`);
  return sql.raw(String(n));
}

/** Drizzle's internals reused here: a query's text and parameters, and a named statement. */
interface Internos {
  dialect: { sqlToQuery(q: SQL): { sql: string; params: unknown[] } };
  session: {
    prepareQuery(
      q: { sql: string; params: unknown[] },
      fields: undefined,
      name: string | undefined,
      arrayMode: false,
    ): { execute(valores?: Record<string, unknown>): Promise<unknown> };
  };
}

/** Built queries by their inputs: the same inputs build the same text and parameters. */
const construidas = new Map<string, { sql: string; params: unknown[]; nombre: string }>();
const MAX_CONSTRUIDAS = 500;

/**
 * Rows of a query built once for the same inputs (`clave`; building the text is a tenth of a
 * short call's CPU), and with `nombrada`, run as a named prepared statement on PostgreSQL: each
 * connection parses and plans that text once (PGlite ignores the name).
 */
export async function filasPreparadas<T>(tx: Tx, clave: string, construir: () => SQL, nombrada: boolean): Promise<T[]> {
  const d = tx as unknown as Internos;
  let q = construidas.get(clave);
  if (!q) {
    const { sql: texto, params } = d.dialect.sqlToQuery(construir());
    q = { sql: texto, params, nombre: `rf_bandeja_${createHash("sha1").update(texto).digest("hex").slice(0, 20)}` };
    if (construidas.size >= MAX_CONSTRUIDAS) construidas.delete(construidas.keys().next().value as string);
    construidas.set(clave, q);
  }
  const r = (await d.session
    .prepareQuery({ sql: q.sql, params: q.params }, undefined, nombrada ? q.nombre : undefined, false)
    .execute()) as { rows: T[] };
  return r.rows;
}

/** Queries built once by their shape, with `sql.placeholder`s for their values (`filasConMarcadores`). */
const conMarcadores = new Map<string, { sql: string; params: unknown[]; nombre: string }>();

/**
 * Rows of a query built once for its shape (`clave`: a few shapes, never per value), its
 * `sql.placeholder`s filled with `valores` on each run, as a named prepared statement on
 * PostgreSQL (PGlite ignores the name): a call's statement neither built nor parsed again.
 */
export async function filasConMarcadores<T>(
  tx: Tx,
  clave: string,
  construir: () => SQL,
  valores: Record<string, unknown>,
): Promise<T[]> {
  const d = tx as unknown as Internos;
  let q = conMarcadores.get(clave);
  if (!q) {
    const { sql: texto, params } = d.dialect.sqlToQuery(construir());
    q = { sql: texto, params, nombre: `rf_marcas_${createHash("sha1").update(texto).digest("hex").slice(0, 20)}` };
    conMarcadores.set(clave, q);
  }
  const r = (await d.session
    .prepareQuery({ sql: q.sql, params: q.params }, undefined, q.nombre, false)
    .execute(valores)) as { rows: T[] };
  return r.rows;
}

/**
 * Rows of a query run as a named prepared statement on PostgreSQL, its name the hash of its text:
 * a query run many times with other parameters (an export's batches) is parsed once per
 * connection, and after a few runs planned once (PGlite ignores the name).
 */
export async function filasNombradas<T>(tx: Tx, consulta: SQL): Promise<T[]> {
  const d = tx as unknown as Internos;
  const { sql: texto, params } = d.dialect.sqlToQuery(consulta);
  const nombre = `rf_lote_${createHash("sha1").update(texto).digest("hex").slice(0, 20)}`;
  const r = (await d.session.prepareQuery({ sql: texto, params }, undefined, nombre, false).execute()) as { rows: T[] };
  return r.rows;
}

/** Rows as arrays of the texts PostgreSQL sends, with the columns' names (`filasTexto`). */
export interface FilasTexto {
  campos: string[];
  filas: (string | null)[][];
}

/** pg: every value as the text PostgreSQL sent (no Dates, numbers or booleans parsed). */
const SIN_CONVERTIR = { getTypeParser: () => (v: string) => v };
/** PGlite: the same, for the types whose text it would otherwise parse. */
const TEXTO_PGLITE = Object.fromEntries(
  [16, 20, 21, 23, 26, 114, 700, 701, 1082, 1114, 1184, 1700, 3802].map((oid) => [oid, (v: string) => v]),
);

interface ClienteCrudo {
  query(...args: unknown[]): Promise<{ rows: unknown[][]; fields: { name: string }[] }>;
  /** PGlite and its transactions have it; pg's pool and clients do not (pg is not loaded on PGlite). */
  exec?: unknown;
}

/**
 * Rows of a query as arrays of texts, as PostgreSQL writes them (booleans `t`/`f`, instants in ISO
 * style with their offset), run as a named prepared statement on PostgreSQL: the fewest objects a
 * row can be read into (an export of a million rows reads no Date, no number and no object per
 * row), one array per row and one string per value.
 */
export async function filasTexto(tx: Tx, consulta: SQL): Promise<FilasTexto> {
  const d = tx as unknown as Internos & { session: { client: ClienteCrudo } };
  const { sql: texto, params } = d.dialect.sqlToQuery(consulta);
  const cliente = d.session.client;
  const r =
    typeof cliente.exec !== "function"
      ? await cliente.query({
          name: `rf_texto_${createHash("sha1").update(texto).digest("hex").slice(0, 20)}`,
          text: texto,
          values: params,
          rowMode: "array",
          types: SIN_CONVERTIR,
        })
      : await cliente.query(texto, params, { rowMode: "array", parsers: TEXTO_PGLITE });
  return { campos: r.fields.map((f) => f.name), filas: r.rows as (string | null)[][] };
}
