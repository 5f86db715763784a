/**
 * The replica watcher's judgement (alta.ts), as a pure function of what its two probes found: the
 * rules that decide whether a read may run on the replica, apart from the connections, so that
 * tests walk every sequence of probe outcomes a failover produces.
 */

/** What the watcher knows of the replica between probes. */
export interface JuicioReplica {
  /** The node (address:port as PostgreSQL sees it) the read port led to at the last answer. */
  nodo?: string;
  /** It was the synchronous standby of a remote_apply primary at the last probe that reached both. */
  sincrona: boolean;
  /** When it was last proven fresh (a `performance.now()` time), or undefined: unknown. */
  frescaDesde?: number;
}

/** What the probe of the primary port found in one round. */
export type SondeoPrimaria =
  /** A primary answered: its commit level and the replication slots of its synchronous standbys. */
  | { tipo: "alcanzada"; remoteApply: boolean; ranuras: string[] }
  /** A node still in recovery answered (no primary behind the port yet). */
  | { tipo: "en-recuperacion" }
  /** The port could not be reached or the connection was lost: the primary is lost. */
  | { tipo: "perdida" }
  /** It failed for another reason: it says nothing about who is synchronous. */
  | { tipo: "falla" };

/** What the probe of the read port found in the same round. */
export type SondeoReplica =
  | { tipo: "falla" }
  | { tipo: "respuesta"; nodo: string; recuperacion: boolean; replay?: bigint; ranura?: string };

/** A primary position read at probe time `t`. */
export interface PosicionPrimaria {
  t: number;
  lsn: bigint;
}

/**
 * When the replica was last proven fresh: the latest probe time whose primary position it has
 * replayed (positions are non-decreasing in time on one timeline), or undefined.
 */
export function frescaDesde(historial: PosicionPrimaria[], replayed: bigint): number | undefined {
  let t: number | undefined;
  for (const h of historial) if (h.lsn <= replayed && (t === undefined || h.t > t)) t = h.t;
  return t;
}

/**
 * The judgement after one round of probes (the primary's first, then the replica's), at time `ahora`:
 * - a replica probe that failed proves nothing fresh, but does not forget whether that node was the
 *   synchronous standby (the next answer from another node resets it);
 * - an answer from another node than before is judged from scratch on the next round;
 * - while the primary is lost, the synchronous standby of a remote_apply primary holds every
 *   acknowledged write, also once promoted (only it may be): fresh as of now;
 * - otherwise a replica in recovery is fresh as of the latest primary position it has replayed, and
 *   whether it is the synchronous standby is judged again only by a probe that reached the primary.
 */
export function juzgarReplica(
  previo: JuicioReplica,
  primaria: SondeoPrimaria,
  replica: SondeoReplica,
  historial: PosicionPrimaria[],
  ahora: number,
): JuicioReplica {
  if (replica.tipo === "falla") return { nodo: previo.nodo, sincrona: previo.sincrona };
  const { nodo } = replica;
  if (nodo !== previo.nodo) return { nodo, sincrona: false };
  if (primaria.tipo === "perdida")
    return { nodo, sincrona: previo.sincrona, frescaDesde: previo.sincrona ? ahora : undefined };
  if (!replica.recuperacion || replica.replay === undefined) return { nodo, sincrona: false };
  const sincrona =
    primaria.tipo === "alcanzada"
      ? primaria.remoteApply && replica.ranura !== undefined && primaria.ranuras.includes(replica.ranura)
      : previo.sincrona;
  return { nodo, sincrona, frescaDesde: frescaDesde(historial, replica.replay) };
}
