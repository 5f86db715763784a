/**
 * The one place a session token is issued: after the password alone (users without a second
 * factor) or after the second factor. Whatever else a sign-in must do when it succeeds (the
 * failures' count restarts, the audit entry, how the token reaches the client) belongs here, so both
 * paths stay the same. Its answer reaches the client only through `entregarSesion`
 * (cookie-sesion.ts), which the route calls: it sets the web app's HttpOnly session cookie.
 */
import { MSG } from "@registro/contracts";
import { auditar, contextoPeticion } from "../auditoria/cadena.js";
import type { Db, Tx } from "../db/client.js";
import * as repo from "./auth.repository.js";
import { hashToken, nuevoToken } from "./tokens.js";

export interface SesionEmitida {
  success: true;
  message: string;
  token: string;
}

/** Opens a session for the user and answers as LogIn always has: `{ success, message, token }`. */
export async function emitirSesion(
  db: Db,
  user: { idUsuario: number },
  usuarioTecleado: string,
  direccion: string,
): Promise<SesionEmitida> {
  const token = nuevoToken();
  await db.transaction(async (tx) => {
    await repo.limpiarFallos(tx, user.idUsuario, direccion);
    const agente = contextoPeticion.getStore()?.agente ?? null;
    await repo.crearSesion(tx, user.idUsuario, hashToken(token), { direccion, agente });
    await auditarSesion(tx, user.idUsuario, usuarioTecleado, "inicio");
  });
  return { success: true, message: MSG.loginExitoso, token };
}

/** Audit trail: a sign-in or a refused one, under the user name that was typed. */
export function auditarSesion(tx: Tx, idUsuario: number | null, usuario: string, accion: "inicio" | "inicio_fallido") {
  return auditar(tx, { idUsuario, entidad: "Sesion", idEntidad: usuario.slice(0, 100), accion });
}
