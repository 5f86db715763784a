/**
 * Helpers for the review, inbox and workflow tests: calling a review action as a demo user, and
 * reading everything a refusal must leave untouched (the request row, its officials, its history
 * with reasons) so a test can compare before and after.
 */
import { asc, eq, inArray } from "drizzle-orm";
import type { LightMyRequestResponse } from "fastify";
import type { Db } from "../../src/db/client.js";
import { funcionarios, historial, historialMotivos, solicitudes, usuarios } from "../../src/db/schema.js";
import { MOTIVOS } from "../../src/seed/catalogos.js";
import type { TestApp, UsuarioDemo } from "./app.js";

export type AccionRevision =
  | "AprobarRcc"
  | "Retornar"
  | "AprobarJuridico"
  | "RetornarJuridico"
  | "Rechazar"
  | "AprobarAdminRcc"
  | "Inactivar"
  | "AssignProcess"
  | "CanAssign";

/** POST api/SolicitudFirma/{accion}/{id} as a demo user (null: no token). */
export function accion(
  t: TestApp,
  usuario: UsuarioDemo | null,
  nombre: AccionRevision,
  id: number | string,
  payload?: unknown,
): Promise<LightMyRequestResponse> {
  return t.as(usuario, {
    method: "POST",
    url: `/api/SolicitudFirma/${nombre}/${id}`,
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
}

/**
 * Valid bodies, one per kind of decision: each decision takes only the reasons of its kind
 * (the catalogue's `idEstatusProceso`, seed/catalogos.ts).
 */
/** The analyst's return to the originator (108). */
export const cuerpoRyCC = { Comentario: "Faltan documentos legibles.", MotivoCambioEstatus: [1, 2] };
/** Legal's return to the analyst (204). */
export const cuerpoRetornoJuridico = { Comentario: "La vigencia no procede.", MotivoCambioEstatus: [14, 15] };
/** Legal's rejection (104). */
export const cuerpoRechazo = { Comentario: "La designación no procede.", MotivoCambioEstatus: [11, 12] };
/** The administrator's return to legal (103). */
export const cuerpoRetornoAdmin = { Comentario: "Revise los montos.", MotivoCambioEstatus: [6] };
/** Reason ids of one kind, as seeded. */
export const motivosDeTipo = (idEstatusProceso: number) =>
  MOTIVOS.filter((m) => m.idEstatusProceso === idEstatusProceso).map((m) => m.idMotivo);

export async function entradasHistorial(db: Db, idSolicitud: number) {
  const filas = await db
    .select()
    .from(historial)
    .where(eq(historial.idSolicitud, idSolicitud))
    .orderBy(asc(historial.idHistorial));
  const ids = filas.map((f) => f.idHistorial);
  const motivos = ids.length
    ? await db.select().from(historialMotivos).where(inArray(historialMotivos.idHistorial, ids))
    : [];
  return filas.map((f) => ({
    idHistorial: f.idHistorial,
    estatus: f.estatus,
    motivoCambioEstatus: f.motivoCambioEstatus,
    idUsuario: f.idUsuario,
    motivos: motivos
      .filter((m) => m.idHistorial === f.idHistorial)
      .map((m) => m.idMotivo)
      .sort((a, b) => a - b),
  }));
}

export async function estatusFuncionarios(db: Db, idSolicitud: number) {
  const filas = await db
    .select({ idFuncionario: funcionarios.idFuncionario, idEstatus: funcionarios.idEstatus })
    .from(funcionarios)
    .where(eq(funcionarios.idSolicitud, idSolicitud))
    .orderBy(asc(funcionarios.idFuncionario));
  return filas;
}

/** Everything a refused call must leave exactly as it was. */
export async function instantanea(db: Db, idSolicitud: number) {
  const [solicitud] = await db.select().from(solicitudes).where(eq(solicitudes.idSolicitud, idSolicitud));
  return {
    solicitud,
    funcionarios: await estatusFuncionarios(db, idSolicitud),
    historial: await entradasHistorial(db, idSolicitud),
  };
}

export async function nombreCompleto(db: Db, usuario: string): Promise<string> {
  const [u] = await db
    .select({ nombre: usuarios.nombre, apellido: usuarios.apellido })
    .from(usuarios)
    .where(eq(usuarios.usuario, usuario));
  return `${u.nombre} ${u.apellido}`;
}
