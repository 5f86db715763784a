/** SQL behind release and reassignment: a user's views (for their workflow roles) and a stage's users. */
import { and, asc, eq, inArray } from "drizzle-orm";
import type { Tx } from "../db/client.js";
import { perfilVistas, usuarios, vistas } from "../db/schema.js";

/** An internal, active user and the names of their profile's views; null if none such. */
export async function usuarioInternoActivo(tx: Tx, idUsuario: number) {
  const filas = await tx
    .select({ idUsuario: usuarios.idUsuario, vista: vistas.nombre })
    .from(usuarios)
    .leftJoin(perfilVistas, eq(perfilVistas.idPerfil, usuarios.idPerfil))
    .leftJoin(vistas, eq(vistas.idVista, perfilVistas.idVista))
    .where(and(eq(usuarios.idUsuario, idUsuario), eq(usuarios.activo, true), eq(usuarios.externo, false)));
  if (filas.length === 0) return null;
  return { idUsuario, vistas: filas.flatMap((f) => (f.vista ? [f.vista] : [])) };
}

/** Internal, active users whose profile holds any of the named views, by name. */
export async function usuariosConVistas(tx: Tx, nombresVista: readonly string[]) {
  return tx
    .selectDistinct({
      idUsuario: usuarios.idUsuario,
      usuario: usuarios.usuario,
      nombre: usuarios.nombre,
      apellido: usuarios.apellido,
    })
    .from(usuarios)
    .innerJoin(perfilVistas, eq(perfilVistas.idPerfil, usuarios.idPerfil))
    .innerJoin(vistas, eq(vistas.idVista, perfilVistas.idVista))
    .where(and(eq(usuarios.activo, true), eq(usuarios.externo, false), inArray(vistas.nombre, [...nombresVista])))
    .orderBy(asc(usuarios.nombre), asc(usuarios.apellido), asc(usuarios.idUsuario));
}
