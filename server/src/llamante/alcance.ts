/**
 * Institution scope: external users see and touch only their institution's records. A record out
 * of reach answers as if it did not exist, so ids cannot be probed.
 */
import { ESTATUS } from "@registro/contracts";
import { NoEncontrado } from "../shared/errors.js";
import type { SesionUsuario } from "./sesion.js";

/** Throws NoEncontrado when an external user reaches for another institution's record. */
export function asegurarAlcance(sesion: SesionUsuario, idInstitucion: number, mensaje?: string): void {
  if (sesion.externo && sesion.idInstitucion !== idInstitucion) throw NoEncontrado(mensaje);
}

/**
 * Security: a request never sent (202) belongs to its institution alone; for internal
 * users it does not exist yet (404, as if absent), nor do its files or officials.
 */
export function asegurarEnviada(sesion: SesionUsuario, estatus: number, mensaje?: string): void {
  if (!sesion.externo && estatus === ESTATUS.PENDIENTE_ENVIAR) throw NoEncontrado(mensaje);
}

/** The institution filter a list must apply for this user (null: all institutions). */
export function institucionDeAlcance(sesion: SesionUsuario): number | null {
  return sesion.externo ? (sesion.idInstitucion ?? -1) : null;
}
