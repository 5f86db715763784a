/**
 * The connections of the high-availability watcher (alta.ts): one probe connection per port, and
 * the read pool on DATABASE_READ_URL whose connections are checked to land on the judged node.
 */
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import pg from "pg";
import type * as schema from "./schema.js";

/** client.ts's Db (spelled here: client.ts imports alta.ts, which imports this file). */
type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

/** The watcher's settings these connections use (alta.ts's OpcionesAlta has them). */
interface OpcionesConexion {
  connectTimeoutMs: number;
  statementTimeoutMs?: number;
  poolSize: number;
}

/** Asks a node which one it is (address:port as PostgreSQL sees it). */
export const CONSULTA_NODO = "select coalesce(host(inet_server_addr()), 'local') || ':' || inet_server_port() as nodo";

/** A dedicated connection per port, opened again after any failure. */
export function sonda(url: string, o: OpcionesConexion) {
  const opciones = {
    connectionTimeoutMillis: o.connectTimeoutMs,
    query_timeout: (o.statementTimeoutMs ?? 5_000) + 2_000,
    keepAlive: true,
    // Told apart in pg_stat_activity from the calls' connections.
    application_name: "registro-firmas sonda",
  };
  let cliente: pg.Client | undefined;
  return {
    async consultar(sql: string): Promise<Record<string, unknown>> {
      try {
        if (!cliente) {
          const c = new pg.Client({ connectionString: url, ...opciones });
          c.on("error", () => {});
          cliente = c;
          await c.connect();
        }
        return (await cliente.query(sql)).rows[0] ?? {};
      } catch (e) {
        const c = cliente;
        cliente = undefined;
        c?.end().catch(() => {});
        throw e;
      }
    },
    cerrar: () => cliente?.end().catch(() => {}),
  };
}

/**
 * The read pool on DATABASE_READ_URL. `perdida` is called when one of its connections is lost or
 * lands on another node than `nodoEsperado()` (that connection is ended before it serves).
 */
export function grupoLectura(
  url: string,
  o: OpcionesConexion,
  perdida: () => void,
  nodoEsperado: () => string | undefined,
) {
  const pool = new pg.Pool({
    connectionString: url,
    max: o.poolSize,
    connectionTimeoutMillis: o.connectTimeoutMs,
    ...(o.statementTimeoutMs
      ? { statement_timeout: o.statementTimeoutMs, query_timeout: o.statementTimeoutMs + 2_000 }
      : {}),
    keepAlive: true,
    options: "-c max_parallel_workers_per_gather=0 -c jit=off",
  });
  pool.on("error", perdida);
  pool.on("connect", (client) => {
    client.on("error", perdida);
    // Queued before the caller's first statement.
    client.query(CONSULTA_NODO).then(
      (r) => {
        if (r.rows[0]?.nodo !== nodoEsperado()) {
          perdida();
          client.end().catch(() => {});
        }
      },
      () => {},
    );
  });
  return { pool, db: drizzlePg(pool) as unknown as Db };
}
