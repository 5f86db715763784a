/** SQL for users' credentials and sessions. */
import { and, eq, isNull, sql } from "drizzle-orm";
import type { Tx } from "../db/client.js";
import { instituciones, modulos, perfiles, perfilVistas, sesiones, usuarios, vistas } from "../db/schema.js";

export async function buscarUsuarioPorNombre(db: Tx, usuario: string) {
  const [row] = await db.select().from(usuarios).where(sql`lower(${usuarios.usuario}) = lower(${usuario})`).limit(1);
  return row ?? null;
}

export async function registrarFallo(db: Tx, idUsuario: number, maxIntentos: number, bloqueoMinutos: number) {
  await db
    .update(usuarios)
    .set({
      intentosFallidos: sql`${usuarios.intentosFallidos} + 1`,
      bloqueadoHasta: sql`case when ${usuarios.intentosFallidos} + 1 >= ${maxIntentos}
        then now() + make_interval(mins => ${bloqueoMinutos}) else ${usuarios.bloqueadoHasta} end`,
    })
    .where(eq(usuarios.idUsuario, idUsuario));
}

export async function limpiarFallos(db: Tx, idUsuario: number) {
  await db.update(usuarios).set({ intentosFallidos: 0, bloqueadoHasta: null }).where(eq(usuarios.idUsuario, idUsuario));
}

export async function crearSesion(db: Tx, idUsuario: number, tokenHash: string) {
  await db.insert(sesiones).values({ idUsuario, tokenHash });
}

/** The session with its user, profile, institution and view names, or null. */
export async function buscarSesion(db: Tx, tokenHash: string) {
  const [row] = await db
    .select({
      idSesion: sesiones.idSesion,
      creada: sesiones.creada,
      ultimoUso: sesiones.ultimoUso,
      revocada: sesiones.revocada,
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
      vistas: sql<string[]>`coalesce((select array_agg(v.nombre) from ${perfilVistas} pv
        join ${vistas} v on v.id_vista = pv.id_vista where pv.id_perfil = ${perfiles.idPerfil}), '{}')`,
    })
    .from(sesiones)
    .innerJoin(usuarios, eq(usuarios.idUsuario, sesiones.idUsuario))
    .innerJoin(perfiles, eq(perfiles.idPerfil, usuarios.idPerfil))
    .leftJoin(instituciones, eq(instituciones.idInstitucion, usuarios.idInstitucion))
    .where(eq(sesiones.tokenHash, tokenHash))
    .limit(1);
  return row ?? null;
}

export async function tocarSesion(db: Tx, idSesion: number) {
  await db.update(sesiones).set({ ultimoUso: sql`now()` }).where(eq(sesiones.idSesion, idSesion));
}

export async function revocarSesion(db: Tx, idSesion: number) {
  await db.update(sesiones).set({ revocada: sql`now()` }).where(eq(sesiones.idSesion, idSesion));
}

/** Ends every open session of a user (password change, user disabled). `excepto` keeps one. */
export async function revocarSesionesUsuario(db: Tx, idUsuario: number, excepto?: number) {
  await db
    .update(sesiones)
    .set({ revocada: sql`now()` })
    .where(
      and(
        eq(sesiones.idUsuario, idUsuario),
        isNull(sesiones.revocada),
        excepto ? sql`${sesiones.idSesion} <> ${excepto}` : undefined,
      ),
    );
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
