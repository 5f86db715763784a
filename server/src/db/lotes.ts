/**
 * Reads a long ordered list in batches by keyset pagination: each batch is one statement of its
 * own ("the next `limite` rows after the last one's keys"), so between batches no connection is
 * held and no transaction stays open, however slowly the reader takes them (an export written to
 * a client that reads slowly, or not at all). The list is one or more stretches ("tramos") read in
 * turn, each sorted by keys that all go one way and end with a unique key, so "after" is a row
 * comparison the indexes answer. A list sorted by a small dimension first (a status, an
 * institution) is one stretch per value, each sorted by its own keys.
 *
 * Each batch is a consistent read; the whole is not one snapshot (a row changed between batches
 * may come out as it was or as it is).
 */
import { type SQL, sql } from "drizzle-orm";
import type { Tx } from "./client.js";
import { type FilasTexto, filasNombradas, filasTexto } from "./filas.js";

/** A sort key: its expression and the type its text value is read back as. */
export interface ClaveOrden {
  expr: SQL;
  tipo: "text" | "int" | "timestamptz";
}

export interface Tramo {
  /** What fixes this stretch (a status, an institution); none for a list of one stretch. */
  donde?: SQL;
  /** The sort keys, all one way; the last (or the last ones together) unique. */
  claves: readonly ClaveOrden[];
  desc: boolean;
}

/** Rows as read: the caller's columns plus the keys as text (`k0`, `k1`, …). */
export type ConClaves<T> = T & Record<`k${number}`, string>;

/** `, key0::text as k0, …`: the keys' exact values (a timestamp's microseconds too) to start the next batch after. */
export function columnasClave(t: Tramo): SQL {
  return sql.join(
    t.claves.map((c, i) => sql`, (${c.expr})::text as ${sql.identifier(`k${i}`)}`),
    sql``,
  );
}

/** The rows after `despues` in the stretch's order (a row comparison), or nothing for the first batch. */
export function condicionDespues(t: Tramo, despues: readonly string[] | null): SQL | undefined {
  if (despues === null) return undefined;
  const izquierda = sql.join(
    t.claves.map((c) => sql`${c.expr}`),
    sql`, `,
  );
  const derecha = sql.join(
    t.claves.map((c, i) => sql`${despues[i]}::${sql.raw(c.tipo)}`),
    sql`, `,
  );
  const fila = sql`(${izquierda}) ${sql.raw(t.desc ? "<" : ">")} (${derecha})`;
  if (t.claves.length === 1) return fila;
  // The first key alone, which the row comparison implies: a bound an index on that column (or on
  // a joined table's column) can start from, where the row across tables is only a filter.
  const [primera] = t.claves;
  return sql`${primera.expr} ${sql.raw(t.desc ? "<=" : ">=")} ${despues[0]}::${sql.raw(primera.tipo)} and ${fila}`;
}

/** `order by` the stretch's keys. */
export function ordenTramo(t: Tramo): SQL {
  const dir = sql.raw(t.desc ? "desc" : "asc");
  return sql`order by ${sql.join(
    t.claves.map((c) => sql`${c.expr} ${dir}`),
    sql`, `,
  )}`;
}

/**
 * The stretches' rows in order, `lote` at a time. `consulta` builds one batch: the rows of
 * `tramo` after `despues`, in the stretch's order (`ordenTramo`), at most `limite`, each carrying
 * its keys (`columnasClave`). Each batch runs on whichever pool connection is free and gives it
 * back before the batch is handed on; as a named prepared statement, so that a list of a million
 * rows is not parsed and planned again for every batch.
 */
export async function* porLotes<T>(
  db: Tx,
  tramos: Iterable<Tramo> | AsyncIterable<Tramo>,
  consulta: (tramo: Tramo, despues: readonly string[] | null, limite: number) => SQL,
  lote: number,
): AsyncGenerator<ConClaves<T>[]> {
  for await (const tramo of tramos) {
    let despues: string[] | null = null;
    for (;;) {
      const leidas: ConClaves<T>[] = await filasNombradas<ConClaves<T>>(db, consulta(tramo, despues, lote));
      if (leidas.length === 0) break;
      const ultima = leidas[leidas.length - 1];
      despues = tramo.claves.map((_, i) => ultima[`k${i}`]);
      yield leidas;
      if (leidas.length < lote) break;
    }
  }
}

/**
 * `porLotes` with each batch's rows as arrays of texts (`filasTexto`): for a reader that writes
 * each row out at once (an export), without an object, a Date or a number per row.
 */
export async function* porLotesTexto(
  db: Tx,
  tramos: Iterable<Tramo> | AsyncIterable<Tramo>,
  consulta: (tramo: Tramo, despues: readonly string[] | null, limite: number) => SQL,
  lote: number,
): AsyncGenerator<FilasTexto> {
  for await (const tramo of tramos) {
    let despues: string[] | null = null;
    for (;;) {
      const leidas = await filasTexto(db, consulta(tramo, despues, lote));
      if (leidas.filas.length === 0) break;
      const ultima = leidas.filas[leidas.filas.length - 1];
      despues = tramo.claves.map((_, i) => ultima[leidas.campos.indexOf(`k${i}`)] as string);
      yield leidas;
      if (leidas.filas.length < lote) break;
    }
  }
}
