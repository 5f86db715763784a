/** SQL for users' credentials and sessions. */
import { and, desc, eq, isNull, type SQL, sql } from "drizzle-orm";
import type { SelectedFields } from "drizzle-orm/pg-core";
import type { Tx } from "../db/client.js";
import {
  bloqueosAcceso,
  factores,
  instituciones,
  modulos,
  perfiles,
  perfilVistas,
  sesiones,
  usuarios,
  vistas,
} from "../db/schema.js";

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

/** The columns of a session's row: the session, its user, profile, institution and view names. */
const camposSesion = {
  idSesion: sesiones.idSesion,
  tokenHash: sesiones.tokenHash,
  creada: sesiones.creada,
  ultimoUso: sesiones.ultimoUso,
  revocada: sesiones.revocada,
  cerradaDesde: sesiones.cerradaDesde,
  // The database's clock, the one that wrote the session's times: its limits are measured by it.
  ahora: sql<Date>`now()`.mapWith(sesiones.creada),
  idUsuario: usuarios.idUsuario,
  usuario: usuarios.usuario,
  nombre: usuarios.nombre,
  apellido: usuarios.apellido,
  activo: usuarios.activo,
  cambioClave: usuarios.cambioClave,
  externo: usuarios.externo,
  idInstitucion: usuarios.idInstitucion,
  institucion: instituciones.nombre,
  idPerfil: perfiles.idPerfil,
  perfil: perfiles.nombre,
  // The profile requires a second factor and the user has none yet: only enrolment is open.
  segundoFactorPendiente: sql<boolean>`(${perfiles.requiereSegundoFactor} and not exists (select 1 from ${factores} f
    where f.id_usuario = ${usuarios.idUsuario} and f.confirmado))`,
  vistas: sql<string[]>`coalesce((select array_agg(v.nombre) from ${perfilVistas} pv
    join ${vistas} v on v.id_vista = pv.id_vista where pv.id_perfil = ${perfiles.idPerfil}), '{}')`,
};

/**
 * The session by token hash or by id (the queries behind `buscarSesion` and `buscarSesionPorId`).
 */
function consultaSesion(db: Tx, por: "token" | "id") {
  return db
    .select(camposSesion)
    .from(sesiones)
    .innerJoin(usuarios, eq(usuarios.idUsuario, sesiones.idUsuario))
    .innerJoin(perfiles, eq(perfiles.idPerfil, usuarios.idPerfil))
    .leftJoin(instituciones, eq(instituciones.idInstitucion, usuarios.idInstitucion))
    .where(
      por === "token"
        ? eq(sesiones.tokenHash, sql.placeholder("clave"))
        : eq(sesiones.idSesion, sql.placeholder("clave")),
    )
    .limit(1)
    .prepare(por === "token" ? "rf_buscar_sesion" : "rf_buscar_sesion_id");
}

/**
 * Performance: a route's data read in the statement that reads the caller's session by its token's
 * hash, so a call makes one round trip to the database instead of two. `mas` are the route's
 * columns (no key of a session's column); the caller adds the tables they come from, each LEFT joined
 * (the session's row is there whatever the data: no row means no such session), then
 * `.where(porHashDeSesion(...))`, and splits the row with `separarSesion`. The guard decides on the
 * session's columns exactly as on `buscarSesion`'s row (auth.plugin.ts, `lecturaConSesion`).
 */
export function consultaConSesion<T extends SelectedFields>(db: Tx, mas: T) {
  const repetida = Object.keys(mas).find((k) => k in camposSesion);
  if (repetida) throw new Error(`consultaConSesion: ${repetida} es una columna de la sesión`);
  return db
    .select({ ...camposSesion, ...mas })
    .from(sesiones)
    .innerJoin(usuarios, eq(usuarios.idUsuario, sesiones.idUsuario))
    .innerJoin(perfiles, eq(perfiles.idPerfil, usuarios.idPerfil))
    .leftJoin(instituciones, eq(instituciones.idInstitucion, usuarios.idInstitucion))
    .$dynamic();
}

/** The condition on the session's token hash (placeholder `clave`) of `consultaConSesion`'s queries, and `mas`. */
export const porHashDeSesion = (mas?: SQL) => and(eq(sesiones.tokenHash, sql.placeholder("clave")), mas);

/** Splits a row of `consultaConSesion` into the session's row (as `buscarSesion` gives it) and the route's columns. */
export function separarSesion<D>(fila: Record<string, unknown> | undefined): {
  sesion: FilaSesionLeida | null;
  datos: D | null;
} {
  if (!fila) return { sesion: null, datos: null };
  const sesion: Record<string, unknown> = {};
  const datos: Record<string, unknown> = {};
  for (const k in fila) (k in camposSesion ? sesion : datos)[k] = fila[k];
  return { sesion: sesion as FilaSesionLeida, datos: datos as D };
}

// Performance: every signed-in call reads its session. The query is built once per
// database (not on every call) and, on PostgreSQL, is a named prepared statement: each connection
// parses and plans it once. Nothing of the session itself is kept: every call reads it afresh, so a
// sign-out, a lock or a disabled user takes effect on the next call, in every process.
const sesionPreparada = new WeakMap<Tx, Record<"token" | "id", ReturnType<typeof consultaSesion>>>();

async function leerSesion(db: Tx, por: "token" | "id", clave: string | number) {
  let consultas = sesionPreparada.get(db);
  if (!consultas) {
    consultas = { token: consultaSesion(db, "token"), id: consultaSesion(db, "id") };
    sesionPreparada.set(db, consultas);
  }
  const [row] = await consultas[por].execute({ clave });
  return row ?? null;
}

/** A session's row as every read of it gives it. */
export type FilaSesionLeida = NonNullable<Awaited<ReturnType<typeof leerSesion>>>;

/** The session with its user, profile, institution and view names, or null. */
export async function buscarSesion(db: Tx, tokenHash: string) {
  return leerSesion(db, "token", tokenHash);
}

/** The same by the session's id (links to a file are bound to a session, adjuntos/enlace.ts). */
export async function buscarSesionPorId(db: Tx, idSesion: number) {
  return leerSesion(db, "id", idSesion);
}

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
