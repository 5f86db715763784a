/**
 * The user's own second factors ("Seguridad" in the user menu): passkeys, one authenticator app,
 * recovery codes; and the configuration administrator's reset. Every change is audited and mailed
 * to the user (avisos-seguridad.ts). The first factor a user enrols brings ten recovery codes,
 * shown once; removing the last factor removes the codes too (they stand in for a factor).
 */
import {
  type AppConfirmarBody,
  type EstadoSegundoFactor,
  type FactorAgregado,
  MSG,
  MSG_SEGUNDO_FACTOR,
  type PasskeyBody,
} from "@registro/contracts";
import type { Config } from "../../config.js";
import type { Db, Tx } from "../../db/client.js";
import type { SesionUsuario } from "../../llamante/sesion.js";
import { NoEncontrado, Regla, ValidacionCampo } from "../../shared/errors.js";
import type { Reloj } from "../../shared/tiempo.js";
import { revocarSesionesUsuario } from "../auth.repository.js";
import { avisarSeguridad } from "./avisos-seguridad.js";
import { cifrarSecreto, secretoDeApp } from "./cifrado.js";
import {
  deOtraDireccion,
  hashCodigo,
  nuevaApp,
  nuevoDesafio,
  nuevosCodigos,
  opcionesRegistro,
  parteConfiable,
  pasoDeCodigo,
  verificarRegistro,
} from "./metodos.js";
import * as repo from "./segundo-factor.repository.js";

/** How long the browser has to create a passkey. */
const REGISTRO_SEGUNDOS = 300;

const nombreTipo = (tipo: string) => (tipo === "app" ? "aplicación de autenticación" : "llave de acceso");

export async function estado(db: Db, s: SesionUsuario): Promise<EstadoSegundoFactor> {
  const [factores, codigosRestantes, requerido] = await Promise.all([
    repo.factoresDe(db, s.idUsuario),
    repo.contarCodigos(db, s.idUsuario),
    repo.requiereSegundoFactor(db, s.idUsuario),
  ]);
  return {
    requerido,
    codigosRestantes,
    factores: factores.map((f) => ({
      idFactor: f.idFactor,
      tipo: f.tipo === "app" ? "app" : "passkey",
      nombre: f.nombre,
      creado: f.creado.toISOString(),
      ultimoUso: f.ultimoUso?.toISOString() ?? null,
    })),
  };
}

/** Ten new codes (the old ones stop working); returned in clear once, stored hashed. */
async function generarCodigos(tx: Tx, idUsuario: number): Promise<string[]> {
  const codigos = nuevosCodigos();
  await repo.reemplazarCodigos(tx, idUsuario, codigos.map(hashCodigo));
  return codigos;
}

/** After a factor is added: codes for a user who had none. */
async function trasAlta(tx: Tx, s: SesionUsuario, tipo: string, nombre: string): Promise<FactorAgregado> {
  const codigos = (await repo.contarCodigos(tx, s.idUsuario)) === 0 ? await generarCodigos(tx, s.idUsuario) : undefined;
  await avisarSeguridad(tx, {
    idUsuario: s.idUsuario,
    accion: "segundo_factor_alta",
    detalle: `${nombreTipo(tipo)} «${nombre}»`,
    despues: { tipo, nombre },
  });
  return codigos ? { codigosRecuperacion: codigos } : {};
}

export async function iniciarApp(db: Db, s: SesionUsuario) {
  if ((await repo.factoresDe(db, s.idUsuario)).some((f) => f.tipo === "app")) {
    throw Regla(MSG_SEGUNDO_FACTOR.appYaRegistrada);
  }
  const app = await nuevaApp(s.usuario);
  // The secret leaves in this answer once (QR and text) and is stored only encrypted.
  await repo.guardarAppPendiente(db, s.idUsuario, cifrarSecreto(app.secreto, s.idUsuario));
  return { success: true, message: "", data: app };
}

export async function confirmarApp(db: Db, reloj: Reloj, s: SesionUsuario, body: AppConfirmarBody) {
  return db.transaction(async (tx) => {
    const pendiente = await repo.appPendiente(tx, s.idUsuario);
    const secreto = pendiente && secretoDeApp(pendiente);
    if (!pendiente || !secreto) throw Regla(MSG_SEGUNDO_FACTOR.appSinIniciar);
    if ((await repo.factoresDe(tx, s.idUsuario)).some((f) => f.tipo === "app")) {
      throw Regla(MSG_SEGUNDO_FACTOR.appYaRegistrada);
    }
    const paso = pasoDeCodigo(secreto, body.codigo, reloj());
    if (paso === null) throw ValidacionCampo("codigo", MSG_SEGUNDO_FACTOR.codigoIncorrecto);
    await repo.confirmarApp(tx, pendiente.idFactor, body.nombre, paso);
    const data = await trasAlta(tx, s, "app", body.nombre);
    return { success: true, message: MSG_SEGUNDO_FACTOR.factorAgregado, data };
  });
}

export async function opcionesPasskey(db: Db, config: Config, s: SesionUsuario) {
  const llaves = (await repo.factoresDe(db, s.idUsuario)).filter((f) => f.tipo === "passkey");
  const opciones = await opcionesRegistro(
    config,
    s,
    llaves.map((f) => ({
      credencialId: f.credencialId ?? "",
      clavePublica: f.clavePublica ?? Buffer.alloc(0),
      contador: f.contador,
      transportes: f.transportes,
    })),
  );
  await repo.crearDesafio(db, {
    tokenHash: nuevoDesafio().hash,
    idUsuario: s.idUsuario,
    proposito: "registro",
    webauthn: opciones.challenge,
    segundos: REGISTRO_SEGUNDOS,
  });
  // The app's address (an addition to WebAuthn's options): the screen says to open it when it runs elsewhere.
  return { ...opciones, direccion: parteConfiable(config).origin };
}

export async function registrarPasskey(db: Db, config: Config, s: SesionUsuario, body: PasskeyBody) {
  const reto = await repo.tomarRegistro(db, s.idUsuario);
  if (!reto) throw Regla(MSG_SEGUNDO_FACTOR.registroVencido);
  const nueva = await verificarRegistro(config, body.credencial, reto);
  if (!nueva && deOtraDireccion(config, body.credencial))
    throw ValidacionCampo("credencial", MSG_SEGUNDO_FACTOR.llaveOtraDireccion(parteConfiable(config).origin));
  if (!nueva) throw ValidacionCampo("credencial", MSG_SEGUNDO_FACTOR.llaveNoRegistrada);
  return db.transaction(async (tx) => {
    const idFactor = await repo.insertarPasskey(tx, { idUsuario: s.idUsuario, nombre: body.nombre, ...nueva });
    if (idFactor === null) throw ValidacionCampo("credencial", MSG_SEGUNDO_FACTOR.llaveRepetida);
    const data = await trasAlta(tx, s, "passkey", body.nombre);
    return { success: true, message: MSG_SEGUNDO_FACTOR.factorAgregado, data };
  });
}

export async function renombrar(db: Db, s: SesionUsuario, idFactor: number, nombre: string) {
  return db.transaction(async (tx) => {
    const f = await repo.factorDe(tx, s.idUsuario, idFactor);
    if (!f) throw NoEncontrado(MSG_SEGUNDO_FACTOR.factorNoEncontrado);
    await repo.renombrarFactor(tx, idFactor, nombre);
    await avisarSeguridad(tx, {
      idUsuario: s.idUsuario,
      accion: "segundo_factor_nombre",
      detalle: `${nombreTipo(f.tipo)} «${f.nombre}», ahora «${nombre}»`,
      antes: { tipo: f.tipo, nombre: f.nombre },
      despues: { tipo: f.tipo, nombre },
    });
    return { success: true, message: MSG_SEGUNDO_FACTOR.factorRenombrado };
  });
}

export async function eliminar(db: Db, s: SesionUsuario, idFactor: number) {
  return db.transaction(async (tx) => {
    const f = await repo.factorDe(tx, s.idUsuario, idFactor);
    if (!f) throw NoEncontrado(MSG_SEGUNDO_FACTOR.factorNoEncontrado);
    const quedan = (await repo.factoresDe(tx, s.idUsuario)).length - 1;
    if (quedan === 0 && (await repo.requiereSegundoFactor(tx, s.idUsuario))) {
      throw Regla(MSG_SEGUNDO_FACTOR.ultimoFactorRequerido);
    }
    await repo.eliminarFactor(tx, idFactor);
    if (quedan === 0) await repo.eliminarTodo(tx, s.idUsuario, false);
    await avisarSeguridad(tx, {
      idUsuario: s.idUsuario,
      accion: "segundo_factor_baja",
      detalle: `${nombreTipo(f.tipo)} «${f.nombre}»`,
      antes: { tipo: f.tipo, nombre: f.nombre },
      despues: null,
    });
    return { success: true, message: MSG_SEGUNDO_FACTOR.factorEliminado };
  });
}

export async function regenerarCodigos(db: Db, s: SesionUsuario) {
  return db.transaction(async (tx) => {
    if ((await repo.factoresDe(tx, s.idUsuario)).length === 0) throw Regla(MSG_SEGUNDO_FACTOR.sinFactorParaCodigos);
    const codigos = await generarCodigos(tx, s.idUsuario);
    await avisarSeguridad(tx, { idUsuario: s.idUsuario, accion: "codigos_recuperacion", detalle: "" });
    return { success: true, message: MSG_SEGUNDO_FACTOR.codigosGenerados, data: { codigosRecuperacion: codigos } };
  });
}

/** The administrator's reset: every factor and code goes, every session of the user ends. */
export async function reiniciarFactores(db: Db, admin: SesionUsuario, idUsuario: number) {
  return db.transaction(async (tx) => {
    const u = await repo.nombreDeUsuario(tx, idUsuario);
    if (!u) throw NoEncontrado(MSG.usuarioNoEncontrado);
    const antes = (await repo.factoresDe(tx, idUsuario)).map((f) => ({ tipo: f.tipo, nombre: f.nombre }));
    if (antes.length === 0) throw Regla(MSG_SEGUNDO_FACTOR.sinFactores);
    await repo.eliminarTodo(tx, idUsuario, true);
    await revocarSesionesUsuario(tx, idUsuario);
    await avisarSeguridad(tx, {
      idUsuario,
      autor: admin.idUsuario,
      accion: "segundo_factor_reinicio",
      detalle: "",
      antes: { usuario: u.usuario, factores: antes },
      despues: { usuario: u.usuario, factores: [] },
    });
    return { success: true, message: MSG_SEGUNDO_FACTOR.factoresReiniciados };
  });
}
