/**
 * SQL of the notifications' outbox: what an official's event carries, writing events, claiming due
 * ones (FOR UPDATE SKIP LOCKED plus a lease, so several processes never take the same row, and
 * never a later event of an official while an earlier one waits), the result of each attempt, the
 * delivery log and a replay.
 */
import { and, count, desc, eq, inArray, isNotNull, isNull, sql } from "drizzle-orm";
import type { Tx } from "../db/client.js";
import { filas } from "../db/filas.js";
import {
  autorizaciones,
  clavesSistema,
  funcionarios,
  notificaciones,
  notificacionesIntentos,
  suscripciones,
} from "../db/schema.js";
import { registros } from "../registro/registro.repository.js";

/** The database's clock: events are dated by the transaction that makes the change. */
export async function ahoraBase(tx: Tx): Promise<Date> {
  const [r] = await filas<{ ahora: Date | string }>(tx, sql`select now() as ahora`);
  return new Date(r.ahora);
}

/** Ids in slices a statement's parameters can hold (an import may change many officials). */
async function porTramos<T>(ids: number[], leer: (tramo: number[]) => Promise<T[]>): Promise<T[]> {
  const out: T[] = [];
  for (let i = 0; i < ids.length; i += 10_000) out.push(...(await leer(ids.slice(i, i + 10_000))));
  return out;
}

/** What an event tells of each official. */
export async function datosFuncionarios(tx: Tx, ids: number[]) {
  return porTramos(ids, (tramo) => leerFuncionarios(tx, tramo));
}

async function leerFuncionarios(tx: Tx, ids: number[]) {
  if (ids.length === 0) return [];
  return registros(tx, inArray(funcionarios.idFuncionario, ids));
}
export type DatosFuncionario = Awaited<ReturnType<typeof leerFuncionarios>>[number];

/** How many authorisation periods each official has had (more than one: it was authorised before). */
export async function periodosPorFuncionario(tx: Tx, ids: number[]): Promise<Map<number, number>> {
  if (ids.length === 0) return new Map();
  const r = await tx
    .select({ id: autorizaciones.idFuncionario, n: count() })
    .from(autorizaciones)
    .where(inArray(autorizaciones.idFuncionario, ids))
    .groupBy(autorizaciones.idFuncionario);
  return new Map(r.map((x) => [x.id, Number(x.n)]));
}

/** The last sequence number of each (subscription, official) pair among these officials. */
export async function ultimasSecuencias(tx: Tx, idsFuncionario: number[]): Promise<Map<string, number>> {
  const r = await porTramos(idsFuncionario, (tramo) => leerSecuencias(tx, tramo));
  return new Map(r.map((x) => [`${x.idSuscripcion}:${x.idFuncionario}`, Number(x.ultima)]));
}

async function leerSecuencias(tx: Tx, idsFuncionario: number[]) {
  if (idsFuncionario.length === 0) return [];
  return tx
    .select({
      idSuscripcion: notificaciones.idSuscripcion,
      idFuncionario: notificaciones.idFuncionario,
      ultima: sql<number>`max(${notificaciones.secuencia})`,
    })
    .from(notificaciones)
    .where(inArray(notificaciones.idFuncionario, idsFuncionario))
    .groupBy(notificaciones.idSuscripcion, notificaciones.idFuncionario);
}

export async function clavesExistentes(tx: Tx, claves: string[]): Promise<Set<string>> {
  if (claves.length === 0) return new Set();
  const r = await tx
    .select({ clave: notificaciones.clave })
    .from(notificaciones)
    .where(inArray(notificaciones.clave, claves));
  return new Set(r.map((x) => x.clave as string));
}

export type NuevaNotificacion = typeof notificaciones.$inferInsert;

export async function insertarNotificaciones(tx: Tx, lista: NuevaNotificacion[]): Promise<void> {
  for (let i = 0; i < lista.length; i += 1000) await tx.insert(notificaciones).values(lista.slice(i, i + 1000));
}

export interface NotificacionReclamada {
  idNotificacion: number;
  idEvento: string;
  idSuscripcion: number;
  carga: string;
  intentos: number;
  desde: Date;
  url: string;
  secreto: string;
}

/**
 * Claims up to `limite` due rows for this sender (one try counted at the claim): not delivered, not
 * failed, due, not leased, their subscription in force, and no earlier event of the same official
 * for the same subscription still waiting (so one official's events go out in order).
 */
export async function reclamar(tx: Tx, ahora: Date, vence: Date, limite: number): Promise<NotificacionReclamada[]> {
  const r = await filas<NotificacionReclamada & { desde: Date | string }>(
    tx,
    sql`update ${notificaciones} n
        set reclamado_hasta = ${vence.toISOString()}::timestamptz, intentos = n.intentos + 1
        from ${suscripciones} s
        where s.id_suscripcion = n.id_suscripcion and n.id_notificacion in (
          select c.id_notificacion from ${notificaciones} c
          join ${suscripciones} cs on cs.id_suscripcion = c.id_suscripcion and cs.eliminada is null
          where c.entregado is null and not c.fallido and c.proximo_intento <= ${ahora.toISOString()}::timestamptz
            and (c.reclamado_hasta is null or c.reclamado_hasta <= ${ahora.toISOString()}::timestamptz)
            and not exists (
              select 1 from ${notificaciones} p
              where p.id_suscripcion = c.id_suscripcion and p.id_funcionario = c.id_funcionario
                and p.secuencia < c.secuencia and p.entregado is null and not p.fallido)
          order by c.id_notificacion
          limit ${limite}
          for update of c skip locked)
        returning n.id_notificacion as "idNotificacion", n.id_evento as "idEvento", n.id_suscripcion as "idSuscripcion",
          n.carga, n.intentos, n.desde, s.url, s.secreto`,
  );
  return r.map((x) => ({ ...x, idNotificacion: Number(x.idNotificacion), desde: new Date(x.desde) }));
}

export async function anotarIntento(
  tx: Tx,
  i: { idNotificacion: number; fecha: Date; duracionMs: number; estadoHttp: number | null; error: string | null },
): Promise<void> {
  await tx.insert(notificacionesIntentos).values({ ...i, error: i.error?.slice(0, 1000) ?? null });
}

export async function marcarEntregada(tx: Tx, idNotificacion: number, estado: number): Promise<void> {
  await tx
    .update(notificaciones)
    .set({ entregado: sql`now()`, reclamadoHasta: null, ultimoEstado: estado, ultimoError: null })
    .where(eq(notificaciones.idNotificacion, idNotificacion));
}

/** A failed attempt: tried again at `proximo`, or, with `proximo` null, marked failed for good. */
export async function marcarFallo(
  tx: Tx,
  idNotificacion: number,
  estado: number | null,
  error: string,
  proximo: Date | null,
): Promise<void> {
  await tx
    .update(notificaciones)
    .set({
      reclamadoHasta: null,
      ultimoEstado: estado,
      ultimoError: error.slice(0, 1000),
      ...(proximo ? { proximoIntento: proximo } : { fallido: true }),
    })
    .where(eq(notificaciones.idNotificacion, idNotificacion));
}

const condicionEstado = {
  pendiente: and(isNull(notificaciones.entregado), eq(notificaciones.fallido, false)),
  entregada: isNotNull(notificaciones.entregado),
  fallida: eq(notificaciones.fallido, true),
} as const;

/** The delivery log: newest first, with the key's name and the subscription's address. */
export async function listarEntregas(
  tx: Tx,
  estado: keyof typeof condicionEstado | undefined,
  page: number,
  rows: number,
) {
  const donde = estado ? condicionEstado[estado] : undefined;
  const lista = await tx
    .select({
      idNotificacion: notificaciones.idNotificacion,
      idEvento: notificaciones.idEvento,
      tipo: notificaciones.tipo,
      carga: notificaciones.carga,
      creado: notificaciones.creado,
      intentos: notificaciones.intentos,
      entregado: notificaciones.entregado,
      fallido: notificaciones.fallido,
      proximoIntento: notificaciones.proximoIntento,
      ultimoEstado: notificaciones.ultimoEstado,
      ultimoError: notificaciones.ultimoError,
      url: suscripciones.url,
      sistema: clavesSistema.nombre,
    })
    .from(notificaciones)
    .innerJoin(suscripciones, eq(suscripciones.idSuscripcion, notificaciones.idSuscripcion))
    .innerJoin(clavesSistema, eq(clavesSistema.idClave, suscripciones.idClave))
    .where(donde)
    .orderBy(desc(notificaciones.idNotificacion))
    .limit(rows)
    .offset(page * rows);
  const [{ total }] = await tx.select({ total: count() }).from(notificaciones).where(donde);
  return { lista, total: Number(total) };
}

/** The latest attempts of these notifications (at most `porFila` each), newest first. */
export async function intentosDe(tx: Tx, ids: number[], porFila: number) {
  if (ids.length === 0) return [];
  return filas<{
    idNotificacion: number;
    fecha: Date | string;
    duracionMs: number;
    estadoHttp: number | null;
    error: string | null;
  }>(
    tx,
    sql`select id_notificacion as "idNotificacion", fecha, duracion_ms as "duracionMs", estado_http as "estadoHttp", error
        from (select i.*, row_number() over (partition by id_notificacion order by id_intento desc) as n
              from ${notificacionesIntentos} i where id_notificacion in (${sql.join(
                ids.map((id) => sql`${id}`),
                sql`, `,
              )})) x
        where n <= ${porFila} order by id_notificacion, id_intento desc`,
  );
}

/** The notification and its subscription, for a replay's audit entry. */
export async function notificacionConSuscripcion(tx: Tx, idNotificacion: number) {
  const [f] = await tx
    .select({
      idNotificacion: notificaciones.idNotificacion,
      idEvento: notificaciones.idEvento,
      idSuscripcion: notificaciones.idSuscripcion,
      eliminada: suscripciones.eliminada,
    })
    .from(notificaciones)
    .innerJoin(suscripciones, eq(suscripciones.idSuscripcion, notificaciones.idSuscripcion))
    .where(eq(notificaciones.idNotificacion, idNotificacion));
  return f ?? null;
}

/** Sends the same event (same id and body) again from now, with a fresh retry window. */
export async function reenviar(tx: Tx, idNotificacion: number): Promise<void> {
  await tx
    .update(notificaciones)
    .set({
      entregado: null,
      fallido: false,
      intentos: 0,
      desde: sql`now()`,
      proximoIntento: sql`now()`,
      ultimoError: null,
    })
    .where(eq(notificaciones.idNotificacion, idNotificacion));
}
