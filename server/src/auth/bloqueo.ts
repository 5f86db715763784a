/**
 * Failed sign-ins and the lockout they lead to (README "Sign-in lockout"): a wrong password and a
 * wrong second factor count alike, per account and client address. A name that is no active
 * user's is counted and locked the same way, under its digest (`contarFalloNombre`), so its
 * answers cannot tell it from a real user's.
 */
import crypto from "node:crypto";
import { auditar } from "../auditoria/cadena.js";
import type { Tx } from "../db/client.js";
import * as repo from "./auth.repository.js";
import { olvidarNombresInactivos, registrarFalloNombre } from "./bloqueo-nombre.repository.js";

/** Failures from one address that lock the account for that address (DESIGN.md §5: five). */
export const MAX_INTENTOS = 5;
/** Failures from all addresses together that lock the account everywhere. */
export const MAX_INTENTOS_CUENTA = 20;
export const BLOQUEO_MINUTOS = 15;

/**
 * Counts one failure of the user from this address; a lock it starts is written to the audit log.
 * True when this failure started a lock.
 */
export async function contarFallo(tx: Tx, user: { idUsuario: number; usuario: string }, direccion: string) {
  const inicio = await repo.registrarFallo(tx, user.idUsuario, direccion, {
    porDireccion: MAX_INTENTOS,
    porCuenta: MAX_INTENTOS_CUENTA,
    minutos: BLOQUEO_MINUTOS,
  });
  await olvidarNombresInactivos(tx);
  if (inicio.direccion || inicio.cuenta) {
    await auditar(tx, {
      idUsuario: null,
      entidad: "Usuario",
      idEntidad: user.idUsuario,
      accion: "bloquear",
      antes: { usuario: user.usuario },
      despues: {
        usuario: user.usuario,
        bloqueo: inicio.cuenta ? "cuenta" : "direccion",
        direccion,
        minutos: BLOQUEO_MINUTOS,
      },
    });
  }
  return inicio.direccion || inicio.cuenta;
}

/** The key a name's failures are counted under: the SHA-256 of the name in lower case. */
export function claveNombre(nombre: string): string {
  return crypto.createHash("sha256").update(nombre.toLowerCase(), "utf8").digest("hex");
}

/** Counts one failure under a name that is no active user's; true when it started a lock. */
export async function contarFalloNombre(tx: Tx, nombre: string, direccion: string) {
  const inicio = await registrarFalloNombre(tx, claveNombre(nombre), direccion, {
    porDireccion: MAX_INTENTOS,
    porCuenta: MAX_INTENTOS_CUENTA,
    minutos: BLOQUEO_MINUTOS,
  });
  await olvidarNombresInactivos(tx);
  return inicio.direccion || inicio.cuenta;
}
