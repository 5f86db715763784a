/**
 * System keys: the configuration administrator issues a key to a named system (shown once, stored
 * as its SHA-256), lists the keys with their last use and revokes them; the guard asks
 * `autenticarClave` who a presented key is, and every call made with a key is audited under its name.
 */
import { type AlcanceClave, type ClaveEmitida, type ClaveSistema, MSG, type NuevaClave } from "@registro/contracts";
import { auditar, auditarAgrupado } from "../auditoria/cadena.js";
import { iguales } from "../auditoria/clave.js";
import type { Db } from "../db/client.js";
import type { ClaveAutenticada } from "../llamante/peticion.js";
import type { SesionUsuario } from "../llamante/sesion.js";
import { fallarPendientesDeClave } from "../notificaciones/suscripciones.repository.js";
import { NoAutenticado, NoEncontrado, Regla, ValidacionCampo } from "../shared/errors.js";
import { fechaLocal, type Reloj } from "../shared/tiempo.js";
import { direccionPermitida, hashClave, ipv4DeLlamada, nuevaClave, prefijoDe } from "./clave.js";
import * as repo from "./claves.repository.js";

/** The system behind a key, as the guard and the audit see it. */
function estado(f: repo.FilaClave, hoy: string): ClaveSistema["estado"] {
  if (f.revocada !== null) return "revocada";
  if (f.expira !== null && f.expira < hoy) return "vencida";
  return "activa";
}

export function mapClave(f: repo.FilaClave, hoy: string): ClaveSistema {
  return {
    idClave: f.idClave,
    nombre: f.nombre,
    prefijo: `rfk_${f.prefijo}`,
    alcances: f.alcances as AlcanceClave[],
    direcciones: f.direcciones,
    expira: f.expira,
    creada: f.creada.toISOString(),
    creadaPor: f.creadaPor,
    revocada: f.revocada?.toISOString() ?? null,
    ultimoUso: f.ultimoUso?.toISOString() ?? null,
    ultimaDireccion: f.ultimaDireccion,
    estado: estado(f, hoy),
  };
}

export async function listarClaves(db: Db, reloj: Reloj): Promise<ClaveSistema[]> {
  const hoy = fechaLocal(reloj());
  return (await repo.listarClaves(db)).map((f) => mapClave(f, hoy));
}

/** POST api/ClavesSistema: a new key for a named system, shown in this answer only. */
export async function emitirClave(
  db: Db,
  sesion: SesionUsuario,
  datos: NuevaClave,
  reloj: Reloj,
): Promise<ClaveEmitida> {
  const hoy = fechaLocal(reloj());
  if (datos.expira !== null && datos.expira < hoy) throw ValidacionCampo("expira", MSG.claveExpiraPasada);
  const { clave, prefijo } = nuevaClave();
  const alcances = [...new Set(datos.alcances)];
  const direcciones = [...new Set(datos.direcciones)];
  const fila = await db.transaction(async (tx) => {
    const idClave = await repo.insertarClave(tx, {
      nombre: datos.nombre,
      prefijo,
      hash: hashClave(clave),
      alcances,
      direcciones,
      expira: datos.expira,
      idUsuario: sesion.idUsuario,
    });
    await auditar(tx, {
      entidad: "ClaveSistema",
      idEntidad: idClave,
      accion: "crear",
      despues: { nombre: datos.nombre, prefijo: `rfk_${prefijo}`, alcances, direcciones, expira: datos.expira },
    });
    return repo.claveListada(tx, idClave);
  });
  if (!fila) throw NoEncontrado(MSG.claveNoEncontrada);
  return { success: true, message: MSG.claveEmitida, clave, data: mapClave(fila, hoy) };
}

/** POST api/ClavesSistema/Revocar/{idClave}: the key stops working at once; its row stays listed. */
export async function revocarClave(db: Db, idClave: number) {
  await db.transaction(async (tx) => {
    const fila = await repo.claveListada(tx, idClave);
    if (!fila) throw NoEncontrado(MSG.claveNoEncontrada);
    if (!(await repo.revocarClave(tx, idClave))) throw Regla(MSG.claveYaRevocada);
    // Its change notifications still waiting are not sent: the system is no longer trusted.
    await fallarPendientesDeClave(tx, idClave, MSG.claveRevocadaNotificaciones);
    await auditar(tx, {
      entidad: "ClaveSistema",
      idEntidad: idClave,
      accion: "revocar",
      antes: { nombre: fila.nombre, prefijo: `rfk_${fila.prefijo}` },
    });
  });
  return { success: true, message: MSG.claveRevocadaOk };
}

/** A key's calls are counted in windows of one minute. */
export const VENTANA_CLAVE_MS = 60_000;
const VENTANA_CLAVE = `${VENTANA_CLAVE_MS} milliseconds`;

/** How a replica-safe route reads the key (db/alta.ts) and whether noting its use may fail. */
export interface LecturaClave {
  leer: <T>(fn: (db: Db) => Promise<T>) => Promise<T>;
  /** The primary is unreachable: the call is answered, its last use is not noted nor counted. */
  usoPrescindible: (error: unknown) => boolean;
}

/** Who a presented key is, and what its statement did beside (`autenticarClave`). */
export interface UsoClave {
  clave: ClaveAutenticada;
  direccionPermitida: boolean;
  /** The call as counted in the key's one-minute window; null when not counted yet (count it apart). */
  cuenta: { intentos: number; ttl: number } | null;
  /** The primary was unreachable: the key was read on the replica, nothing written nor counted. */
  sinEscritura: boolean;
  /** The route's data read in the key's statement (undefined: not read). */
  datos: unknown;
}

/**
 * Who a presented key is: 401 when it is not a key, unknown, revoked or past its expiry day; and
 * whether the caller's address is one the key allows (the guard answers 403 when not, audited
 * under the key's name). In one statement on the primary (`usarClave`): notes the key's last use,
 * counts the call when it may (`cuenta`) and reads the route's data (`datos`, an SQL expression).
 * While the primary is unreachable, a replica-safe route (`lectura`) reads the key alone.
 */
export async function autenticarClave(
  db: Db,
  presentada: string,
  direccion: string,
  reloj: Reloj,
  opciones: { lectura?: LecturaClave; alcancesRuta?: readonly string[]; datos?: repo.DatosConClave } = {},
): Promise<UsoClave> {
  const { lectura } = opciones;
  const prefijo = prefijoDe(presentada);
  if (prefijo === null) throw NoAutenticado(MSG.claveInvalida);
  const hash = hashClave(presentada);
  const hoy = fechaLocal(reloj());
  let sinEscritura = false;
  const fila = await repo
    .usarClave(db, {
      prefijo,
      hash,
      hoy,
      direccion,
      ipv4: ipv4DeLlamada(direccion),
      alcancesRuta: opciones.alcancesRuta ?? [],
      ventana: VENTANA_CLAVE,
      datos: opciones.datos,
    })
    .catch(async (e: unknown) => {
      if (!lectura?.usoPrescindible(e)) throw e;
      sinEscritura = true;
      const leida = await lectura.leer((d) => repo.clavePorPrefijo(d, prefijo));
      return leida && { ...leida, intentos: null, ttl: null, datos: undefined };
    });
  if (!fila || !iguales(fila.hash, hash) || fila.revocada !== null || (fila.expira !== null && fila.expira < hoy)) {
    throw NoAutenticado(MSG.claveInvalida);
  }
  const contada = fila.intentos !== null && fila.ttl !== null;
  return {
    clave: { idClave: fila.idClave, nombre: fila.nombre, alcances: fila.alcances as AlcanceClave[] },
    direccionPermitida: direccionPermitida(fila.direcciones, direccion),
    cuenta: contada ? { intentos: fila.intentos as number, ttl: fila.ttl as number } : null,
    sinEscritura,
    datos: opciones.datos && !sinEscritura ? fila.datos : undefined,
  };
}

/**
 * One audit entry per call made with a key: which key, which operation, and how it was answered.
 * In a transaction shared with the entries of other calls arriving at the same time (auditoria/cadena.ts
 * `auditarAgrupado`); settles once the entry is committed.
 */
export async function auditarLlamada(
  db: Db,
  clave: ClaveAutenticada,
  llamada: { metodo: string; ruta: string; estado: number },
): Promise<void> {
  await auditarAgrupado(db, {
    idUsuario: null,
    entidad: "ClaveSistema",
    idEntidad: clave.idClave,
    accion: "llamada_clave",
    despues: { clave: clave.nombre, ...llamada },
  });
}
