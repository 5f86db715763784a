/**
 * Change notifications. For systems (a key with the scope `notificaciones`, no user):
 * POST/GET api/Notificaciones/Suscripciones and DELETE api/Notificaciones/Suscripciones/{id}. For
 * the configuration administrator (the "Claves de sistema" view): the delivery log and a replay.
 */
import {
  GRUPOS,
  MAX_SUSCRIPCIONES_CLAVE,
  zConsultaEntregas,
  zId,
  zNuevaSuscripcion,
  zPaginaEntregas,
  zRespuestaSimple,
  zSuscripcion,
  zSuscripcionCreada,
} from "@registro/contracts";
import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { AppDeps } from "../deps.js";
import type { ClaveAutenticada } from "../llamante/peticion.js";
import { NoAutenticado } from "../shared/errors.js";
import * as entregas from "./entregas.service.js";
import * as service from "./suscripciones.service.js";

/** The key of a key-only route (the guard has checked it and its scope). */
function claveDe(req: FastifyRequest): ClaveAutenticada {
  if (!req.clave) throw NoAutenticado();
  return req.clave;
}

const EVENTOS =
  "Eventos: `autorizado` (solicitud aprobada por el Administrador RyCC), `inactivado`, `vencido` (firma temporal pasada su fecha final, " +
  "avisado por la tarea diaria), `reactivado` y `limiteCambiado`. Cada evento es un POST JSON firmado según Standard Webhooks " +
  "(cabeceras webhook-id, webhook-timestamp, webhook-signature: HMAC-SHA256 con el secreto de la suscripción sobre «id.timestamp.cuerpo»), " +
  "entregado al menos una vez, en orden por funcionario (campo `secuencia`), reintentado durante 24 horas.";

export const notificacionesRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { db, config }) => {
  const tags = ["Notificaciones de cambios"];
  const deClave = { alcances: ["notificaciones"] } as const;
  const security: { [nombre: string]: string[] }[] = [{ claveSistema: [] }];

  app.post("/api/Notificaciones/Suscripciones", {
    config: deClave,
    schema: {
      tags,
      summary: "Suscribir una dirección https a los cambios de los funcionarios de unas instituciones",
      description:
        "Con una clave de sistema con la operación `notificaciones`. Cuerpo: `url` (https, pública: no se aceptan direcciones de " +
        "redes privadas ni de este servidor; las redirecciones no se siguen) e `instituciones` (números idInstitucionFirma). " +
        "Responde 201 con el `secreto` de firma (`whsec_…`), que se muestra solo esta vez. " +
        `Una clave puede tener hasta ${MAX_SUSCRIPCIONES_CLAVE} suscripciones (409 al pasar). ${EVENTOS}`,
      security,
      body: zNuevaSuscripcion,
      response: { 201: zSuscripcionCreada, 400: zRespuestaSimple, 409: zRespuestaSimple },
    },
    handler: async (req, reply) => {
      const r = await service.crearSuscripcion(db, claveDe(req), req.body, config.webhookAllowLoopback);
      return reply.code(201).send(r);
    },
  });

  app.get("/api/Notificaciones/Suscripciones", {
    config: deClave,
    schema: {
      tags,
      summary: "Las suscripciones vigentes de la clave que llama",
      description: "Sin el secreto, que solo se muestra al crearlas.",
      security,
      response: { 200: z.array(zSuscripcion) },
    },
    handler: (req) => service.listarSuscripciones(db, claveDe(req)),
  });

  app.delete("/api/Notificaciones/Suscripciones/:idSuscripcion", {
    config: deClave,
    schema: {
      tags,
      summary: "Eliminar una suscripción de la clave que llama",
      description:
        "Las notificaciones que aún esperaban entrega para ella quedan como fallidas. La suscripción de otra clave responde 404.",
      security,
      params: z.object({ idSuscripcion: zId }),
      response: { 200: zRespuestaSimple, 404: zRespuestaSimple },
    },
    handler: (req) => service.eliminarSuscripcion(db, claveDe(req), req.params.idSuscripcion),
  });

  const admin = { vistas: GRUPOS.clavesSistema };
  app.get("/api/Notificaciones/Entregas", {
    config: admin,
    schema: {
      tags,
      summary: "Registro de entregas de notificaciones (más recientes primero), con sus intentos",
      querystring: zConsultaEntregas,
      response: { 200: zPaginaEntregas, 400: zRespuestaSimple },
    },
    handler: (req) => entregas.listarEntregas(db, req.query),
  });

  app.post("/api/Notificaciones/Entregas/Reenviar/:idEntrega", {
    config: admin,
    schema: {
      tags,
      summary: "Enviar de nuevo una notificación, con el mismo identificador de evento",
      params: z.object({ idEntrega: zId }),
      response: { 200: zRespuestaSimple, 404: zRespuestaSimple },
    },
    handler: (req) => entregas.reenviarEntrega(db, req.params.idEntrega),
  });
};
