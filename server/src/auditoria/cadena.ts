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
import type { Tx } from "../db/client.js";
import * as repo from "./cadena.repository.js";
import { claveEstablecida, sellar } from "./clave.js";

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
 * Appends one entry and its seal, in the caller's transaction so both commit or roll back with the
 * change. The chaining trigger holds the chain's head locked until that transaction ends, so seals
 * are written in chain order. Answers the entry's id (its time is the trigger's: read it in SQL to
 * keep its precision).
 */
export async function auditar(tx: Tx, e: EventoAuditoria): Promise<number> {
  const clave = claveEstablecida();
  const fila = await repo.insertarEntrada(tx, {
    idUsuario: e.idUsuario === undefined ? (contextoPeticion.getStore()?.idUsuario() ?? null) : e.idUsuario,
    entidad: e.entidad,
    idEntidad: String(e.idEntidad),
    accion: e.accion,
    antes: e.antes ?? null,
    despues: e.despues ?? null,
    direccion: contextoPeticion.getStore()?.direccion ?? null,
  });
  const id = Number(fila.id);
  await repo.insertarSello(tx, id, sellar(clave, fila));
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
  const f = await repo.estadoCadena(tx, excluir);
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
