/** Sign-in, user data, sign-out and password change (DESIGN.md §3, §5). */
import { type CambiarClaveBody, type LoginBody, MSG, type UserData } from "@registro/contracts";
import type { Db } from "../db/client.js";
import { NoAutorizado, Regla, ValidacionCampo } from "../shared/errors.js";
import * as repo from "./auth.repository.js";
import { dummyPasswordHash, hashPassword, motivoClaveInvalida, verifyPassword } from "./passwords.js";
import type { SesionUsuario } from "./sesion.js";
import { hashToken, nuevoToken } from "./tokens.js";

export const MAX_INTENTOS = 5;
export const BLOQUEO_MINUTOS = 15;

export type ResultadoLogin = { success: true; message: string; token: string } | { success: false; message: string };

export async function iniciarSesion(db: Db, body: LoginBody): Promise<ResultadoLogin> {
  const fallo = { success: false as const, message: MSG.loginFallido };
  if (!body.userName || !body.password) return { success: false, message: MSG.loginCamposVacios };
  const user = await repo.buscarUsuarioPorNombre(db, body.userName);
  if (!user) {
    // Same work as a real check, so timing does not reveal whether the user exists.
    await verifyPassword(await dummyPasswordHash(), body.password);
    return fallo;
  }
  const bloqueado = user.bloqueadoHasta !== null && user.bloqueadoHasta.getTime() > Date.now();
  const valida = await verifyPassword(user.passwordHash, body.password);
  if (bloqueado || !user.activo) return fallo;
  if (!valida) {
    await repo.registrarFallo(db, user.idUsuario, MAX_INTENTOS, BLOQUEO_MINUTOS);
    return fallo;
  }
  const token = nuevoToken();
  await db.transaction(async (tx) => {
    await repo.limpiarFallos(tx, user.idUsuario);
    await repo.crearSesion(tx, user.idUsuario, hashToken(token));
  });
  return { success: true, message: MSG.loginExitoso, token };
}

export async function datosUsuario(db: Db, s: SesionUsuario): Promise<UserData> {
  const vistas = await repo.vistasDePerfil(db, s.idPerfil);
  return {
    usuario: {
      idUsuario: s.idUsuario,
      usuario: s.usuario,
      nombre: s.nombre,
      apellido: s.apellido,
      perfil: s.perfil,
      idPerfil: s.idPerfil,
      cambioClave: s.cambioClave,
      uExterno: s.externo,
      idInstitucion: s.idInstitucion,
      institucion: s.institucion,
    },
    vistas: vistas.map((v) => ({
      idVista: v.idVista,
      nombre: v.nombre,
      url: v.url,
      iconClass: v.iconClass,
      idModulo: v.idModulo,
      principal: v.principal,
      modulo: { idModulo: v.idModulo, nombre: v.moduloNombre, iconClass: v.moduloIcon },
    })),
  };
}

export async function cerrarSesion(db: Db, s: SesionUsuario): Promise<void> {
  await repo.revocarSesion(db, s.idSesion);
}

/** Changes the signed-in user's password; every other session of the user ends. */
export async function cambiarClave(db: Db, s: SesionUsuario, body: CambiarClaveBody) {
  if (body.idUsuario !== undefined && body.idUsuario !== s.idUsuario) throw NoAutorizado();
  const nueva = body.NuevaContraseña;
  if (!nueva) throw ValidacionCampo("NuevaContraseña", MSG.requerido);
  const motivo = motivoClaveInvalida(nueva, s.usuario);
  if (motivo) throw ValidacionCampo("NuevaContraseña", motivo);
  if (body.ConfirmarContraseña !== nueva) throw ValidacionCampo("ConfirmarContraseña", MSG.claveNoCoincide);
  const user = await repo.buscarUsuarioPorNombre(db, s.usuario);
  if (!user) throw NoAutorizado();
  if (await verifyPassword(user.passwordHash, nueva))
    throw Regla(MSG.claveIgualAnterior, { NuevaContraseña: [MSG.claveIgualAnterior] });
  const hashed = await hashPassword(nueva);
  await db.transaction(async (tx) => {
    await repo.actualizarClave(tx, s.idUsuario, hashed, false);
    await repo.revocarSesionesUsuario(tx, s.idUsuario, s.idSesion);
  });
  return { success: true, message: MSG.claveActualizada };
}
