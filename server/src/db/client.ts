/**
 * Opens the database: PostgreSQL through `pg` when DATABASE_URL is set, otherwise an embedded,
 * file-backed PGlite in DATA_DIR (or in memory for tests). Both give the same drizzle API.
 */
import fs from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import pg from "pg";
import * as schema from "./schema.js";

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/** A transaction or the database itself: repositories accept either. */
export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0] | Db;

export interface Database {
  db: Db;
  kind: "pglite" | "postgres";
  /** True when the embedded data folder did not exist before this start. */
  nuevo: boolean;
  close(): Promise<void>;
}

export async function openDatabase(opts: { databaseUrl?: string; dataDir?: string | "memory" }): Promise<Database> {
  if (opts.databaseUrl) {
    // Every query here reads or writes a page of rows through an index: parallel workers would only
    // add their start-up time, and a parallel ordered scan can outlast the plain one by far.
    const pool = new pg.Pool({
      connectionString: opts.databaseUrl,
      max: 10,
      options: "-c max_parallel_workers_per_gather=0",
    });
    // numeric stays a string (exact money); bigint counts come back as numbers.
    pool.on("error", () => {});
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    return { db, kind: "postgres", nuevo: false, close: () => pool.end() };
  }
  let client: PGlite;
  let nuevo = true;
  if (!opts.dataDir || opts.dataDir === "memory") {
    client = await PGlite.create();
  } else {
    const dir = path.join(opts.dataDir, "pgdata");
    nuevo = !fs.existsSync(path.join(dir, "PG_VERSION"));
    fs.mkdirSync(dir, { recursive: true });
    client = await PGlite.create(dir);
  }
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  return { db, kind: "pglite", nuevo, close: () => client.close() };
}
