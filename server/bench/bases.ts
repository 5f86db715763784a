/**
 * What the database benchmarks share: which databases to run on (BENCH_DB: pglite | postgres |
 * both; both by default when a PostgreSQL server is given), a throwaway database for each run,
 * and the nearest-rank percentile of the timings.
 *
 *   DATABASE_URL / TEST_PG_URL  PostgreSQL server; a database rf_bench_<random> is created and dropped
 *   BENCH_KEEP   1: keep the PostgreSQL database afterwards (its name is printed), to study plans
 */
import crypto from "node:crypto";
import pg from "pg";
import { type Database, openDatabase } from "../src/db/client.js";

export type TipoBase = "pglite" | "postgres";

export const PG_URL = process.env.DATABASE_URL ?? process.env.TEST_PG_URL;
const KEEP = process.env.BENCH_KEEP === "1";
const QUE_BASES = (process.env.BENCH_DB ?? (PG_URL ? "both" : "pglite")) as TipoBase | "both";

/** The databases this run measures, in order. */
export const BASES: TipoBase[] = QUE_BASES === "both" ? ["pglite", "postgres"] : [QUE_BASES];

/** Nearest-rank percentile of timings sorted ascending. */
export const percentil = (ordenados: number[], p: number) =>
  ordenados[Math.min(ordenados.length - 1, Math.ceil((p / 100) * ordenados.length) - 1)];

async function usar(database: Database, fn: (d: Database) => Promise<void>) {
  try {
    await fn(database);
  } finally {
    await database.close();
  }
}

/**
 * Runs `fn` on a fresh in-memory PGlite, or on a fresh database of the PostgreSQL server (dropped
 * afterwards unless BENCH_KEEP=1), or on the existing database `reutilizar` names.
 */
export async function conBase(kind: TipoBase, fn: (d: Database) => Promise<void>, reutilizar?: string) {
  if (kind === "pglite") return usar(await openDatabase({ dataDir: "memory" }), fn);
  if (reutilizar) return usar(await openDatabase({ databaseUrl: reutilizar }), fn);
  if (!PG_URL) throw new Error("BENCH_DB=postgres needs DATABASE_URL or TEST_PG_URL");
  const nombre = `rf_bench_${crypto.randomBytes(4).toString("hex")}`;
  const admin = new pg.Client({ connectionString: PG_URL });
  await admin.connect();
  await admin.query(`create database ${nombre}`);
  const url = new URL(PG_URL);
  url.pathname = `/${nombre}`;
  try {
    await usar(await openDatabase({ databaseUrl: url.toString() }), fn);
  } finally {
    if (KEEP) console.log(`base conservada: ${url.toString()}`);
    else await admin.query(`drop database if exists ${nombre} with (force)`);
    await admin.end();
  }
}
