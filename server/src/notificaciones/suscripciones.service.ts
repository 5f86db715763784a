/**
 * Subscriptions of a system key to change notifications: create (the signing secret answered once),
 * list and delete the key's own. The address is checked against the delivery policy (destino.ts)
 * before anything is stored; every change is audited under the key's name.
 */
import {
  MAX_SUSCRIPCIONES_CLAVE,
  MSG,
  type NuevaSuscripcion,
  type Suscripcion,
  type SuscripcionCreada,
} from "@registro/contracts";
import { auditar } from "../auditoria/cadena.js";
import type { Db } from "../db/client.js";
import type { ClaveAutenticada } from "../llamante/peticion.js";
import { Conflicto, NoEncontrado, ValidacionCampo } from "../shared/errors.js";
import { rechazoDestino } from "./destino.js";
import { cifrarSecreto, nuevoSecreto } from "./secreto.js";
import * as repo from "./suscripciones.repository.js";

const mapSuscripcion = (f: {
  idSuscripcion: number;
  url: string;
  instituciones: number[];
  creada: Date;
}): Suscripcion => ({
  idSuscripcion: f.idSuscripcion,
  url: f.url,
  instituciones: f.instituciones,
  creada: f.creada.toISOString(),
});

const MENSAJE_RECHAZO = {
  privada: MSG.suscripcionUrlPrivada,
  noResuelve: MSG.suscripcionUrlNoResuelve,
  https: MSG.suscripcionUrlHttps,
} as const;

/** POST api/Notificaciones/Suscripciones. */
export async function crearSuscripcion(
  db: Db,
  clave: ClaveAutenticada,
  datos: NuevaSuscripcion,
  permitirLoopback: boolean,
): Promise<SuscripcionCreada> {
  const instituciones = [...new Set(datos.instituciones)].sort((a, b) => a - b);
  const existentes = new Set(await repo.institucionesExistentes(db, instituciones));
  const desconocidas = instituciones.filter((id) => !existentes.has(id));
  if (desconocidas.length > 0)
    throw ValidacionCampo("instituciones", MSG.suscripcionInstitucionDesconocida(desconocidas));
  const rechazo = await rechazoDestino(datos.url, permitirLoopback);
  if (rechazo) throw ValidacionCampo("url", MENSAJE_RECHAZO[rechazo]);
  const secreto = nuevoSecreto();
  const fila = await db.transaction(async (tx) => {
    if ((await repo.suscripcionesDeClave(tx, clave.idClave)).length >= MAX_SUSCRIPCIONES_CLAVE)
      throw Conflicto(MSG.suscripcionMaximo);
    const idSuscripcion = await repo.insertarSuscripcion(
      tx,
      { idClave: clave.idClave, url: datos.url, instituciones },
      (id) => cifrarSecreto(secreto, id),
    );
    await auditar(tx, {
      idUsuario: null,
      entidad: "Suscripcion",
      idEntidad: idSuscripcion,
      accion: "suscribir",
      despues: { clave: clave.nombre, url: datos.url, instituciones },
    });
    return repo.suscripcionDeClave(tx, clave.idClave, idSuscripcion);
  });
  if (!fila) throw NoEncontrado(MSG.suscripcionNoEncontrada);
  return { success: true, message: MSG.suscripcionCreada, secreto, data: mapSuscripcion(fila) };
}

/** GET api/Notificaciones/Suscripciones: the calling key's subscriptions in force. */
export async function listarSuscripciones(db: Db, clave: ClaveAutenticada): Promise<Suscripcion[]> {
  return (await repo.suscripcionesDeClave(db, clave.idClave)).map(mapSuscripcion);
}

/** DELETE api/Notificaciones/Suscripciones/{id}: another key's subscription reads as absent. */
export async function eliminarSuscripcion(db: Db, clave: ClaveAutenticada, idSuscripcion: number) {
  await db.transaction(async (tx) => {
    const fila = await repo.suscripcionDeClave(tx, clave.idClave, idSuscripcion);
    if (!fila) throw NoEncontrado(MSG.suscripcionNoEncontrada);
    await repo.eliminarSuscripcion(tx, idSuscripcion, MSG.suscripcionEliminadaError);
    await auditar(tx, {
      idUsuario: null,
      entidad: "Suscripcion",
      idEntidad: idSuscripcion,
      accion: "cancelar_suscripcion",
      antes: { clave: clave.nombre, url: fila.url, instituciones: fila.instituciones },
    });
  });
  return { success: true, message: MSG.suscripcionEliminada };
}
