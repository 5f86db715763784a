/**
 * SQL of the audit chain (the rules are in cadena.ts, clave.ts, verificacion.ts, puntos.ts,
 * incidentes.ts): writing an entry and its seal, reading entries as their seal covers them, the
 * chain's state in one statement, the head, incidents, and the checkpoint's e-mail in the outbox.
 */
import { asc, desc, eq, gt, sql } from "drizzle-orm";
import type { Tx } from "../db/client.js";
import { auditoria, auditoriaIncidentes, auditoriaSello, correos, usuarios } from "../db/schema.js";
import type { FilaSellable } from "./clave.js";

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

/** An entry as the app writes it (the chaining trigger fills its id, time and links). */
export type NuevaEntrada = Omit<typeof auditoria.$inferInsert, "idAuditoria" | "fecha" | "hash" | "hashAnterior">;

/** Appends one entry (the chaining trigger fills its links); answers its columns as the seal covers them. */
export async function insertarEntrada(tx: Tx, e: NuevaEntrada): Promise<FilaSellable> {
  const [fila]: FilaSellable[] = await tx.insert(auditoria).values(e).returning(columnasSellables);
  return fila;
}

/**
 * Appends entries in one statement, in the given order (the trigger chains each row in turn, under
 * the head's lock it takes at the first); answers each one's columns as the seal covers them.
 */
export async function insertarEntradas(tx: Tx, filas: NuevaEntrada[]): Promise<FilaSellable[]> {
  return tx.insert(auditoria).values(filas).returning(columnasSellables);
}

export async function insertarSello(tx: Tx, idAuditoria: number, sello: string): Promise<void> {
  await tx.insert(auditoriaSello).values({ idAuditoria, sello });
}

export async function insertarSellos(tx: Tx, sellos: { idAuditoria: number; sello: string }[]): Promise<void> {
  await tx.insert(auditoriaSello).values(sellos);
}

/**
 * The chain in one statement: how many entries, the first whose hash or link is wrong (past the
 * entries in `excluir`), the last entry and its hash, and the recorded head.
 */
export async function estadoCadena(tx: Tx, excluir: number[]) {
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
  return r.rows[0];
}

/** The last sealed entry with its seal, or undefined when none is sealed yet. */
export async function ultimaSellada(tx: Tx) {
  const [f] = await tx
    .select({ ...columnasSellables, sello: auditoriaSello.sello })
    .from(auditoriaSello)
    .innerJoin(auditoria, eq(auditoria.idAuditoria, auditoriaSello.idAuditoria))
    .orderBy(desc(auditoriaSello.idAuditoria))
    .limit(1);
  return f;
}

/** A batch of entries after `ultimo`, in id order, each with its seal (null when unsealed). */
export async function entradasSelladas(tx: Tx, ultimo: number, lote: number) {
  return tx
    .select({ ...columnasSellables, sello: auditoriaSello.sello })
    .from(auditoria)
    .leftJoin(auditoriaSello, eq(auditoriaSello.idAuditoria, auditoria.idAuditoria))
    .where(gt(auditoria.idAuditoria, ultimo))
    .orderBy(asc(auditoria.idAuditoria))
    .limit(lote);
}

/** The head as the database holds it now, and the first sealed entry. */
export async function cabezaActual(tx: Tx): Promise<{ entrada: number; hash: string; desde: number }> {
  const r = (await tx.execute(sql`
    SELECT h.ultimo_id::text AS entrada, h.ultimo_hash AS hash,
           coalesce((SELECT min(id_auditoria) FROM auditoria_sello), 0)::text AS desde
    FROM auditoria_cabeza h WHERE h.id = 1`)) as unknown as {
    rows: { entrada: string; hash: string; desde: string }[];
  };
  const f = r.rows[0];
  return { entrada: Number(f.entrada), hash: f.hash, desde: Number(f.desde) };
}

/** The head's entry number alone (0 before any entry), for /metrics. */
export async function entradaDeCabeza(tx: Tx): Promise<number> {
  const r = (await tx.execute(sql`select ultimo_id::text as id from auditoria_cabeza where id = 1`)) as unknown as {
    rows: { id: string }[];
  };
  return Number(r.rows[0]?.id ?? 0);
}

/** A checkpoint's e-mail, queued in the outbox. */
export async function encolarCorreo(tx: Tx, c: { asunto: string; destino: string; cuerpo: string }): Promise<void> {
  await tx.insert(correos).values(c);
}

/** Every recorded incident, oldest first, with its author's user name. */
export async function filasIncidentes(tx: Tx) {
  return tx
    .select({
      idAuditoria: auditoriaIncidentes.idAuditoria,
      motivo: auditoriaIncidentes.motivo,
      fecha: auditoriaIncidentes.fecha,
      firma: auditoriaIncidentes.firma,
      usuario: usuarios.usuario,
    })
    .from(auditoriaIncidentes)
    .leftJoin(usuarios, eq(usuarios.idUsuario, auditoriaIncidentes.idUsuario))
    .orderBy(asc(auditoriaIncidentes.idIncidente));
}

export async function insertarIncidente(
  tx: Tx,
  fila: { idAuditoria: number; motivo: string; idUsuario: number; firma: string },
): Promise<void> {
  await tx.insert(auditoriaIncidentes).values(fila);
}
