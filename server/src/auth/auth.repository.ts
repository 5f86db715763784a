/** SQL for users' credentials and sessions. */
import { and, desc, eq, isNull, sql } from "drizzle-orm";
import type { Tx } from "../db/client.js";
import { bloqueosAcceso, modulos, perfilVistas, sesiones, usuarios, vistas } from "../db/schema.js";

export async function buscarUsuarioPorNombre(db: Tx, usuario: string) {
  const [row] = await db.select().from(usuarios).where(sql`lower(${usuarios.usuario}) = lower(${usuario})`).limit(1);
  return row ?? null;
}

/**
 * How long the user's lock still lasts, in milliseconds, for a sign-in from this address: the later
 * of the account's lock and this address's lock, or null when neither is in force. Measured by the
 * database's clock, the one that wrote the lock's end.
 */
export async function bloqueoRestanteMs(db: Tx, idUsuario: number, direccion: string): Promise<number | null> {
  const [row] = await db
    .select({
      ms: sql<number | null>`extract(epoch from nullif(greatest(
        case when ${usuarios.bloqueadoHasta} > now() then ${usuarios.bloqueadoHasta} end,
        (select max(b.bloqueado_hasta) from ${bloqueosAcceso} b
          where b.id_usuario = ${idUsuario} and b.direccion = ${direccion} and b.bloqueado_hasta > now())
      ), null) - now()) * 1000`.mapWith((v) => (v === null ? null : Number(v))),
    })
    .from(usuarios)
    .where(eq(usuarios.idUsuario, idUsuario));
  return row?.ms ?? null;
}

export interface Umbrales {
  porDireccion: number;
  porCuenta: number;
  minutos: number;
}

/**
 * Counts one failure for the account from this address and for the account as a whole. A count
 * restarts when its lock has expired or its previous failure is older than the lock's length.
 * Returns which locks began with this failure.
 */
export async function registrarFallo(
  db: Tx,
  idUsuario: number,
  direccion: string,
  u: Umbrales,
): Promise<{ direccion: boolean; cuenta: boolean }> {
  const ventana = sql`now() - make_interval(mins => ${u.minutos})`;
  const hasta = sql`now() + make_interval(mins => ${u.minutos})`;
  const previoD = sql`case when ${bloqueosAcceso.bloqueadoHasta} is not null or ${bloqueosAcceso.ultimoFallo} < ${ventana}
    then 0 else ${bloqueosAcceso.fallos} end`;
  const [d] = await db
    .insert(bloqueosAcceso)
    .values({
      idUsuario,
      direccion,
      fallos: 1,
      bloqueadoHasta: u.porDireccion <= 1 ? sql`${hasta}` : null,
    })
    .onConflictDoUpdate({
      target: [bloqueosAcceso.idUsuario, bloqueosAcceso.direccion],
      set: {
        fallos: sql`${previoD} + 1`,
        ultimoFallo: sql`now()`,
        bloqueadoHasta: sql`case when ${previoD} + 1 >= ${u.porDireccion} then ${hasta} else null end`,
      },
    })
    .returning({ bloqueadoHasta: bloqueosAcceso.bloqueadoHasta });
  const previoC = sql`case when ${usuarios.bloqueadoHasta} is not null or ${usuarios.ultimoFallo} is null
    or ${usuarios.ultimoFallo} < ${ventana} then 0 else ${usuarios.intentosFallidos} end`;
  const [c] = await db
    .update(usuarios)
    .set({
      intentosFallidos: sql`${previoC} + 1`,
      ultimoFallo: sql`now()`,
      bloqueadoHasta: sql`case when ${previoC} + 1 >= ${u.porCuenta} then ${hasta} else null end`,
    })
    .where(eq(usuarios.idUsuario, idUsuario))
    .returning({ bloqueadoHasta: usuarios.bloqueadoHasta });
  return { direccion: d?.bloqueadoHasta != null, cuenta: c?.bloqueadoHasta != null };
}

/** After a right password: this address's count and the account's count start again. */
export async function limpiarFallos(db: Tx, idUsuario: number, direccion: string) {
  await db
    .delete(bloqueosAcceso)
    .where(and(eq(bloqueosAcceso.idUsuario, idUsuario), eq(bloqueosAcceso.direccion, direccion)));
  await db
    .update(usuarios)
    .set({ intentosFallidos: 0, bloqueadoHasta: null, ultimoFallo: null })
    .where(eq(usuarios.idUsuario, idUsuario));
}

/** Lifts every lock of the user (the administrator's password reset). True if one was active. */
export async function desbloquear(db: Tx, idUsuario: number): Promise<boolean> {
  const [u] = await db
    .select({ cuenta: sql<boolean>`coalesce(${usuarios.bloqueadoHasta} > now(), false)` })
    .from(usuarios)
    .where(eq(usuarios.idUsuario, idUsuario));
  const activos = await db
    .delete(bloqueosAcceso)
    .where(and(eq(bloqueosAcceso.idUsuario, idUsuario), sql`${bloqueosAcceso.bloqueadoHasta} > now()`))
    .returning({ direccion: bloqueosAcceso.direccion });
  await db.delete(bloqueosAcceso).where(eq(bloqueosAcceso.idUsuario, idUsuario));
  await db
    .update(usuarios)
    .set({ intentosFallidos: 0, bloqueadoHasta: null, ultimoFallo: null })
    .where(eq(usuarios.idUsuario, idUsuario));
  return Boolean(u?.cuenta) || activos.length > 0;
}

/** SQL: true while the user is locked, for the whole account or from any address. */
export const estaBloqueado = sql<boolean>`(coalesce(${usuarios.bloqueadoHasta} > now(), false) or exists (
  select 1 from ${bloqueosAcceso} b where b.id_usuario = ${usuarios.idUsuario} and b.bloqueado_hasta > now()))`;

/** Where a session was opened from ("Mis sesiones"): the client address and the browser's User-Agent. */
export interface OrigenSesion {
  direccion: string | null;
  agente: string | null;
}

export async function crearSesion(db: Tx, idUsuario: number, tokenHash: string, origen?: OrigenSesion) {
  await db.insert(sesiones).values({
    idUsuario,
    tokenHash,
    direccion: origen?.direccion?.slice(0, 100) ?? null,
    agente: origen?.agente?.slice(0, 500) ?? null,
  });
}

/**
 * The user's sessions still in force (not ended, within the idle and absolute limits), the most
 * recently used first: what "Mis sesiones" lists.
 */
export async function sesionesVigentes(db: Tx, idUsuario: number, limites: { idleMinutes: number; maxHours: number }) {
  return db
    .select({
      idSesion: sesiones.idSesion,
      creada: sesiones.creada,
      ultimoUso: sesiones.ultimoUso,
      direccion: sesiones.direccion,
      agente: sesiones.agente,
    })
    .from(sesiones)
    .where(
      and(
        eq(sesiones.idUsuario, idUsuario),
        isNull(sesiones.revocada),
        sql`${sesiones.ultimoUso} > now() - make_interval(mins => ${limites.idleMinutes})`,
        sql`${sesiones.creada} > now() - make_interval(hours => ${limites.maxHours})`,
      ),
    )
    .orderBy(desc(sesiones.ultimoUso), desc(sesiones.idSesion));
}

/** Ends one of the user's own open sessions ("Mis sesiones"); false when it is not theirs or already ended. */
export async function revocarSesionDe(db: Tx, idUsuario: number, idSesion: number): Promise<boolean> {
  const filas = await db
    .update(sesiones)
    .set({ revocada: sql`now()`, cerradaDesde: "mis_sesiones" })
    .where(and(eq(sesiones.idSesion, idSesion), eq(sesiones.idUsuario, idUsuario), isNull(sesiones.revocada)))
    .returning({ idSesion: sesiones.idSesion });
  return filas.length > 0;
}

// Reading a session (and a route's data with it): sesion-leida.repository.ts.
export { buscarSesion, buscarSesionPorId, type FilaSesionLeida } from "./sesion-leida.repository.js";

export async function tocarSesion(db: Tx, idSesion: number) {
  await db.update(sesiones).set({ ultimoUso: sql`now()` }).where(eq(sesiones.idSesion, idSesion));
}

export async function revocarSesion(db: Tx, idSesion: number) {
  await db.update(sesiones).set({ revocada: sql`now()` }).where(eq(sesiones.idSesion, idSesion));
}

/**
 * Ends every open session of a user (password change, user disabled, "cerrar las demás").
 * `excepto` keeps one; `cerradaDesde` records that the user did it from "Mis sesiones". Returns the
 * ids of the sessions it ended.
 */
export async function revocarSesionesUsuario(
  db: Tx,
  idUsuario: number,
  excepto?: number,
  cerradaDesde?: "mis_sesiones",
): Promise<number[]> {
  const filas = await db
    .update(sesiones)
    .set({ revocada: sql`now()`, cerradaDesde: cerradaDesde ?? null })
    .where(
      and(
        eq(sesiones.idUsuario, idUsuario),
        isNull(sesiones.revocada),
        excepto ? sql`${sesiones.idSesion} <> ${excepto}` : undefined,
      ),
    )
    .returning({ idSesion: sesiones.idSesion });
  return filas.map((f) => f.idSesion);
}

export async function vistasDePerfil(db: Tx, idPerfil: number) {
  return db
    .select({
      idVista: vistas.idVista,
      nombre: vistas.nombre,
      url: vistas.url,
      iconClass: vistas.iconClass,
      idModulo: vistas.idModulo,
      principal: vistas.principal,
      moduloNombre: modulos.nombre,
      moduloIcon: modulos.iconClass,
    })
    .from(perfilVistas)
    .innerJoin(vistas, eq(vistas.idVista, perfilVistas.idVista))
    .innerJoin(modulos, eq(modulos.idModulo, vistas.idModulo))
    .where(eq(perfilVistas.idPerfil, idPerfil))
    .orderBy(modulos.orden, vistas.orden);
}

export async function actualizarClave(db: Tx, idUsuario: number, passwordHash: string, cambioClave: boolean) {
  await db.update(usuarios).set({ passwordHash, cambioClave }).where(eq(usuarios.idUsuario, idUsuario));
}
