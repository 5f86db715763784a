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
import type { Db, Tx } from "../db/client.js";
import { esFallaDeConexion } from "../db/fallas.js";
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

/** The entry's row as written: the caller's user and address taken from the request being served. */
function filaDe(e: EventoAuditoria): repo.NuevaEntrada {
  return {
    idUsuario: e.idUsuario === undefined ? (contextoPeticion.getStore()?.idUsuario() ?? null) : e.idUsuario,
    entidad: e.entidad,
    idEntidad: String(e.idEntidad),
    accion: e.accion,
    antes: e.antes ?? null,
    despues: e.despues ?? null,
    direccion: contextoPeticion.getStore()?.direccion ?? null,
  };
}

/**
 * Appends one entry and its seal, in the caller's transaction so both commit or roll back with the
 * change. The chaining trigger holds the chain's head locked until that transaction ends, so seals
 * are written in chain order. Answers the entry's id (its time is the trigger's: read it in SQL to
 * keep its precision).
 */
export async function auditar(tx: Tx, e: EventoAuditoria): Promise<number> {
  const clave = claveEstablecida();
  const fila = await repo.insertarEntrada(tx, filaDe(e));
  const id = Number(fila.id);
  await repo.insertarSello(tx, id, sellar(clave, fila));
  return id;
}

/** Entries appended in one statement and sealed in one more, in the caller's transaction (as `auditar`). */
async function auditarVarias(tx: Tx, filas: repo.NuevaEntrada[]): Promise<void> {
  const clave = claveEstablecida();
  const escritas = await repo.insertarEntradas(tx, filas);
  await repo.insertarSellos(
    tx,
    escritas.map((f) => ({ idAuditoria: Number(f.id), sello: sellar(clave, f) })),
  );
}

/** At most this many entries share one transaction. */
const MAX_LOTE = 200;

interface Pendiente {
  fila: repo.NuevaEntrada;
  listo: () => void;
  fallo: (e: unknown) => void;
}

/**
 * Performance: entries that are a change of their own (a system key's call: one entry per call,
 * nothing else written with it) written together, "group commit". While one transaction writes,
 * the entries arriving wait and are then written together in the next, all in one statement and
 * their seals in one more: each entry is still chained by the trigger and sealed as `auditar` does,
 * all commit or none, and each caller's promise settles only once its entry is committed. The
 * chain's head is locked once per transaction, not once per entry, so many calls no longer queue
 * on it one by one. When a transaction fails, its entries are written again one by one (one bad
 * entry does not cost the others theirs), unless the database could not be reached.
 */
class ColaAuditoria {
  private pendientes: Pendiente[] = [];
  private escribiendo = false;

  constructor(private readonly db: Db) {}

  agregar(fila: repo.NuevaEntrada): Promise<void> {
    return new Promise<void>((listo, fallo) => {
      this.pendientes.push({ fila, listo, fallo });
      if (!this.escribiendo) void this.escribir();
    });
  }

  private async escribir(): Promise<void> {
    this.escribiendo = true;
    try {
      while (this.pendientes.length > 0) {
        const lote = this.pendientes.splice(0, MAX_LOTE);
        try {
          await this.db.transaction((tx) =>
            auditarVarias(
              tx,
              lote.map((p) => p.fila),
            ),
          );
          for (const p of lote) p.listo();
        } catch (e) {
          // The database unreachable: the entries that came meanwhile would have met it as well
          // (each of their own transactions would have run during this one); none waits for
          // another attempt, so no call's answer waits on more than one failing attempt.
          if (esFallaDeConexion(e)) for (const p of [...lote, ...this.pendientes.splice(0)]) p.fallo(e);
          else if (lote.length === 1) lote[0].fallo(e);
          else {
            for (const p of lote) {
              await this.db.transaction((tx) => auditarVarias(tx, [p.fila])).then(p.listo, p.fallo);
            }
          }
        }
      }
    } finally {
      this.escribiendo = false;
    }
  }
}

const colas = new WeakMap<Db, ColaAuditoria>();

/**
 * Appends one entry in a transaction of its own, shared with the entries other requests append at
 * the same time (ColaAuditoria). Settles once the entry is committed.
 */
export function auditarAgrupado(db: Db, e: EventoAuditoria): Promise<void> {
  let cola = colas.get(db);
  if (!cola) {
    cola = new ColaAuditoria(db);
    colas.set(db, cola);
  }
  return cola.agregar(filaDe(e));
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
