/**
 * Password reset by e-mail. Asking (`solicitarRestablecimiento`) answers the same whether or not
 * the address is an active user's, and sends nothing for an unknown one; for a user it keeps the
 * SHA-256 of a random secret (30 minutes, single use) and queues an e-mail whose link is built from
 * PUBLIC_URL — never the request's Host header — with the secret in the fragment (browsers send no
 * fragment to any server, so it reaches no log and no Referer). The queued mail never holds the
 * secret in usable form: it is sealed with the key for secrets (not in the database), put into the
 * text only in the message handed to SMTP, and dropped once sent — a dump or backup holds no link. At most three links per account an
 * hour (more asks get the same answer and nothing); the route limits each client address. Every
 * ask takes at least RESPUESTA_MINIMA_MS, so the time does not tell a user's address either.
 * Choosing the new password (`restablecerClave`) applies the password policy, ends every session
 * of the user, lifts the sign-in locks, and is audited; it opens no session, so a user with a
 * second factor still signs in with it.
 */
import { setTimeout as esperar } from "node:timers/promises";
import { MSG, type OlvidoClaveBody, RESTABLECIMIENTO_MINUTOS, type RestablecerClaveBody } from "@registro/contracts";
import { auditar } from "../auditoria/cadena.js";
import { MARCA_SECRETO } from "../avisos/enviador.js";
import type { Config } from "../config.js";
import type { Db } from "../db/client.js";
import { ErroresCampo, ValidacionCampo } from "../shared/errors.js";
import { actualizarClave, desbloquear, revocarSesionesUsuario } from "./auth.repository.js";
import { hashPassword, motivoClaveInvalida, verifyPassword } from "./passwords.js";
import * as repo from "./restablecimiento.repository.js";
import { hashToken, nuevoToken } from "./tokens.js";

/** Links one account may be sent in an hour. */
export const MAX_ENLACES_POR_HORA = 3;

export const ASUNTO_RESTABLECIMIENTO = "Restablecer su contraseña del Registro de Firmas";

function cuerpoCorreo(enlace: string): string {
  return (
    "Alguien —probablemente usted— pidió restablecer la contraseña de su usuario del Registro de Firmas.\n\n" +
    `Para elegir una nueva contraseña, abra este enlace dentro de los próximos ${RESTABLECIMIENTO_MINUTOS} minutos:\n\n` +
    `${enlace}\n\n` +
    "El enlace sirve una sola vez. Si usted no lo pidió, ignore este correo: su contraseña no cambia.\n"
  );
}

/**
 * Every ask is answered no sooner than this: writing a link, its mail and the audit entry takes
 * several times what finding no user does, and the difference would tell which addresses are
 * users' (issue 34.4). Comfortably above that work's time.
 */
export const RESPUESTA_MINIMA_MS = 400;

export async function solicitarRestablecimiento(
  db: Db,
  config: Pick<Config, "smtpUrl" | "publicUrl">,
  body: OlvidoClaveBody,
  direccion: string | null,
) {
  if (!config.smtpUrl) return { success: false, message: MSG.restablecimientoNoDisponible };
  await Promise.all([enviarEnlace(db, config, body.Email, direccion), esperar(RESPUESTA_MINIMA_MS)]);
  return { success: true, message: MSG.restablecimientoSolicitado };
}

/** For an active user's address, within the hourly limit: the link, its mail and the audit entry. */
async function enviarEnlace(db: Db, config: Pick<Config, "publicUrl">, email: string, direccion: string | null) {
  const usuario = await repo.usuarioPorEmail(db, email);
  if (!usuario?.activo) return;
  await db.transaction(async (tx) => {
    if ((await repo.contarRecientes(tx, usuario.idUsuario)) >= MAX_ENLACES_POR_HORA) return;
    const secreto = nuevoToken();
    await repo.crearEnlace(tx, {
      idUsuario: usuario.idUsuario,
      tokenHash: hashToken(secreto),
      minutos: RESTABLECIMIENTO_MINUTOS,
      direccion,
    });
    await repo.encolarCorreo(tx, {
      idUsuario: usuario.idUsuario,
      para: usuario.email,
      asunto: ASUNTO_RESTABLECIMIENTO,
      cuerpo: cuerpoCorreo(`${config.publicUrl}/RestablecerClave#${MARCA_SECRETO}`),
      secreto,
    });
    await auditar(tx, {
      idUsuario: null,
      entidad: "Cuenta",
      idEntidad: usuario.idUsuario,
      accion: "solicitar_restablecimiento",
    });
  });
}

export async function restablecerClave(db: Db, body: RestablecerClaveBody) {
  const enlace = await repo.enlaceVigente(db, hashToken(body.Token));
  if (!enlace) throw ValidacionCampo("Token", MSG.enlaceRestablecimientoInvalido);
  const nueva = body.NuevaContraseña;
  const errores = new ErroresCampo();
  if (!nueva) errores.add("NuevaContraseña", MSG.requerido);
  errores.throwIfAny();
  const motivo = motivoClaveInvalida(nueva, {
    usuario: enlace.usuario,
    nombre: enlace.nombre,
    apellido: enlace.apellido,
    cedula: enlace.cedula,
  });
  if (motivo) throw ValidacionCampo("NuevaContraseña", motivo);
  if (body.ConfirmarContraseña !== nueva) throw ValidacionCampo("ConfirmarContraseña", MSG.claveNoCoincide);
  if (await verifyPassword(enlace.passwordHash, nueva))
    throw ValidacionCampo("NuevaContraseña", MSG.claveIgualAnterior);
  const hashed = await hashPassword(nueva);
  await db.transaction(async (tx) => {
    if (!(await repo.usarEnlace(tx, enlace.idRestablecimiento, enlace.idUsuario))) {
      throw ValidacionCampo("Token", MSG.enlaceRestablecimientoInvalido);
    }
    await actualizarClave(tx, enlace.idUsuario, hashed, false);
    await revocarSesionesUsuario(tx, enlace.idUsuario);
    await desbloquear(tx, enlace.idUsuario);
    await auditar(tx, {
      idUsuario: enlace.idUsuario,
      entidad: "Cuenta",
      idEntidad: enlace.idUsuario,
      accion: "restablecer_clave",
    });
  });
  return { success: true, message: MSG.claveRestablecida };
}
