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
    ): { execute(): Promise<unknown> };
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
