/**
 * High availability as the app sees it (deploy/patroni: PostgreSQL under Patroni behind HAProxy).
 * The app has no failover logic: HAProxy sends DATABASE_URL to whichever node is the primary, the
 * pool reconnects, calls failing meanwhile answer 503. This module only watches and routes reads:
 *
 * - a probe, every DB_PROBE_INTERVAL_MS on a connection of its own, asks the primary port which
 *   node answers it (address:port) and its WAL position, and counts changes of node (failovers and
 *   switchovers seen by this process);
 * - with DATABASE_READ_URL (HAProxy's replica port), the same probe asks the replica which WAL
 *   position it has replayed. The replica is "fresh as of" the latest probe time t whose primary
 *   position (read at t or later, so it covers every write acknowledged before t) the replica has
 *   replayed. A read may run on the replica only while now − that time ≤ DB_READ_MAX_LAG_SECONDS;
 *   so an answer from the replica reflects every write acknowledged at least that long ago.
 *   A read connection that lands on another node than the one probed is closed before it serves
 *   (its read falls back to the primary); a lost replica connection makes the replica unusable
 *   until the probe has judged it again.
 * - while the primary cannot be reached, the replica stays usable when, at the last probe that
 *   reached the primary, it was the synchronous standby (its replication slot among those the
 *   primary reports `sync`/`quorum`) and the primary committed with `synchronous_commit =
 *   remote_apply` (deploy/patroni/patroni.yml): no commit is acknowledged before that standby has
 *   applied it, so it holds every acknowledged write (limit: a change of synchronous standby inside
 *   one probe interval before the loss). This keeps verifications answered through a failover.
 * - reads that fail on the replica for a connection reason or a recovery conflict run on the
 *   primary; a read that fails on the primary for a connection reason is retried once after a
 *   short pause (reads only: writes are never retried here, the Idempotency-Key makes the
 *   client's own retry safe).
 */
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import pg from "pg";
import { esFallaDeConexion } from "./fallas.js";
import * as schema from "./schema.js";

/** client.ts's Db (spelled here: client.ts imports this file). */
type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface EstadoAlta {
  /** The node (address:port as PostgreSQL sees it) the primary port led to at the last probe. */
  nodoPrimario?: string;
  /** Changes of primary node seen by this process since it started. */
  cambiosPrimario: number;
  replicaConfigurada: boolean;
  nodoReplica?: string;
  /** Seconds the replica's data is behind, as this process can prove it (undefined: unknown). */
  retrasoReplicaSegundos?: number;
  /** Whether a read would run on the replica right now. */
  replicaUtilizable: boolean;
  lecturasReplica: number;
  lecturasPrimaria: number;
  /** Reads retried: on the primary after the replica failed, or once more on the primary. */
  reintentosLectura: number;
}

export interface Alta {
  estado(): EstadoAlta;
  /** Runs a read that may be answered by the replica (see above); `fn` must not write. */
  leer<T>(fn: (db: Db) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

export interface OpcionesAlta {
  db: Db;
  url: string;
  readUrl?: string;
  maxLagMs: number;
  intervaloMs: number;
  connectTimeoutMs: number;
  statementTimeoutMs?: number;
  poolSize: number;
  log: (line: string) => void;
  /** Pause before a read is retried on the primary. */
  pausaReintentoMs?: number;
}

/** "16/B374D848" → a comparable number. */
export function lsn(texto: string): bigint {
  const [alto, bajo] = texto.split("/");
  return (BigInt(`0x${alto}`) << 32n) + BigInt(`0x${bajo}`);
}

/**
 * When the replica was last proven fresh: the latest probe time whose primary position it has
 * replayed (positions are non-decreasing in time on one timeline), or undefined.
 */
export function frescaDesde(historial: { t: number; lsn: bigint }[], replayed: bigint): number | undefined {
  let t: number | undefined;
  for (const h of historial) if (h.lsn <= replayed && (t === undefined || h.t > t)) t = h.t;
  return t;
}

const CONSULTA_NODO = "select coalesce(host(inet_server_addr()), 'local') || ':' || inet_server_port() as nodo";

/**
 * The primary's node, WAL position, commit level and the replication slots of its synchronous
 * standbys (pg_stat_replication's sync_state is visible to superusers and pg_read_all_stats).
 */
const CONSULTA_PRIMARIA = `${CONSULTA_NODO}, pg_is_in_recovery() as recuperacion,
  case when pg_is_in_recovery() then null else pg_current_wal_lsn()::text end as lsn,
  current_setting('synchronous_commit') as compromiso,
  (select coalesce(array_agg(s.slot_name::text), '{}') from pg_replication_slots s
     join pg_stat_replication r on r.pid = s.active_pid
    where r.sync_state in ('sync', 'quorum')) as ranuras`;

/** The replica's node, position, and the slot it replicates through (Patroni names it after the member). */
const CONSULTA_REPLICA = `${CONSULTA_NODO}, pg_is_in_recovery() as recuperacion,
  pg_last_wal_replay_lsn()::text as replay, current_setting('primary_slot_name', true) as ranura`;

export function vigilarAlta(o: OpcionesAlta): Alta {
  const estado = {
    nodoPrimario: undefined as string | undefined,
    cambiosPrimario: 0,
    nodoReplica: undefined as string | undefined,
    frescaDesde: undefined as number | undefined,
    lecturasReplica: 0,
    lecturasPrimaria: 0,
    reintentosLectura: 0,
    /** The last probe of the primary port failed for a connection reason. */
    primariaPerdida: false,
    /** At the last probe that reached the primary: remote_apply, and the slots of synchronous standbys. */
    compromiso: undefined as { remoteApply: boolean; ranuras: string[] } | undefined,
    /** The replica was the synchronous standby of a remote_apply primary at the last probe that reached both. */
    replicaSincrona: false,
  };
  let historial: { t: number; lsn: bigint }[] = [];
  const opcionesCliente = {
    connectionTimeoutMillis: o.connectTimeoutMs,
    query_timeout: (o.statementTimeoutMs ?? 5_000) + 2_000,
    keepAlive: true,
    // Told apart in pg_stat_activity from the calls' connections.
    application_name: "registro-firmas sonda",
  };

  let lectura: { pool: pg.Pool; db: Db } | undefined;
  if (o.readUrl) {
    const pool = new pg.Pool({
      connectionString: o.readUrl,
      max: o.poolSize,
      connectionTimeoutMillis: o.connectTimeoutMs,
      ...(o.statementTimeoutMs
        ? { statement_timeout: o.statementTimeoutMs, query_timeout: o.statementTimeoutMs + 2_000 }
        : {}),
      keepAlive: true,
      options: "-c max_parallel_workers_per_gather=0 -c jit=off",
    });
    const perdida = () => {
      estado.frescaDesde = undefined;
    };
    pool.on("error", perdida);
    pool.on("connect", (client) => {
      client.on("error", perdida);
      // Queued before the caller's first statement: a connection to another node than the one the
      // probe judged is ended before it serves, and its read falls back to the primary.
      client.query(CONSULTA_NODO).then(
        (r) => {
          if (r.rows[0]?.nodo !== estado.nodoReplica) {
            perdida();
            client.end().catch(() => {});
          }
        },
        () => {},
      );
    });
    lectura = { pool, db: drizzlePg(pool, { schema }) as unknown as Db };
  }

  /** A dedicated connection per port, opened again after any failure. */
  const sonda = (url: string) => {
    let cliente: pg.Client | undefined;
    return {
      async consultar(sql: string): Promise<Record<string, unknown>> {
        try {
          if (!cliente) {
            const c = new pg.Client({ connectionString: url, ...opcionesCliente });
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
  };
  const primaria = sonda(o.url);
  const replica = o.readUrl ? sonda(o.readUrl) : undefined;

  async function sondearPrimaria() {
    const t = performance.now();
    let f: Record<string, unknown>;
    try {
      f = await primaria.consultar(CONSULTA_PRIMARIA);
    } catch (e) {
      estado.primariaPerdida = esFallaDeConexion(e);
      estado.compromiso = undefined;
      throw e;
    }
    estado.primariaPerdida = false;
    estado.compromiso = undefined;
    if (f.recuperacion !== false || typeof f.lsn !== "string") return;
    estado.compromiso = {
      remoteApply: f.compromiso === "remote_apply",
      ranuras: Array.isArray(f.ranuras) ? f.ranuras.map(String) : [],
    };
    const nodo = String(f.nodo);
    if (estado.nodoPrimario !== undefined && estado.nodoPrimario !== nodo) {
      estado.cambiosPrimario++;
      // Another timeline: positions of the old one prove nothing about the new.
      historial = [];
      o.log(`Database primary changed: now ${nodo} (was ${estado.nodoPrimario}).`);
    }
    estado.nodoPrimario = nodo;
    historial.push({ t, lsn: lsn(f.lsn) });
    const viejo = performance.now() - o.maxLagMs - 10 * o.intervaloMs;
    while (historial.length > 1 && (historial[0]?.t ?? 0) < viejo) historial.shift();
  }

  async function sondearReplica() {
    if (!replica) return;
    try {
      const f = await replica.consultar(CONSULTA_REPLICA);
      if (estado.nodoReplica !== f.nodo) {
        // Another replica: the pool's connections to the previous one are not judged by this probe.
        estado.frescaDesde = undefined;
        estado.replicaSincrona = false;
        estado.nodoReplica = String(f.nodo);
        return;
      }
      if (estado.primariaPerdida) {
        // The synchronous standby of a remote_apply primary holds every acknowledged write, also
        // once promoted (only it may be): fresh as of now, for as long as it stays the same node.
        estado.frescaDesde = estado.replicaSincrona ? performance.now() : undefined;
        return;
      }
      if (f.recuperacion !== true || typeof f.replay !== "string") {
        estado.frescaDesde = undefined;
        estado.replicaSincrona = false;
        return;
      }
      const compromiso = estado.compromiso;
      estado.replicaSincrona =
        compromiso?.remoteApply === true && typeof f.ranura === "string" && compromiso.ranuras.includes(f.ranura);
      estado.frescaDesde = frescaDesde(historial, lsn(f.replay));
    } catch {
      estado.frescaDesde = undefined;
      estado.replicaSincrona = false;
    }
  }

  let cerrado = false;
  let temporizador: NodeJS.Timeout | undefined;
  const vuelta = async () => {
    // The primary first: the replica is judged against positions read before it.
    await sondearPrimaria().catch(() => {});
    await sondearReplica();
    if (!cerrado) {
      temporizador = setTimeout(vuelta, o.intervaloMs);
      temporizador.unref();
    }
  };
  void vuelta();

  const retraso = () =>
    estado.frescaDesde === undefined ? undefined : (performance.now() - estado.frescaDesde) / 1000;
  const utilizable = () => {
    const r = retraso();
    return lectura !== undefined && r !== undefined && r * 1000 <= o.maxLagMs;
  };
  const pausa = () => new Promise((r) => setTimeout(r, o.pausaReintentoMs ?? 1_000));
  const reintentable = (e: unknown) => esFallaDeConexion(e) && (e as { code?: unknown }).code !== "57014";

  return {
    estado: () => ({
      nodoPrimario: estado.nodoPrimario,
      cambiosPrimario: estado.cambiosPrimario,
      replicaConfigurada: lectura !== undefined,
      nodoReplica: estado.nodoReplica,
      retrasoReplicaSegundos: retraso(),
      replicaUtilizable: utilizable(),
      lecturasReplica: estado.lecturasReplica,
      lecturasPrimaria: estado.lecturasPrimaria,
      reintentosLectura: estado.reintentosLectura,
    }),
    async leer(fn) {
      if (lectura && utilizable()) {
        try {
          const r = await fn(lectura.db);
          estado.lecturasReplica++;
          return r;
        } catch (e) {
          // 40001: the replica cancelled the read to apply the primary's changes (a recovery conflict).
          if (!esFallaDeConexion(e) && !conCodigo(e, "40001")) throw e;
          if (esFallaDeConexion(e)) estado.frescaDesde = undefined;
          estado.reintentosLectura++;
        }
      }
      try {
        const r = await fn(o.db);
        estado.lecturasPrimaria++;
        return r;
      } catch (e) {
        if (!reintentable(e)) throw e;
        estado.reintentosLectura++;
        await pausa();
        const r = await fn(o.db);
        estado.lecturasPrimaria++;
        return r;
      }
    },
    async close() {
      cerrado = true;
      clearTimeout(temporizador);
      await Promise.all([primaria.cerrar(), replica?.cerrar(), lectura?.pool.end()]);
    },
  };
}

function conCodigo(error: unknown, codigo: string): boolean {
  let e: unknown = error;
  for (let i = 0; i < 6 && e && typeof e === "object"; i++) {
    if ((e as { code?: unknown }).code === codigo) return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}

/** For routes: runs a replica-safe read through the watcher when there is one, else on `db`. */
export function lectorReplica(deps: { db: Db; database?: { alta?: Alta } }) {
  const alta = deps.database?.alta;
  return <T>(fn: (db: Db) => Promise<T>): Promise<T> => (alta ? alta.leer(fn) : fn(deps.db));
}
