/**
 * Reads a query's rows in batches through a server-side cursor, so an export of any size holds one
 * batch in memory (issue 15). On PostgreSQL the cursor lives in a transaction on a connection of
 * its own; on the embedded PGlite (one connection) it is a WITH HOLD cursor, so other requests
 * still run between batches.
 */
import crypto from "node:crypto";
import type { PGlite } from "@electric-sql/pglite";
import type { SQL } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";
import type pg from "pg";
import type { Db } from "../db/client.js";

const dialecto = new PgDialect();

type Cliente = { kind: "pg"; pool: pg.Pool } | { kind: "pglite"; cliente: PGlite };

function clienteDe(db: Db): Cliente {
  const c = (db as unknown as { $client: pg.Pool | PGlite }).$client;
  return "connect" in c && typeof (c as pg.Pool).totalCount === "number"
    ? { kind: "pg", pool: c as pg.Pool }
    : { kind: "pglite", cliente: c as PGlite };
}

export async function* recorrerConsulta<T>(db: Db, consulta: SQL, lote = 2000): AsyncGenerator<T[]> {
  const nombre = `exportar_${crypto.randomBytes(6).toString("hex")}`;
  const { sql: texto, params } = dialecto.sqlToQuery(consulta);
  const fetch = `fetch forward ${Number(lote)} from ${nombre}`;
  const c = clienteDe(db);
  if (c.kind === "pg") {
    const cliente = await c.pool.connect();
    let ok = false;
    try {
      await cliente.query("begin read only");
      await cliente.query(`declare ${nombre} no scroll cursor for ${texto}`, params);
      for (;;) {
        const r = await cliente.query(fetch);
        if (r.rows.length === 0) break;
        yield r.rows as T[];
        if (r.rows.length < lote) break;
      }
      await cliente.query("commit");
      ok = true;
    } finally {
      if (!ok) await cliente.query("rollback").catch(() => {});
      cliente.release();
    }
    return;
  }
  await c.cliente.query(`declare ${nombre} no scroll cursor with hold for ${texto}`, params);
  try {
    for (;;) {
      const r = await c.cliente.query<T>(fetch);
      if (r.rows.length === 0) break;
      yield r.rows;
      if (r.rows.length < lote) break;
    }
  } finally {
    await c.cliente.query(`close ${nombre}`).catch(() => {});
  }
}
