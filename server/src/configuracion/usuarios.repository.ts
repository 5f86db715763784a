/** SQL of the users maintenance: list, load, duplicates, writes. */
import { and, asc, eq, or, sql } from "drizzle-orm";
import { estaBloqueado } from "../auth/auth.repository.js";
import type { Tx } from "../db/client.js";
import { instituciones, perfiles, usuarios } from "../db/schema.js";

const columnas = {
  idUsuario: usuarios.idUsuario,
  usuario: usuarios.usuario,
  nombre: usuarios.nombre,
  apellido: usuarios.apellido,
  cedula: usuarios.cedula,
  email: usuarios.email,
  idPerfil: usuarios.idPerfil,
  perfil: perfiles.nombre,
  externo: usuarios.externo,
  idInstitucion: usuarios.idInstitucion,
  institucion: instituciones.nombre,
  activo: usuarios.activo,
  bloqueado: estaBloqueado,
};

export type FilaUsuario = {
  idUsuario: number;
  usuario: string;
  nombre: string;
  apellido: string;
  cedula: string;
  email: string;
  idPerfil: number;
  perfil: string;
  externo: boolean;
  idInstitucion: number | null;
  institucion: string | null;
  activo: boolean;
  /** Locked after failed sign-ins (the whole account, or from some address). */
  bloqueado: boolean;
};

function consulta(tx: Tx) {
  return tx
    .select(columnas)
    .from(usuarios)
    .innerJoin(perfiles, eq(perfiles.idPerfil, usuarios.idPerfil))
    .leftJoin(instituciones, eq(instituciones.idInstitucion, usuarios.idInstitucion));
}

export async function listarUsuarios(tx: Tx): Promise<FilaUsuario[]> {
  return consulta(tx).orderBy(asc(sql`lower(${usuarios.usuario})`));
}

export async function buscarUsuario(tx: Tx, idUsuario: number): Promise<FilaUsuario | null> {
  const [row] = await consulta(tx).where(eq(usuarios.idUsuario, idUsuario)).limit(1);
  return row ?? null;
}

/** Users (other than `excepto`) sharing the user name, cédula or email, compared without case. */
export async function buscarDuplicados(
  tx: Tx,
  d: { usuario: string; cedula: string; email: string },
  excepto: number | null,
) {
  return tx
    .select({ usuario: usuarios.usuario, cedula: usuarios.cedula, email: usuarios.email })
    .from(usuarios)
    .where(
      and(
        or(
          sql`lower(${usuarios.usuario}) = lower(${d.usuario})`,
          eq(usuarios.cedula, d.cedula),
          sql`lower(${usuarios.email}) = lower(${d.email})`,
        ),
        excepto === null ? undefined : sql`${usuarios.idUsuario} <> ${excepto}`,
      ),
    );
}

export async function existePerfil(tx: Tx, idPerfil: number): Promise<boolean> {
  const rows = await tx.select({ id: perfiles.idPerfil }).from(perfiles).where(eq(perfiles.idPerfil, idPerfil));
  return rows.length > 0;
}

export async function buscarInstitucion(tx: Tx, idInstitucion: number) {
  const [row] = await tx
    .select({ idInstitucion: instituciones.idInstitucion, estatus: instituciones.estatus })
    .from(instituciones)
    .where(eq(instituciones.idInstitucion, idInstitucion));
  return row ?? null;
}

export interface DatosUsuario {
  usuario: string;
  nombre: string;
  apellido: string;
  cedula: string;
  email: string;
  idPerfil: number;
  externo: boolean;
  idInstitucion: number | null;
}

export async function insertarUsuario(tx: Tx, d: DatosUsuario & { passwordHash: string }): Promise<number> {
  const [row] = await tx
    .insert(usuarios)
    .values({ ...d, cambioClave: true, activo: true })
    .returning({ id: usuarios.idUsuario });
  return row.id;
}

export async function actualizarUsuario(tx: Tx, idUsuario: number, d: DatosUsuario & { activo: boolean }) {
  await tx.update(usuarios).set(d).where(eq(usuarios.idUsuario, idUsuario));
}

/** New temporary password: must be changed at next sign-in; a forgotten-password lockout ends. */
export async function reiniciarClave(tx: Tx, idUsuario: number, passwordHash: string) {
  await tx
    .update(usuarios)
    .set({ passwordHash, cambioClave: true, intentosFallidos: 0, bloqueadoHasta: null })
    .where(eq(usuarios.idUsuario, idUsuario));
}
