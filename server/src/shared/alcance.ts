/**
 * Institution scope: external users see and touch only their institution's records. A record out
 * of reach answers as if it did not exist, so ids cannot be probed.
 */
import type { SesionUsuario } from "../auth/sesion.js";
import { NoEncontrado } from "./errors.js";

/** Throws NoEncontrado when an external user reaches for another institution's record. */
export function asegurarAlcance(sesion: SesionUsuario, idInstitucion: number, mensaje?: string): void {
  if (sesion.externo && sesion.idInstitucion !== idInstitucion) throw NoEncontrado(mensaje);
}

/** The institution filter a list must apply for this user (null: all institutions). */
export function institucionDeAlcance(sesion: SesionUsuario): number | null {
  return sesion.externo ? (sesion.idInstitucion ?? -1) : null;
}
