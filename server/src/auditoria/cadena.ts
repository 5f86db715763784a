/**
 * The audit trail (issue 15): one append-only table for configuration changes, status changes,
 * assignments, request documents, sign-ins and password changes. The database chains every entry
 * (trigger `auditoria_encadenar`, migration 0009): each stores the SHA-256 of its content and of the
 * previous entry, and UPDATE/DELETE are refused. Code only appends (`auditar`) and checks the chain
 * (`verificarCadena`); the caller's address comes from the request being served.
 */
import { AsyncLocalStorage } from "node:async_hooks";
import type { AccionAuditoriaNombre } from "@registro/contracts";
import { sql } from "drizzle-orm";
import type { Tx } from "../db/client.js";
import { auditoria } from "../db/schema.js";

/** What is known about the request being served: set once per request by the app. */
export const contextoPeticion = new AsyncLocalStorage<{ direccion: string | null; idUsuario: () => number | null }>();

export interface EventoAuditoria {
  /** Who acted (null: nobody signed in); left out, the signed-in user of the request being served. */
  idUsuario?: number | null;
  entidad: string;
  idEntidad: number | string;
  /** One of the actions the Auditoría screen names and filters by (contracts' ACCIONES_AUDITORIA). */
  accion: AccionAuditoriaNombre;
  /** Snapshots or details (never a password or its hash); null where there is none. */
  antes?: unknown;
  despues?: unknown;
}

/**
 * Appends one entry, in the caller's transaction so it commits or rolls back with the change.
 * Answers the entry's id (its time is the trigger's: read it in SQL to keep its precision).
 */
export async function auditar(tx: Tx, e: EventoAuditoria): Promise<number> {
  const [fila] = await tx
    .insert(auditoria)
    .values({
      idUsuario: e.idUsuario === undefined ? (contextoPeticion.getStore()?.idUsuario() ?? null) : e.idUsuario,
      entidad: e.entidad,
      idEntidad: String(e.idEntidad),
      accion: e.accion,
      antes: e.antes ?? null,
      despues: e.despues ?? null,
      direccion: contextoPeticion.getStore()?.direccion ?? null,
    })
    .returning({ id: auditoria.idAuditoria });
  return fila.id;
}

export type ResultadoVerificacion =
  | { integra: true; entradas: number }
  | { integra: false; entradas: number; idAuditoria: number };

/**
 * Re-walks the chain in id order: every entry's hash must be the hash of its content, its link the
 * previous entry's hash, and the chain's recorded head the last entry. Returns the first entry
 * where that fails (for a removed tail, the last entry left).
 */
export async function verificarCadena(tx: Tx): Promise<ResultadoVerificacion> {
  const consulta = sql`
    WITH c AS (
      SELECT a.id_auditoria, a.hash, a.hash_anterior,
             lag(a.hash, 1, '') OVER (ORDER BY a.id_auditoria) AS previo,
             auditoria_hash(a) AS calculado
      FROM auditoria a
    )
    SELECT
      (SELECT count(*)::int FROM auditoria) AS entradas,
      (SELECT id_auditoria FROM c WHERE hash <> calculado OR hash_anterior <> previo
        ORDER BY id_auditoria LIMIT 1)::bigint AS rota,
      (SELECT max(id_auditoria) FROM auditoria)::bigint AS ultima,
      (SELECT hash FROM auditoria ORDER BY id_auditoria DESC LIMIT 1) AS ultimo_hash,
      h.ultimo_id::bigint AS cabeza_id, h.ultimo_hash AS cabeza_hash
    FROM auditoria_cabeza h WHERE h.id = 1`;
  const r = (await tx.execute(consulta)) as unknown as {
    rows: {
      entradas: number;
      rota: string | number | null;
      ultima: string | number | null;
      ultimo_hash: string | null;
      cabeza_id: string | number;
      cabeza_hash: string;
    }[];
  };
  const f = r.rows[0];
  const entradas = Number(f.entradas);
  if (f.rota !== null) return { integra: false, entradas, idAuditoria: Number(f.rota) };
  const ultima = f.ultima === null ? 0 : Number(f.ultima);
  if (Number(f.cabeza_id) !== ultima || (f.ultimo_hash ?? "") !== f.cabeza_hash) {
    return { integra: false, entradas, idAuditoria: ultima };
  }
  return { integra: true, entradas };
}
