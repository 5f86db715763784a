/**
 * Release and reassignment. A reviewer gives back a request they hold (Liberar); the RyCC
 * administrator moves a held request to another active user of the same stage (Reasignar) with a
 * comment. Both go through `aplicarTransicion`, so the request's row lock keeps exactly one holder.
 */
import { GRUPOS, MSG, rolesDeVistas, rolQueAsigna, type UsuarioEtapa } from "@registro/contracts";
import type { Db } from "../db/client.js";
import { asegurarAlcance } from "../llamante/alcance.js";
import type { SesionUsuario } from "../llamante/sesion.js";
import { ErroresCampo, NoEncontrado } from "../shared/errors.js";
import * as repo from "./reasignacion.repository.js";
import * as revision from "./revision.repository.js";
import type { RespuestaAccion } from "./revision.service.js";
import { aplicarTransicion } from "./transiciones.service.js";

export async function liberar(db: Db, sesion: SesionUsuario, idSolicitud: number): Promise<RespuestaAccion> {
  await db.transaction((tx) => aplicarTransicion(tx, idSolicitud, "liberar", sesion));
  return { success: true, message: MSG.liberadoExitoso };
}

export async function reasignar(
  db: Db,
  sesion: SesionUsuario,
  idSolicitud: number,
  body: { IdUsuario?: number; Comentario: string } | null | undefined,
): Promise<RespuestaAccion> {
  const comentario = (body?.Comentario ?? "").trim();
  const errores = new ErroresCampo();
  if (body?.IdUsuario === undefined) errores.add("IdUsuario", MSG.usuarioDestinoRequerido);
  if (!comentario) errores.add("Comentario", MSG.comentarioRequerido);
  errores.throwIfAny();
  const idUsuario = body!.IdUsuario!;
  await db.transaction(async (tx) => {
    const usuario = await repo.usuarioInternoActivo(tx, idUsuario);
    // An unknown, inactive or external user holds no role: the workflow module refuses them.
    const destino = { idUsuario, roles: usuario ? rolesDeVistas(usuario.vistas) : new Set<never>() };
    await aplicarTransicion(tx, idSolicitud, "reasignar", sesion, { comentario, destino });
  });
  return { success: true, message: MSG.reasignadoExitoso };
}

/** The users who could receive the request now: active internal users of its stage but the holder. */
export async function usuariosEtapa(db: Db, sesion: SesionUsuario, idSolicitud: number): Promise<UsuarioEtapa[]> {
  const estado = await revision.leerEstadoSolicitud(db, idSolicitud);
  if (!estado) throw NoEncontrado(MSG.solicitudNoEncontrada);
  asegurarAlcance(sesion, estado.idInstitucion, MSG.solicitudNoEncontrada);
  const etapa = rolQueAsigna(estado.estatus);
  if (etapa !== "analista" && etapa !== "juridico") return [];
  const filas = await repo.usuariosConVistas(db, GRUPOS[etapa]);
  return filas
    .filter((u) => u.idUsuario !== estado.asignadoA)
    .map((u) => ({ idUsuario: u.idUsuario, usuario: u.usuario, nombre: `${u.nombre} ${u.apellido}` }));
}
