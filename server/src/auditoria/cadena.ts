/**
 * The audit trail: one append-only table for configuration changes, status changes,
 * assignments, request documents, sign-ins and password changes. The database chains every entry
 * (trigger `auditoria_encadenar`, migration 0009): each stores the SHA-256 of its content and of the
 * previous entry, and UPDATE/DELETE are refused. In the same transaction the app seals the entry
 * (`auditoria_sello`): an HMAC of its columns with the audit key, which the database never sees
 * (auditoria/clave.ts). Code only appends (`auditar`) and checks the chain (`verificarCadena`, and
 * auditoria/verificacion.ts for the seals and checkpoints); the caller's address comes from the
 * request being served.
 */
import { AsyncLocalStorage } from "node:async_hooks";
import type { AccionAuditoriaNombre, EntidadAuditoria } from "@registro/contracts";
import { sql } from "drizzle-orm";
import type { Tx } from "../db/client.js";
import { auditoria, auditoriaSello } from "../db/schema.js";
import { claveEstablecida, type FilaSellable, sellar } from "./clave.js";

/** What is known about the request being served: set once per request by the app. */
export const contextoPeticion = new AsyncLocalStorage<{
  direccion: string | null;
  idUsuario: () => number | null;
  /** The browser's User-Agent, kept with a session opened by this request ("Mis sesiones"). */
  agente?: string | null;
}>();

/** The one kind of audit entry every part of the app writes. */
export interface EventoAuditoria {
  /** Who acted (null: nobody signed in, or the system); left out, the signed-in user of the request being served. */
  idUsuario?: number | null;
  entidad: EntidadAuditoria;
  idEntidad: number | string;
  /** One of the actions the Auditoría screen names and filters by (contracts' ACCIONES_AUDITORIA). */
  accion: AccionAuditoriaNombre;
  /** Snapshots or details (never a password or its hash); null where there is none. */
  antes?: unknown;
  despues?: unknown;
}

/**
 * An entry's columns as text, exactly as its seal covers them (see clave.ts's FilaSellable): used
 * when writing (RETURNING) and when verifying (SELECT), so both read the same text.
 */
export const columnasSellables = {
  id: sql<string>`auditoria.id_auditoria::text`,
  fecha: sql<string>`to_char(auditoria.fecha AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`,
  idUsuario: sql<string | null>`auditoria.id_usuario::text`,
  entidad: sql<string>`auditoria.entidad`,
  idEntidad: sql<string>`auditoria.id_entidad`,
  accion: sql<string>`auditoria.accion`,
  antes: sql<string | null>`auditoria.antes::text`,
  despues: sql<string | null>`auditoria.despues::text`,
  direccion: sql<string | null>`auditoria.direccion`,
  hashAnterior: sql<string>`auditoria.hash_anterior`,
  hash: sql<string>`auditoria.hash`,
};

/**
 * Appends one entry and its seal, in the caller's transaction so both commit or roll back with the
 * change. The chaining trigger holds the chain's head locked until that transaction ends, so seals
 * are written in chain order. Answers the entry's id (its time is the trigger's: read it in SQL to
 * keep its precision).
 */
export async function auditar(tx: Tx, e: EventoAuditoria): Promise<number> {
  const clave = claveEstablecida();
  const [fila]: FilaSellable[] = await tx
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
    .returning(columnasSellables);
  const id = Number(fila.id);
  await tx.insert(auditoriaSello).values({ idAuditoria: id, sello: sellar(clave, fila) });
  return id;
}

export type ResultadoVerificacion =
  | { integra: true; entradas: number }
  /** `hasta`: the chain's head names a later entry than the last one left (entries removed from the end). */
  | { integra: false; entradas: number; idAuditoria: number; hasta?: number };

/**
 * Re-walks the chain in id order: every entry's hash must be the hash of its content, its link the
 * previous entry's hash, and the chain's recorded head the last entry. Returns the first entry
 * where that fails (for a removed tail, the last entry left), past the entries in `excluir`.
 */
export async function verificarCadena(tx: Tx, excluir: number[] = []): Promise<ResultadoVerificacion> {
  // Entries with a recorded incident (auditoria/incidentes.ts): a break there is known and named apart.
  const salvo = excluir.length
    ? sql`AND id_auditoria NOT IN (${sql.join(
        excluir.map((n) => sql`${n}`),
        sql`, `,
      )})`
    : sql``;
  const consulta = sql`
    WITH c AS (
      SELECT a.id_auditoria, a.hash, a.hash_anterior,
             lag(a.hash, 1, '') OVER (ORDER BY a.id_auditoria) AS previo,
             auditoria_hash(a) AS calculado
      FROM auditoria a
    )
    SELECT
      (SELECT count(*)::int FROM auditoria) AS entradas,
      (SELECT id_auditoria FROM c WHERE (hash <> calculado OR hash_anterior <> previo) ${salvo}
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
  const cabeza = Number(f.cabeza_id);
  if (cabeza > ultima) return { integra: false, entradas, idAuditoria: ultima, hasta: cabeza };
  if (cabeza !== ultima || (f.ultimo_hash ?? "") !== f.cabeza_hash) {
    return { integra: false, entradas, idAuditoria: ultima };
  }
  return { integra: true, entradas };
}
