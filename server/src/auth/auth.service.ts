/** Sign-in, user data, sign-out and password change (DESIGN.md §3, §5). */
import { type CambiarClaveBody, type LoginBody, MSG, type UserData } from "@registro/contracts";
import { auditar } from "../auditoria/cadena.js";
import type { Db } from "../db/client.js";
import type { SesionUsuario } from "../llamante/sesion.js";
import { ErroresCampo, NoAutorizado, Regla, ValidacionCampo } from "../shared/errors.js";
import * as repo from "./auth.repository.js";
import { BLOQUEO_MINUTOS, claveNombre, contarFallo, contarFalloNombre } from "./bloqueo.js";
import { bloqueoNombreRestanteMs } from "./bloqueo-nombre.repository.js";
import { auditarSesion, emitirSesion, type SesionEmitida } from "./emision.js";
import { dummyPasswordHash, hashPassword, motivoClaveInvalida, verifyPassword } from "./passwords.js";
import { type DesafioEmitido, emitirDesafio } from "./segundo-factor/desafio.service.js";

export { BLOQUEO_MINUTOS, MAX_INTENTOS, MAX_INTENTOS_CUENTA } from "./bloqueo.js";

export type ResultadoLogin = SesionEmitida | DesafioEmitido | { success: false; message: string };

/**
 * Signs in. Failures count per account and client address (`direccion`, Fastify's request.ip,
 * which honours TRUST_PROXY): five from one address lock the account for that address for 15
 * minutes; twenty from all addresses together lock it everywhere. While locked, the user is told
 * the account is temporarily locked and for how long — the same answer whether the password typed
 * was right or wrong, so the lock reveals nothing about it (OWASP); the failure that starts a lock
 * gets that answer too. A count restarts when its lock expires.
 *
 * A name that is no active user's (unknown, or an inactive user's) goes through the same steps
 * with the same answers (issue 34.4): its failures are counted and locked under the name's digest
 * with the same thresholds, a password is verified against a hash of the same parameters, and the
 * failure is audited — under a fixed mark for an unknown name, so an anonymous caller writes no
 * text of its choosing into the audit trail.
 */
export async function iniciarSesion(db: Db, body: LoginBody, direccion = "desconocida"): Promise<ResultadoLogin> {
  const fallo = { success: false as const, message: MSG.loginFallido };
  if (!body.userName || !body.password) return { success: false, message: MSG.loginCamposVacios };
  const user = await repo.buscarUsuarioPorNombre(db, body.userName);
  if (!user?.activo) {
    const nombre = claveNombre(body.userName);
    const restante = await bloqueoNombreRestanteMs(db, nombre, direccion);
    await verifyPassword(user?.passwordHash ?? (await dummyPasswordHash()), body.password);
    const idEntidad = user ? body.userName : NOMBRE_DESCONOCIDO;
    if (restante !== null) {
      await auditarSesion(db, user?.idUsuario ?? null, idEntidad, "inicio_fallido");
      return cuentaBloqueada(restante);
    }
    const bloqueo = await db.transaction(async (tx) => {
      const inicio = await contarFalloNombre(tx, body.userName, direccion);
      await auditarSesion(tx, user?.idUsuario ?? null, idEntidad, "inicio_fallido");
      return inicio;
    });
    return bloqueo ? cuentaBloqueada(BLOQUEO_MINUTOS * 60_000) : fallo;
  }
  const restante = await repo.bloqueoRestanteMs(db, user.idUsuario, direccion);
  const valida = await verifyPassword(user.passwordHash, body.password);
  if (restante !== null) {
    await auditarSesion(db, user.idUsuario, body.userName, "inicio_fallido");
    return cuentaBloqueada(restante);
  }
  if (!valida) {
    const bloqueo = await db.transaction(async (tx) => {
      const inicio = await contarFallo(tx, user, direccion);
      await auditarSesion(tx, user.idUsuario, body.userName, "inicio_fallido");
      return inicio;
    });
    return bloqueo ? cuentaBloqueada(BLOQUEO_MINUTOS * 60_000) : fallo;
  }
  // A user with a second factor gets a challenge instead of the token; the failures' count
  // restarts only once the second factor is right too.
  const desafio = await emitirDesafio(db, user, body.userName);
  if (desafio) return desafio;
  return emitirSesion(db, user, body.userName, direccion);
}

/** What the audit trail records for a sign-in under a name that is no user's. */
export const NOMBRE_DESCONOCIDO = "(usuario desconocido)";

/** The locked account's answer: how long until it may try again, in whole minutes (at least one). */
function cuentaBloqueada(restanteMs: number) {
  return { success: false as const, message: MSG.cuentaBloqueada(Math.max(1, Math.ceil(restanteMs / 60_000))) };
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
      segundoFactorPendiente: s.segundoFactorPendiente,
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

/**
 * Changes the signed-in user's password; every other session of the user ends. The current
 * password is required (in the forced change after a temporary password, the temporary one).
 */
export async function cambiarClave(db: Db, s: SesionUsuario, body: CambiarClaveBody) {
  if (body.idUsuario !== undefined && body.idUsuario !== s.idUsuario) throw NoAutorizado();
  const errores = new ErroresCampo();
  if (!body.ContraseñaActual) errores.add("ContraseñaActual", MSG.requerido);
  const nueva = body.NuevaContraseña;
  if (!nueva) errores.add("NuevaContraseña", MSG.requerido);
  errores.throwIfAny();
  const user = await repo.buscarUsuarioPorNombre(db, s.usuario);
  if (!user) throw NoAutorizado();
  const motivo = motivoClaveInvalida(nueva, {
    usuario: s.usuario,
    nombre: user.nombre,
    apellido: user.apellido,
    cedula: user.cedula,
  });
  if (motivo) throw ValidacionCampo("NuevaContraseña", motivo);
  if (body.ConfirmarContraseña !== nueva) throw ValidacionCampo("ConfirmarContraseña", MSG.claveNoCoincide);
  if (!(await verifyPassword(user.passwordHash, body.ContraseñaActual))) {
    throw ValidacionCampo("ContraseñaActual", MSG.claveActualIncorrecta);
  }
  if (nueva === body.ContraseñaActual) {
    throw Regla(MSG.claveIgualAnterior, { NuevaContraseña: [MSG.claveIgualAnterior] });
  }
  const hashed = await hashPassword(nueva);
  await db.transaction(async (tx) => {
    await repo.actualizarClave(tx, s.idUsuario, hashed, false);
    await repo.revocarSesionesUsuario(tx, s.idUsuario, s.idSesion);
    await auditar(tx, { idUsuario: s.idUsuario, entidad: "Cuenta", idEntidad: s.idUsuario, accion: "cambio_clave" });
  });
  return { success: true, message: MSG.claveActualizada };
}
