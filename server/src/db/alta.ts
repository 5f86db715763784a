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
 *   applied it, so it holds every acknowledged write (limit: a change of synchronous standby since
 *   the last probe that reached the primary — one probe interval, or longer while that probe failed
 *   for a reason other than a lost connection). This keeps verifications answered through a
 *   failover. A node newly behind the read port is judged one probe round after it first answers.
 * - reads that fail on the replica for a connection reason or a recovery conflict run on the
 *   primary; a read that fails on the primary for a connection reason is retried once after a
 *   short pause (reads only: writes are never retried here, the Idempotency-Key makes the
 *   client's own retry safe).
 * - each change of what the watcher knows of the replica is one log line ("Database read routing").
 *
 * Longer than 300 lines: the probes, the freshness rule and the read routing are one state machine,
 * and split apart each would have to expose that state to the others.
 */
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import type pg from "pg";
import { CONSULTA_NODO, grupoLectura, sonda } from "./alta-conexiones.js";
import { juzgarReplica, type PosicionPrimaria, type SondeoPrimaria, type SondeoReplica } from "./alta-juicio.js";
import { esFallaDeConexion } from "./fallas.js";
import type * as schema from "./schema.js";

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
  /** The replica was the synchronous standby at the last probe that reached both: reads survive the primary's loss. */
  replicaSincrona: boolean;
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

/** The watcher: probes both ports in turn and routes replica-safe reads (see the file's header). */
class Vigia implements Alta {
  private readonly e = {
    nodoPrimario: undefined as string | undefined,
    cambiosPrimario: 0,
    nodoReplica: undefined as string | undefined,
    frescaDesde: undefined as number | undefined,
    lecturasReplica: 0,
    lecturasPrimaria: 0,
    reintentosLectura: 0,
    /** The last probe of the primary port failed for a connection reason. */
    primariaPerdida: false,
    /** The replica was the synchronous standby of a remote_apply primary at the last probe that reached both. */
    replicaSincrona: false,
  };
  private historial: PosicionPrimaria[] = [];
  private readonly lectura: { pool: pg.Pool; db: Db } | undefined;
  private readonly primaria: ReturnType<typeof sonda>;
  private readonly replica: ReturnType<typeof sonda> | undefined;
  private cerrado = false;
  private ultimoEstado = "";
  private temporizador: NodeJS.Timeout | undefined;

  constructor(private readonly o: OpcionesAlta) {
    this.primaria = sonda(o.url, o);
    if (o.readUrl) {
      this.replica = sonda(o.readUrl, o);
      this.lectura = grupoLectura(
        o.readUrl,
        o,
        () => {
          this.e.frescaDesde = undefined;
        },
        () => this.e.nodoReplica,
      );
    }
    void this.vuelta();
  }

  private async vuelta(): Promise<void> {
    // The primary first: the replica is judged against positions read before it.
    let fallaPrimaria: unknown;
    const primaria = await this.sondearPrimaria().catch((err: unknown): SondeoPrimaria => {
      fallaPrimaria = err;
      return { tipo: esFallaDeConexion(err) ? "perdida" : "falla" };
    });
    this.e.primariaPerdida = primaria.tipo === "perdida";
    const fallaReplica = await this.sondearReplica(primaria);
    this.anotarCambio(fallaPrimaria, fallaReplica);
    if (!this.cerrado) {
      this.temporizador = setTimeout(() => void this.vuelta(), this.o.intervaloMs);
      this.temporizador.unref();
    }
  }

  /** Reads the primary's position and who is synchronous; throws when the port fails. */
  private async sondearPrimaria(): Promise<SondeoPrimaria> {
    const { e } = this;
    const t = performance.now();
    const f = await this.primaria.consultar(CONSULTA_PRIMARIA);
    if (f.recuperacion !== false || typeof f.lsn !== "string") return { tipo: "en-recuperacion" };
    const nodo = String(f.nodo);
    if (e.nodoPrimario !== undefined && e.nodoPrimario !== nodo) {
      e.cambiosPrimario++;
      // Another timeline: positions of the old one prove nothing about the new.
      this.historial = [];
      this.o.log(`Database primary changed: now ${nodo} (was ${e.nodoPrimario}).`);
    }
    e.nodoPrimario = nodo;
    this.historial.push({ t, lsn: lsn(f.lsn) });
    const viejo = performance.now() - this.o.maxLagMs - 10 * this.o.intervaloMs;
    while (this.historial.length > 1 && (this.historial[0]?.t ?? 0) < viejo) this.historial.shift();
    return {
      tipo: "alcanzada",
      remoteApply: f.compromiso === "remote_apply",
      ranuras: Array.isArray(f.ranuras) ? f.ranuras.map(String) : [],
    };
  }

  /**
   * One log line each time what the watcher knows of the replica changes (its node, whether it was
   * the synchronous standby, whether the primary is lost, whether reads may run there): the trail
   * an operator, or a failed failover test, reads to see why reads went where they went.
   */
  private anotarCambio(fallaPrimaria: unknown, fallaReplica: unknown): void {
    if (!this.replica) return;
    const { e } = this;
    const estado = [
      `replica ${e.nodoReplica ?? "unknown"}`,
      e.replicaSincrona ? "synchronous standby" : "not known synchronous",
      e.primariaPerdida ? "primary lost" : fallaPrimaria ? "primary probe failed" : "primary reached",
      this.utilizable() ? "reads there" : "reads on the primary",
    ].join(", ");
    if (estado === this.ultimoEstado) return;
    this.ultimoEstado = estado;
    const motivo = [
      fallaPrimaria && `primary: ${textoFalla(fallaPrimaria)}`,
      fallaReplica && `replica: ${textoFalla(fallaReplica)}`,
    ]
      .filter(Boolean)
      .join("; ");
    this.o.log(`Database read routing: ${estado}${motivo ? ` (${motivo})` : ""}.`);
  }

  /** Judges the replica (alta-juicio.ts) after the primary's probe; answers the replica probe's failure, if any. */
  private async sondearReplica(primaria: SondeoPrimaria): Promise<unknown> {
    const { e } = this;
    if (!this.replica) return undefined;
    let sondeo: SondeoReplica;
    let falla: unknown;
    try {
      const f = await this.replica.consultar(CONSULTA_REPLICA);
      sondeo = {
        tipo: "respuesta",
        nodo: String(f.nodo),
        recuperacion: f.recuperacion === true,
        replay: typeof f.replay === "string" ? lsn(f.replay) : undefined,
        ranura: typeof f.ranura === "string" ? f.ranura : undefined,
      };
    } catch (err) {
      sondeo = { tipo: "falla" };
      falla = err;
    }
    const previo = { nodo: e.nodoReplica, sincrona: e.replicaSincrona, frescaDesde: e.frescaDesde };
    const juicio = juzgarReplica(previo, primaria, sondeo, this.historial, performance.now());
    e.nodoReplica = juicio.nodo;
    e.replicaSincrona = juicio.sincrona;
    e.frescaDesde = juicio.frescaDesde;
    return falla;
  }

  private retraso(): number | undefined {
    return this.e.frescaDesde === undefined ? undefined : (performance.now() - this.e.frescaDesde) / 1000;
  }

  private utilizable(): boolean {
    const r = this.retraso();
    return this.lectura !== undefined && r !== undefined && r * 1000 <= this.o.maxLagMs;
  }

  estado(): EstadoAlta {
    const { e } = this;
    return {
      nodoPrimario: e.nodoPrimario,
      cambiosPrimario: e.cambiosPrimario,
      replicaConfigurada: this.lectura !== undefined,
      nodoReplica: e.nodoReplica,
      retrasoReplicaSegundos: this.retraso(),
      replicaUtilizable: this.utilizable(),
      replicaSincrona: e.replicaSincrona,
      lecturasReplica: e.lecturasReplica,
      lecturasPrimaria: e.lecturasPrimaria,
      reintentosLectura: e.reintentosLectura,
    };
  }

  async leer<T>(fn: (db: Db) => Promise<T>): Promise<T> {
    const { e } = this;
    if (this.lectura && this.utilizable()) {
      try {
        const r = await fn(this.lectura.db);
        e.lecturasReplica++;
        return r;
      } catch (err) {
        // 40001: the replica cancelled the read to apply the primary's changes (a recovery conflict).
        if (!esFallaDeConexion(err) && !conCodigo(err, "40001")) throw err;
        if (esFallaDeConexion(err)) e.frescaDesde = undefined;
        e.reintentosLectura++;
      }
    }
    try {
      const r = await fn(this.o.db);
      e.lecturasPrimaria++;
      return r;
    } catch (err) {
      if (!esFallaDeConexion(err) || (err as { code?: unknown }).code === "57014") throw err;
      e.reintentosLectura++;
      await new Promise((r) => setTimeout(r, this.o.pausaReintentoMs ?? 1_000));
      const r = await fn(this.o.db);
      e.lecturasPrimaria++;
      return r;
    }
  }

  async close(): Promise<void> {
    this.cerrado = true;
    clearTimeout(this.temporizador);
    await Promise.all([this.primaria.cerrar(), this.replica?.cerrar(), this.lectura?.pool.end()]);
  }
}

export function vigilarAlta(o: OpcionesAlta): Alta {
  const v = new Vigia(o);
  // Handed around as functions (/metrics reads `estado`, routes `leer`): bound to the watcher here.
  return { estado: () => v.estado(), leer: (fn) => v.leer(fn), close: () => v.close() };
}

/** A probe's failure in a log line: its code and message, or its cause's. */
function textoFalla(err: unknown): string {
  const { code, message, cause } = (err ?? {}) as { code?: unknown; message?: unknown; cause?: unknown };
  const texto = `${typeof code === "string" ? `${code} ` : ""}${typeof message === "string" ? message : String(err)}`;
  return cause ? `${texto} <- ${textoFalla(cause)}` : texto;
}

function conCodigo(error: unknown, codigo: string): boolean {
  let e: unknown = error;
  for (let i = 0; i < 6 && e && typeof e === "object"; i++) {
    if ((e as { code?: unknown }).code === codigo) return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}
