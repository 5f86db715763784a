/**
 * What follows a request's status change, as a declared list of steps (decision 0011): once
 * `aplicarTransicion` has written the audit entry, the status, the officials' statuses and the
 * history, it runs these steps one after the other, in this order, in its transaction (a step that
 * throws rolls the whole change back). Each step is its domain's: the list only says which and when.
 *
 * Order, and why:
 * 1. solicitudes — the snapshot of a request returned to the institution (needs the history entry).
 * 2. avisos — the notices of the change and the one to the reviewer it went back to (and their e-mails).
 * 3. registro — the effective-dated authorisation periods follow the officials' new statuses.
 * 4. notificaciones — the webhook events of the periods step 3 opened or closed.
 * A holder change (claim, release, reassignment) writes no status: it runs PASOS_CAMBIO_TITULAR.
 * A new domain that reacts to transitions adds its step here (docs/recetas/evento-de-webhook.md).
 */
import { type Accion, ESTATUS } from "@registro/contracts";
import { avisarCambioTitular, avisarDevuelta, avisarTransicion, type CambioTitular } from "../avisos/avisos.service.js";
import type { Tx } from "../db/client.js";
import { notificarAutorizaciones } from "../notificaciones/eventos.js";
import { type CambiosAutorizacion, sincronizarAutorizaciones } from "../registro/registro.repository.js";
import { fotoSolicitud, guardarFoto } from "./cambios.repository.js";

/** A status change as written, what every step reads; a step may leave its result for a later one. */
export interface CambioDeEstatus {
  tx: Tx;
  idSolicitud: number;
  accion: Accion;
  desde: number;
  hacia: number;
  comentario: string;
  motivos: number[];
  /** Who acted. */
  idUsuario: number;
  /** The officials a deactivation concerns ("Nombre Apellido (cédula)"). */
  funcionarios: string[];
  /** The reviewer it went back to (issue 35), or null (the stage's pool). */
  titular: number | null;
  /** The history entry of the new status. */
  idHistorial: number;
  /** Left by the authorisation periods' step (3) for the webhook events' step (4). */
  autorizaciones?: CambiosAutorizacion;
}

export interface PasoTransicion<C> {
  /** The folder whose step it is. */
  dominio: string;
  ejecutar(cambio: C): Promise<void>;
}

export const PASOS_TRANSICION: readonly PasoTransicion<CambioDeEstatus>[] = [
  {
    dominio: "solicitudes",
    // A return to the institution keeps what the request looked like, so the reviewers later see
    // what the institution changed before sending it back.
    async ejecutar(c) {
      if (c.hacia !== ESTATUS.RETORNADO_ANALISTA) return;
      const foto = await fotoSolicitud(c.tx, c.idSolicitud);
      if (foto) await guardarFoto(c.tx, c.idHistorial, c.idSolicitud, foto);
    },
  },
  {
    dominio: "avisos",
    async ejecutar(c) {
      await avisarTransicion(c.tx, c);
      if (c.titular !== null)
        await avisarDevuelta(c.tx, { idSolicitud: c.idSolicitud, estatus: c.hacia, idUsuario: c.titular });
    },
  },
  {
    dominio: "verificacion",
    async ejecutar(c) {
      c.autorizaciones = await sincronizarAutorizaciones(c.tx, c.idSolicitud);
    },
  },
  {
    dominio: "notificaciones",
    // Subscribed systems are told of each official whose authorisation opened or closed.
    async ejecutar(c) {
      if (c.autorizaciones) await notificarAutorizaciones(c.tx, c.idSolicitud, c.autorizaciones);
    },
  },
];

/** After a holder change: the notices to the reviewer who held it and to its new holder. */
export const PASOS_CAMBIO_TITULAR: readonly PasoTransicion<CambioTitular & { tx: Tx }>[] = [
  { dominio: "avisos", ejecutar: (c) => avisarCambioTitular(c.tx, c) },
];

/** Runs the steps in their declared order. */
export async function ejecutarPasos<C>(pasos: readonly PasoTransicion<C>[], cambio: C): Promise<void> {
  for (const paso of pasos) await paso.ejecutar(cambio);
}
