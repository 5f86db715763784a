/**
 * SQL behind the e-mail outbox: claiming due rows (FOR UPDATE SKIP LOCKED plus a lease, so several
 * processes never take the same row), what a mail carries, marking sent or failed, and the
 * configuration administrator's list of mails that exhausted their tries.
 */
import { and, asc, count, desc, eq, inArray, isNull, lte, or, sql } from "drizzle-orm";
import type { Tx } from "../db/client.js";
import { avisos, avisosResumen, correos, usuarios } from "../db/schema.js";

/** How long a claimed row stays with its sender before another may take it (a crash mid-send). */
const ARRIENDO_MS = 2 * 60_000;

/** Claims up to `limite` due rows for this sender: one try is counted at the claim. */
export async function reclamar(tx: Tx, ahora: Date, limite: number) {
  const vence = new Date(ahora.getTime() + ARRIENDO_MS);
  const candidatos = tx
    .select({ idCorreo: correos.idCorreo })
    .from(correos)
    .where(
      and(
        isNull(correos.enviado),
        eq(correos.fallido, false),
        lte(correos.proximoIntento, ahora),
        or(isNull(correos.reclamadoHasta), lte(correos.reclamadoHasta, ahora)),
      ),
    )
    .orderBy(asc(correos.idCorreo))
    .limit(limite)
    .for("update", { skipLocked: true });
  return tx
    .update(correos)
    .set({ reclamadoHasta: vence, intentos: sql`${correos.intentos} + 1` })
    .where(inArray(correos.idCorreo, candidatos))
    .returning();
}

export async function destinatario(tx: Tx, idUsuario: number | null) {
  if (idUsuario === null) return null;
  const [u] = await tx
    .select({ email: usuarios.email, activo: usuarios.activo, nombre: usuarios.nombre, apellido: usuarios.apellido })
    .from(usuarios)
    .where(eq(usuarios.idUsuario, idUsuario));
  return u ?? null;
}

/** The notices a mail carries: its own one, or the ones of a daily summary. */
export async function avisosDelCorreo(tx: Tx, correo: { idCorreo: number; idAviso: number | null }) {
  if (correo.idAviso !== null) return tx.select().from(avisos).where(eq(avisos.idAviso, correo.idAviso));
  return tx
    .select({
      idAviso: avisos.idAviso,
      idUsuario: avisos.idUsuario,
      idSolicitud: avisos.idSolicitud,
      tipo: avisos.tipo,
      titulo: avisos.titulo,
      texto: avisos.texto,
      detalle: avisos.detalle,
      enlace: avisos.enlace,
      creado: avisos.creado,
      leido: avisos.leido,
      resumenPendiente: avisos.resumenPendiente,
      clave: avisos.clave,
    })
    .from(avisosResumen)
    .innerJoin(avisos, eq(avisos.idAviso, avisosResumen.idAviso))
    .where(eq(avisosResumen.idCorreo, correo.idCorreo))
    .orderBy(asc(avisos.idAviso));
}

export async function marcarEnviado(tx: Tx, idCorreo: number, para: string) {
  await tx
    .update(correos)
    .set({ enviado: sql`now()`, reclamadoHasta: null, ultimoError: null, para, secreto: null })
    .where(eq(correos.idCorreo, idCorreo));
}

/**
 * A failed try: retried at `proximo`, or, with `proximo` null, kept for "Correos no enviados" (its
 * secret dropped: a link that exhausted its tries has long stopped serving).
 */
export async function marcarFallo(tx: Tx, idCorreo: number, error: string, para: string | null, proximo: Date | null) {
  await tx
    .update(correos)
    .set({
      reclamadoHasta: null,
      ultimoError: error.slice(0, 1000),
      para,
      ...(proximo ? { proximoIntento: proximo } : { fallido: true, secreto: null }),
    })
    .where(eq(correos.idCorreo, idCorreo));
}

export async function listarFallidos(tx: Tx, page: number, rows: number) {
  const filas = await tx
    .select({
      idCorreo: correos.idCorreo,
      creado: correos.creado,
      usuario: usuarios.usuario,
      email: usuarios.email,
      para: correos.para,
      asunto: correos.asunto,
      intentos: correos.intentos,
      ultimoError: correos.ultimoError,
    })
    .from(correos)
    .leftJoin(usuarios, eq(usuarios.idUsuario, correos.idUsuario))
    .where(eq(correos.fallido, true))
    .orderBy(desc(correos.idCorreo))
    .limit(rows)
    .offset(page * rows);
  const [{ total }] = await tx.select({ total: count() }).from(correos).where(eq(correos.fallido, true));
  return { filas, total };
}

/** Puts a failed mail back in the queue with fresh tries; false when it is not a failed one. */
export async function reintentar(tx: Tx, idCorreo: number, ahora: Date): Promise<boolean> {
  const r = await tx
    .update(correos)
    .set({ fallido: false, intentos: 0, proximoIntento: ahora, reclamadoHasta: null })
    .where(and(eq(correos.idCorreo, idCorreo), eq(correos.fallido, true)))
    .returning({ idCorreo: correos.idCorreo });
  return r.length > 0;
}

/** Pending mails queued over two days ago that never went out (e.g. no SMTP_URL while they waited). */
export async function caducarPendientes(tx: Tx, error: string) {
  await tx
    .update(correos)
    .set({ fallido: true, ultimoError: error })
    .where(
      and(
        isNull(correos.enviado),
        eq(correos.fallido, false),
        eq(correos.intentos, 0),
        lte(correos.creado, sql`now() - interval '2 days'`),
      ),
    );
}
