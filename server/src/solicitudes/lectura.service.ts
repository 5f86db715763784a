/**
 * Reading one request (SPEC.md §7 "Reading"): its detail, status history and last return or
 * rejection reasons. External users reach only their institution's requests; any other id answers
 * 404 exactly like a missing one. Other areas use `solicitudVisible` for the same check. The
 * institution (an external user) reads its own steps only: see `mapSolicitud` and `mapHistorico`.
 */
import { ESTATUS_INTERNOS, type HistoricoEntrada, MSG, type Rechazo, type Solicitud } from "@registro/contracts";
import type { Db, Tx } from "../db/client.js";
import { asegurarAlcance, asegurarEnviada } from "../llamante/alcance.js";
import type { SesionUsuario } from "../llamante/sesion.js";
import { NoEncontrado } from "../shared/errors.js";
import * as repo from "./lectura.repository.js";
import { mapHistorico, mapRechazo, mapSolicitud } from "./mappers.js";

/** The request's id, institution and status, or 404 when it is missing or out of the user's reach. */
export async function solicitudVisible(tx: Tx, sesion: SesionUsuario, idSolicitud: number) {
  const s = await repo.solicitudBase(tx, idSolicitud);
  if (!s) throw NoEncontrado(MSG.solicitudNoEncontrada);
  asegurarAlcance(sesion, s.idInstitucion, MSG.solicitudNoEncontrada);
  asegurarEnviada(sesion, s.estatus, MSG.solicitudNoEncontrada);
  return s;
}

/** The caller's session and a request's detail in one statement (GetSolicitud's `lecturaConSesion`). */
export function detalleConSesion(db: Tx, hashSesion: string, idSolicitud: number) {
  return repo.solicitudDetalleConSesion(db, hashSesion, idSolicitud);
}
export type { SolicitudDetalleFila } from "./lectura.repository.js";

/** `leida`: the detail as the guard read it with the session (auth/lectura-con-sesion.ts), if it did. */
export async function obtenerSolicitud(
  db: Db,
  sesion: SesionUsuario,
  idSolicitud: number,
  leida?: { datos: repo.SolicitudDetalleFila | null },
): Promise<Solicitud> {
  // One read: the detail carries the institution and status the scope checks need, the
  // same checks `solicitudVisible` makes, with the same 404.
  const fila = leida ? leida.datos : await repo.solicitudDetalle(db, idSolicitud);
  if (!fila) throw NoEncontrado(MSG.solicitudNoEncontrada);
  asegurarAlcance(sesion, fila.solicitud.idInstitucion, MSG.solicitudNoEncontrada);
  asegurarEnviada(sesion, fila.solicitud.estatus, MSG.solicitudNoEncontrada);
  return mapSolicitud(fila, sesion.externo);
}

export async function historico(db: Db, sesion: SesionUsuario, idSolicitud: number): Promise<HistoricoEntrada[]> {
  await solicitudVisible(db, sesion, idSolicitud);
  return mapHistorico(await repo.historialDe(db, idSolicitud), sesion.externo);
}

export async function rechazos(db: Db, sesion: SesionUsuario, idSolicitud: number): Promise<Rechazo[]> {
  await solicitudVisible(db, sesion, idSolicitud);
  const excluidos = sesion.externo ? ESTATUS_INTERNOS : [];
  return (await repo.rechazosDe(db, idSolicitud, excluidos)).map(mapRechazo);
}
