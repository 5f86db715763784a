/**
 * The second step of sign-in. After the right password, a user with a second factor gets an
 * opaque challenge (five minutes, five attempts) instead of the token; POST
 * api/Account/LogIn/SegundoFactor answers it with a TOTP code, a recovery code or a passkey's
 * assertion and gets the token from the same function as a password-only sign-in. Every wrong
 * answer also counts toward the account's lockout, and the failures' count restarts only when the
 * second factor is right.
 */
import { type MetodoSegundoFactor, MSG, MSG_SEGUNDO_FACTOR, type SegundoFactorBody } from "@registro/contracts";
import type { Config } from "../../config.js";
import type { Db } from "../../db/client.js";
import { NoEncontrado } from "../../shared/errors.js";
import type { Reloj } from "../../shared/tiempo.js";
import { bloqueoRestanteMs } from "../auth.repository.js";
import { BLOQUEO_MINUTOS, contarFallo } from "../bloqueo.js";
import { auditarSesion, emitirSesion, type SesionEmitida } from "../emision.js";
import { avisarSeguridad } from "./avisos-seguridad.js";
import { secretoDeApp } from "./cifrado.js";
import {
  deOtraDireccion,
  hashCodigo,
  hashDesafio,
  nuevoDesafio,
  opcionesAutenticacion,
  parteConfiable,
  pasoDeCodigo,
  verificarAutenticacion,
} from "./metodos.js";
import * as repo from "./segundo-factor.repository.js";

/** How long the client has between the password and the second factor. */
export const DESAFIO_SEGUNDOS = 300;
/** Wrong second-factor answers that end a challenge. */
export const MAX_INTENTOS_DESAFIO = 5;

export interface DesafioEmitido {
  success: true;
  message: string;
  segundoFactor: true;
  desafio: string;
  metodos: MetodoSegundoFactor[];
}

type Fallo = { success: false; message: string };

/** A challenge for a user who holds a second factor; null for a user without one. */
export async function emitirDesafio(
  db: Db,
  user: { idUsuario: number },
  usuarioTecleado: string,
): Promise<DesafioEmitido | null> {
  const factores = await repo.factoresDe(db, user.idUsuario);
  if (factores.length === 0) return null;
  const metodos: MetodoSegundoFactor[] = [];
  if (factores.some((f) => f.tipo === "passkey")) metodos.push("webauthn");
  if (factores.some((f) => f.tipo === "app")) metodos.push("totp");
  metodos.push("recuperacion");
  const { desafio, hash } = nuevoDesafio();
  await repo.crearDesafio(db, {
    tokenHash: hash,
    idUsuario: user.idUsuario,
    proposito: "inicio",
    usuarioTecleado,
    segundos: DESAFIO_SEGUNDOS,
  });
  return { success: true, message: MSG_SEGUNDO_FACTOR.loginSegundoFactor, segundoFactor: true, desafio, metodos };
}

/** WebAuthn options for a live challenge whose user holds passkeys (the browser asks the key with them). */
export async function opcionesLogin(db: Db, config: Config, desafio: string) {
  const vivo = await repo.desafioVigente(db, hashDesafio(desafio));
  if (!vivo) throw NoEncontrado(MSG_SEGUNDO_FACTOR.desafioVencido);
  const llaves = (await repo.factoresDe(db, vivo.usuario.idUsuario)).filter((f) => f.tipo === "passkey");
  if (llaves.length === 0) throw NoEncontrado(MSG_SEGUNDO_FACTOR.sinLlaves);
  const opciones = await opcionesAutenticacion(config, llaves.map(credencial));
  await repo.guardarRetoWebAuthn(db, vivo.desafio.idDesafio, opciones.challenge);
  // The app's address (an addition to WebAuthn's options): the screen says to open it when it runs elsewhere.
  return { ...opciones, direccion: parteConfiable(config).origin };
}

function credencial(f: repo.FilaFactor) {
  return {
    credencialId: f.credencialId ?? "",
    clavePublica: f.clavePublica ?? Buffer.alloc(0),
    contador: f.contador,
    transportes: f.transportes,
  };
}

/** The locked account's answer, as LogIn gives it: how long until it may try again. */
function cuentaBloqueada(restanteMs: number): Fallo {
  return { success: false, message: MSG.cuentaBloqueada(Math.max(1, Math.ceil(restanteMs / 60_000))) };
}

/** Checks the answer to a challenge; the session's token when it is right. */
export async function completarSegundoFactor(
  db: Db,
  config: Config,
  reloj: Reloj,
  body: SegundoFactorBody,
  direccion: string,
): Promise<SesionEmitida | Fallo> {
  const vencido: Fallo = { success: false, message: MSG_SEGUNDO_FACTOR.desafioVencido };
  const fallo: Fallo = { success: false, message: MSG.loginFallido };
  const vivo = await repo.desafioVigente(db, hashDesafio(body.desafio));
  if (!vivo) return vencido;
  const { desafio, usuario } = vivo;
  const intentos = await repo.contarIntento(db, desafio.idDesafio, MAX_INTENTOS_DESAFIO);
  if (intentos === null) return vencido;
  // A lock that began after the password (other failures meanwhile) or a user disabled meanwhile.
  const restante = await bloqueoRestanteMs(db, usuario.idUsuario, direccion);
  if (!usuario.activo || restante !== null) {
    await repo.terminarDesafio(db, desafio.idDesafio);
    return usuario.activo && restante !== null ? cuentaBloqueada(restante) : fallo;
  }

  const resultado = await comprobar(db, config, reloj, body, usuario.idUsuario, desafio.webauthn);
  if (!resultado) {
    const bloqueo = await db.transaction(async (tx) => {
      const inicio = await contarFallo(tx, usuario, direccion);
      if (inicio || intentos >= MAX_INTENTOS_DESAFIO) await repo.terminarDesafio(tx, desafio.idDesafio);
      await auditarSesion(tx, usuario.idUsuario, desafio.usuarioTecleado, "inicio_fallido");
      return inicio;
    });
    // The failure that starts a lock is told so, as at the password.
    if (bloqueo) return cuentaBloqueada(BLOQUEO_MINUTOS * 60_000);
    if (intentos >= MAX_INTENTOS_DESAFIO) return { success: false, message: MSG_SEGUNDO_FACTOR.intentosAgotados };
    return {
      success: false,
      message: !body.credencial
        ? MSG_SEGUNDO_FACTOR.codigoIncorrecto
        : deOtraDireccion(config, body.credencial)
          ? MSG_SEGUNDO_FACTOR.llaveOtraDireccion(parteConfiable(config).origin)
          : MSG_SEGUNDO_FACTOR.llaveIncorrecta,
    };
  }
  // A challenge serves once, even for two right answers sent at the same moment.
  if (!(await repo.terminarDesafio(db, desafio.idDesafio))) return vencido;
  if (resultado === "recuperacion") {
    await db.transaction(async (tx) => {
      const quedan = await repo.contarCodigos(tx, usuario.idUsuario);
      await avisarSeguridad(tx, {
        idUsuario: usuario.idUsuario,
        accion: "codigo_recuperacion_usado",
        detalle: `Le quedan ${quedan} ${quedan === 1 ? "código" : "códigos"} sin usar.`,
        despues: { quedan },
      });
    });
  }
  return emitirSesion(db, usuario, desafio.usuarioTecleado, direccion);
}

/** Which method was right, or null. Spends what it uses: the TOTP step, the recovery code. */
async function comprobar(
  db: Db,
  config: Config,
  reloj: Reloj,
  body: SegundoFactorBody,
  idUsuario: number,
  reto: string | null,
): Promise<"totp" | "recuperacion" | "webauthn" | null> {
  const factores = await repo.factoresDe(db, idUsuario);
  if (body.codigo !== undefined) {
    const app = factores.find((f) => f.tipo === "app");
    const secreto = app && secretoDeApp(app);
    if (!app || !secreto) return null;
    const paso = pasoDeCodigo(secreto, body.codigo, reloj());
    if (paso === null) return null;
    return (await repo.tomarPaso(db, app.idFactor, paso)) ? "totp" : null;
  }
  if (body.codigoRecuperacion !== undefined) {
    return (await repo.usarCodigo(db, idUsuario, hashCodigo(body.codigoRecuperacion))) ? "recuperacion" : null;
  }
  if (body.credencial !== undefined && reto) {
    // Only the challenge user's own passkeys: another user's key never answers this challenge.
    const llave = factores.find((f) => f.tipo === "passkey" && f.credencialId === body.credencial?.id);
    if (!llave) return null;
    const contador = await verificarAutenticacion(config, body.credencial, reto, credencial(llave));
    if (contador === null) return null;
    await repo.usarPasskey(db, llave.idFactor, contador);
    return "webauthn";
  }
  return null;
}
