/**
 * SQL reading a session by its token's hash or its id, with its user, profile, institution and
 * views (what the guard decides on), and a route's data read in the same statement.
 */
import { and, eq, type SQL, sql } from "drizzle-orm";
import type { SelectedFields } from "drizzle-orm/pg-core";
import type { Tx } from "../db/client.js";
import { factores, instituciones, perfiles, perfilVistas, sesiones, usuarios, vistas } from "../db/schema.js";

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
