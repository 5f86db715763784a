/**
 * The comptroller's review decisions (DESIGN.md §4): the analyst's, legal's and the administrator's
 * calls, self-assignment, and the administrator's removal of one official. Each call is one
 * transaction through `aplicarTransicion`; where one URL serves two actions (AprobarAdminRcc
 * approves or reactivates, RetornarJuridico is legal's or the administrator's return), the action is
 * picked from the locked request's status and the user's roles.
 */
import { type Accion, decidir, ESTATUS, ESTATUS_FUNCIONARIO, MSG } from "@registro/contracts";
import type { Db, Tx } from "../db/client.js";
import { asegurarAlcance } from "../llamante/alcance.js";
import type { SesionUsuario } from "../llamante/sesion.js";
import { notificarAutorizaciones } from "../notificaciones/eventos.js";
import { sincronizarAutorizaciones } from "../registro/registro.repository.js";
import { ErroresCampo, NoAutorizado, NoEncontrado, Regla } from "../shared/errors.js";
import * as repo from "./revision.repository.js";
import * as transiciones from "./transiciones.repository.js";
import { aplicarTransicion } from "./transiciones.service.js";

export interface RespuestaAccion {
  success: boolean;
  message: string;
}

const ok = (message: string): RespuestaAccion => ({ success: true, message });

/** The body as the zod schema left it (reasons already a list), or nothing when none was sent. */
export interface Decision {
  Comentario: string;
  MotivoCambioEstatus: number[];
}

/** Reasons and comment are required before anything is looked up: bad input is a 400 first. */
function exigirMotivos(body: Decision | null | undefined): { comentario: string; motivos: number[] } {
  const comentario = (body?.Comentario ?? "").trim();
  const motivos = body?.MotivoCambioEstatus ?? [];
  const errores = new ErroresCampo();
  if (motivos.length === 0) errores.add("MotivoCambioEstatus", MSG.motivosRequeridos);
  if (!comentario) errores.add("Comentario", MSG.comentarioRequerido);
  errores.throwIfAny();
  return { comentario, motivos };
}

/** Locks the request and picks the action its status calls for. */
async function accionSegunEstatus(tx: Tx, idSolicitud: number, elegir: (estatus: number) => Accion) {
  const solicitud = await transiciones.bloquearSolicitud(tx, idSolicitud);
  if (!solicitud) throw NoEncontrado(MSG.solicitudNoEncontrada);
  return elegir(solicitud.estatus);
}

async function transicion(
  db: Db,
  sesion: SesionUsuario,
  idSolicitud: number,
  accion: Accion | ((estatus: number) => Accion),
  mensaje: (accion: Accion) => string,
  opciones: { comentario?: string; motivos?: number[] } = {},
): Promise<RespuestaAccion> {
  const aplicada = await db.transaction(async (tx) => {
    const elegida = typeof accion === "function" ? await accionSegunEstatus(tx, idSolicitud, accion) : accion;
    await aplicarTransicion(tx, idSolicitud, elegida, sesion, opciones);
    return elegida;
  });
  return ok(mensaje(aplicada));
}

/** The approvals' optional comment goes to the history entry, as a return's does. */
export const aprobarRcc = (db: Db, sesion: SesionUsuario, id: number, comentario = "") =>
  transicion(db, sesion, id, "aprobarRcc", () => MSG.aprobadoExitoso, { comentario });

export const retornarRcc = (db: Db, sesion: SesionUsuario, id: number, body: Decision | null | undefined) =>
  transicion(db, sesion, id, "retornarRcc", () => MSG.retornadoExitoso, exigirMotivos(body));

export const aprobarJuridico = (db: Db, sesion: SesionUsuario, id: number, comentario = "") =>
  transicion(db, sesion, id, "aprobarJuridico", () => MSG.aprobadoExitoso, { comentario });

/** Legal returns 102/103 to the analyst (204); the administrator returns 105 to legal (103). */
export function retornarJuridico(db: Db, sesion: SesionUsuario, id: number, body: Decision | null | undefined) {
  const motivos = exigirMotivos(body);
  const esAdmin = sesion.roles.has("administrador");
  const esJuridico = sesion.roles.has("juridico");
  const elegir = (estatus: number): Accion =>
    esAdmin && (estatus === ESTATUS.APROBADO_JURIDICO || !esJuridico) ? "retornarAdmin" : "retornarJuridico";
  return transicion(db, sesion, id, elegir, () => MSG.retornadoExitoso, motivos);
}

export const rechazar = (db: Db, sesion: SesionUsuario, id: number, body: Decision | null | undefined) =>
  transicion(db, sesion, id, "rechazarJuridico", () => MSG.rechazadoExitoso, exigirMotivos(body));

/** Approves a request legal approved (105), or reactivates a deactivated one (203, 201). */
export function aprobarAdminRcc(db: Db, sesion: SesionUsuario, id: number, comentario = "") {
  const elegir = (estatus: number): Accion =>
    estatus === ESTATUS.SOLICITUD_INACTIVAR || estatus === ESTATUS.INACTIVADO ? "activar" : "aprobarAdmin";
  return transicion(db, sesion, id, elegir, (a) => (a === "activar" ? MSG.activadoExitoso : MSG.aprobadoExitoso), {
    comentario,
  });
}

export const inactivar = (db: Db, sesion: SesionUsuario, id: number) =>
  transicion(db, sesion, id, "inactivar", () => MSG.inactivadoExitoso);

export const asignar = (db: Db, sesion: SesionUsuario, id: number) =>
  transicion(db, sesion, id, "asignar", () => MSG.asignadoExitoso);

/** Whether the user could take the request now, and if not, why (CanAssign). */
export async function puedeAsignar(db: Db, sesion: SesionUsuario, idSolicitud: number): Promise<RespuestaAccion> {
  const estado = await repo.leerEstadoSolicitud(db, idSolicitud);
  if (!estado) throw NoEncontrado(MSG.solicitudNoEncontrada);
  asegurarAlcance(sesion, estado.idInstitucion, MSG.solicitudNoEncontrada);
  const d = decidir("asignar", estado, { idUsuario: sesion.idUsuario, roles: sesion.roles });
  if (d.permitido) return ok(MSG.puedeAsignar);
  switch (d.motivo) {
    case "rol":
      throw NoAutorizado();
    case "asignadoOtro":
      return { success: false, message: MSG.asignadaA(await transiciones.nombreUsuario(db, estado.asignadoA!)) };
    default:
      return { success: false, message: MSG.transicionInvalida };
  }
}

/**
 * The administrator removes one official for good (InactivarFuncionario): the official becomes
 * Inactivo and the request's history notes who was removed; the request keeps its status.
 */
export async function inactivarFuncionario(
  db: Db,
  sesion: SesionUsuario,
  idFuncionario: number,
): Promise<RespuestaAccion> {
  await db.transaction(async (tx) => {
    const funcionario = await repo.buscarFuncionario(tx, idFuncionario);
    if (!funcionario) throw NoEncontrado(MSG.funcionarioNoEncontrado);
    const { desde } = await aplicarTransicion(tx, funcionario.idSolicitud, "inactivarFuncionario", sesion, {
      antes: async () => {
        // Re-read under the request's lock: a concurrent removal may have got here first.
        const actual = await repo.buscarFuncionario(tx, idFuncionario, true);
        if (actual?.idEstatus === ESTATUS_FUNCIONARIO.INACTIVO) throw Regla(MSG.funcionarioYaInactivo);
      },
    });
    await repo.cambiarEstatusFuncionario(tx, idFuncionario, ESTATUS_FUNCIONARIO.INACTIVO);
    await notificarAutorizaciones(
      tx,
      funcionario.idSolicitud,
      await sincronizarAutorizaciones(tx, funcionario.idSolicitud),
    );
    const nombre = `${funcionario.nombres} ${funcionario.apellidos}`;
    await transiciones.insertarHistorial(tx, {
      idSolicitud: funcionario.idSolicitud,
      estatus: desde,
      motivoCambioEstatus: MSG.historialFuncionarioInactivado(nombre, funcionario.cedula),
      idUsuario: sesion.idUsuario,
      motivos: [],
    });
  });
  return ok(MSG.funcionarioInactivado);
}
