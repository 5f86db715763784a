/**
 * Opens the database: PostgreSQL through `pg` when DATABASE_URL is set, otherwise an embedded,
 * file-backed PGlite in DATA_DIR (or in memory for tests). Both give the same drizzle API.
 */
import fs from "node:fs";
import path from "node:path";
import type { PGlite } from "@electric-sql/pglite";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import type pg from "pg";
import type { Alta } from "./alta.js";
import { bloquearCarpeta } from "./bloqueo.js";
import { esFallaDeConexion } from "./fallas.js";
import type * as schema from "./schema.js";

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/** A transaction or the database itself: repositories accept either. */
export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0] | Db;

export interface Database {
  db: Db;
  kind: "pglite" | "postgres";
  /** True when the embedded data folder did not exist before this start. */
  nuevo: boolean;
  /** Embedded: called once the first start's data is complete (until then the folder counts as new). */
  preparada?: () => void;
  /** Embedded: the PGlite instance itself (its dump facility makes the backups). */
  pglite?: PGlite;
  /** PostgreSQL: its connection string (backups run pg_dump on it). */
  url?: string;
  /** PostgreSQL: the pool's connections (for /metrics). */
  estadoPool?: () => { total: number; idle: number; waiting: number };
  /** PostgreSQL with DB probes on (main.ts): the node written to, failovers seen, the replica pool. */
  alta?: Alta;
  close(): Promise<void>;
}

export interface OpcionesBase {
  databaseUrl?: string;
  dataDir?: string | "memory";
  /** PostgreSQL only; main.ts passes the settings (no statement timeout when absent: tests, benchmarks). */
  statementTimeoutMs?: number;
  connectTimeoutMs?: number;
  poolSize?: number;
  /** PostgreSQL only: the server ends a session left idle inside a transaction this long. */
  idleInTransactionTimeoutMs?: number;
  /** PostgreSQL unreachable at start: retry this long (0 = do not wait). */
  startWaitSeconds?: number;
  log?: (line: string) => void;
  /** PostgreSQL only: watch the primary (and DATABASE_READ_URL's replica) this often (db/alta.ts). */
  probeIntervalMs?: number;
  readUrl?: string;
  readMaxLagMs?: number;
}

/**
 * The drizzle handles are made without the schema: the app writes its queries with the query
 * builder and SQL, never drizzle's relational `db.query.*`, whose configuration of every table
 * was built on each start (a handle with the schema cost a restart ~70 ms).
 */
export async function openDatabase(opts: OpcionesBase): Promise<Database> {
  const log = opts.log ?? ((line: string) => console.log(line));
  return opts.databaseUrl ? abrirPostgres(opts, opts.databaseUrl, log) : abrirPglite(opts);
}

/** PostgreSQL (DATABASE_URL): the pool, its failure listeners, the wait at start, the HA watcher. */
async function abrirPostgres(opts: OpcionesBase, url: string, log: (line: string) => void): Promise<Database> {
  // Each driver is loaded when its database is opened: an embedded app never loads pg.
  const [{ default: pg }, { drizzle: drizzlePg }, { vigilarAlta }] = await Promise.all([
    import("pg"),
    import("drizzle-orm/node-postgres"),
    import("./alta.js"),
  ]);
  const statementTimeout = opts.statementTimeoutMs;
  // Every query here reads or writes a page of rows through an index: parallel workers would only
  // add their start-up time, and a parallel ordered scan can outlast the plain one by far.
  // JIT compilation likewise: it starts above a cost the inbox searches reach at a million rows
  // and costs them 50–100 ms of compiling for a query that runs in less.
  // statement_timeout: the server cancels a longer statement (57014 → 503). query_timeout: the
  // client gives up a little later when the server does not answer at all (frozen, unreachable).
  const pool = new pg.Pool({
    connectionString: url,
    max: opts.poolSize ?? 10,
    connectionTimeoutMillis: opts.connectTimeoutMs ?? 5_000,
    ...(statementTimeout ? { statement_timeout: statementTimeout, query_timeout: statementTimeout + 2_000 } : {}),
    // Nothing may pin a connection: a transaction left open while the app waits on something
    // else (a client reading slowly, a hung call) is ended by PostgreSQL (25P03 → 503), and
    // the connection with it, which the pool then replaces.
    idle_in_transaction_session_timeout: opts.idleInTransactionTimeoutMs ?? 15_000,
    keepAlive: true,
    options: "-c max_parallel_workers_per_gather=0 -c jit=off",
  });
  // A connection can fail at any time (PostgreSQL restarted, network cut): whether the client is
  // idle in the pool or checked out for a transaction, its 'error' event must have a listener or
  // Node ends the process. The call using it fails (→ 503) and the pool opens a new one later.
  let ultimoAviso = 0;
  const avisar = (err: Error) => {
    if (performance.now() - ultimoAviso < 5_000) return;
    ultimoAviso = performance.now();
    log(`Database connection lost (${err.message}); calls answer 503 until PostgreSQL is back.`);
  };
  pool.on("error", avisar);
  pool.on("connect", (client) => {
    client.on("error", avisar);
    marcarRotaTrasTiempoAgotado(client);
  });
  const db = drizzlePg(pool) as unknown as Db;
  await esperarPostgres(pool, url, (opts.startWaitSeconds ?? 0) * 1000, log);
  const alta =
    opts.probeIntervalMs === undefined
      ? undefined
      : vigilarAlta({
          db,
          url: url,
          readUrl: opts.readUrl,
          maxLagMs: opts.readMaxLagMs ?? 5_000,
          intervaloMs: opts.probeIntervalMs,
          connectTimeoutMs: opts.connectTimeoutMs ?? 5_000,
          statementTimeoutMs: statementTimeout,
          poolSize: opts.poolSize ?? 10,
          log,
        });
  return {
    db,
    kind: "postgres",
    nuevo: false,
    url: url,
    estadoPool: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    alta,
    close: async () => {
      await alta?.close();
      await pool.end();
    },
  };
}

/** PGlite in DATA_DIR (or in memory): the folder's lock, and the marker of an unfinished first start. */
async function abrirPglite(opts: OpcionesBase): Promise<Database> {
  const [{ PGlite }, { drizzle: drizzlePglite }] = await Promise.all([
    import("@electric-sql/pglite"),
    import("drizzle-orm/pglite"),
  ]);
  let client: PGlite;
  let nuevo = true;
  let liberar = () => {};
  let pendiente: string | undefined;
  if (!opts.dataDir || opts.dataDir === "memory") {
    client = await PGlite.create();
  } else {
    liberar = bloquearCarpeta(opts.dataDir);
    pendiente = path.join(opts.dataDir, "primer-arranque-pendiente");
    try {
      const dir = path.join(opts.dataDir, "pgdata");
      // A first start that was killed before its data was complete left this marker: start over.
      nuevo = !fs.existsSync(path.join(dir, "PG_VERSION")) || fs.existsSync(pendiente);
      if (nuevo) fs.writeFileSync(pendiente, "");
      fs.mkdirSync(dir, { recursive: true });
      client = await PGlite.create(dir);
    } catch (e) {
      liberar();
      throw e;
    }
  }
  const db = drizzlePglite(client) as unknown as Db;
  return {
    db,
    kind: "pglite",
    pglite: client,
    nuevo,
    preparada: () => {
      if (pendiente) fs.rmSync(pendiente, { force: true });
    },
    close: async () => {
      try {
        await client.close();
      } finally {
        liberar();
      }
    },
  };
}

/**
 * A query that timed out on the client (query_timeout) leaves its connection in an unknown state:
 * end it, so the pool discards it on release instead of lending it again.
 */
function marcarRotaTrasTiempoAgotado(client: pg.PoolClient) {
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  const alFallar = (err: unknown) => {
    if (err instanceof Error && err.message.includes("Query read timeout")) client.end().catch(() => {});
  };
  (client as unknown as { query: (...args: unknown[]) => unknown }).query = (...args: unknown[]) => {
    const last = args[args.length - 1];
    if (typeof last === "function") {
      args[args.length - 1] = (err: unknown, ...rest: unknown[]) => {
        if (err) alFallar(err);
        return (last as (...a: unknown[]) => unknown)(err, ...rest);
      };
      return query(...args);
    }
    const r = query(...args);
    if (r && typeof (r as Promise<unknown>).catch === "function") (r as Promise<unknown>).catch(alFallar);
    return r;
  };
}

/** PostgreSQL not reachable at start (not up yet, restarting): retry with a clear line, then give up. */
async function esperarPostgres(pool: pg.Pool, url: string, esperaMs: number, log: (line: string) => void) {
  const destino = (() => {
    try {
      const u = new URL(url);
      return `${u.hostname}:${u.port || 5432}${u.pathname}`;
    } catch {
      return "DATABASE_URL";
    }
  })();
  const limite = performance.now() + esperaMs;
  let intento = 0;
  for (;;) {
    try {
      await pool.query("select 1");
      if (intento > 0) log(`PostgreSQL at ${destino} is reachable.`);
      return;
    } catch (e) {
      intento++;
      const motivo = (e as Error).message || String(e);
      if (!esFallaDeConexion(e) || performance.now() >= limite) {
        throw new Error(`Cannot reach PostgreSQL at ${destino}: ${motivo}`, { cause: e });
      }
      const resta = Math.max(0, Math.round((limite - performance.now()) / 1000));
      log(`PostgreSQL at ${destino} is not reachable (${motivo}); retrying for up to ${resta} s more…`);
      await new Promise((r) => setTimeout(r, Math.min(2_000, Math.max(0, limite - performance.now()))));
    }
  }
}
