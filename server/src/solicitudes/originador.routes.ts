/**
 * The originator's writes (SPEC.md §7 "Requests (originator)"): the request, its officials, sending
 * them and asking to deactivate (adding and editing an official: funcionarios/originador.routes.ts). Multipart forms are read here with each call's file fields and
 * per-file limit, then handed to one service function. Granted by the originator's views; the
 * institution scope and the workflow are enforced by the services.
 */
import {
  CAMPO_EVIDENCIA,
  DOCUMENTOS,
  GRUPOS,
  MAX_BYTES_DOCUMENTO,
  MAX_BYTES_EVIDENCIA,
  zId,
  zRespuesta,
  zRespuestaSimple,
  zSolicitudGuardada,
} from "@registro/contracts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { leerFormulario } from "../archivos/multipart.js";
import type { AppDeps } from "../deps.js";
import { usuarioDe } from "../llamante/peticion.js";
import { hoyLocal } from "../shared/tiempo.js";
import * as service from "./originador.service.js";

const documentos = { archivos: DOCUMENTOS.map((d) => d.campo), maxBytes: MAX_BYTES_DOCUMENTO };
const evidencia = { archivos: [CAMPO_EVIDENCIA], maxBytes: MAX_BYTES_EVIDENCIA };

const accion = { 200: zRespuestaSimple, 400: zRespuestaSimple, 404: zRespuestaSimple };
const params = z.object({ idSolicitud: zId });

export const originadorRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { db, reloj }) => {
  const config = { vistas: GRUPOS.originador };
  const tags = ["Originador"];

  app.post("/api/SolicitudFirma/solicitud", {
    config,
    schema: { tags, consumes: ["multipart/form-data"], response: { ...accion, 200: zRespuesta(zSolicitudGuardada) } },
    handler: async (req) => service.crearSolicitud(db, usuarioDe(req), await leerFormulario(req, documentos)),
  });

  app.put("/api/SolicitudFirma/Put", {
    config,
    schema: { tags, consumes: ["multipart/form-data"], response: { ...accion, 200: zRespuesta(zSolicitudGuardada) } },
    handler: async (req) => service.actualizarSolicitud(db, usuarioDe(req), await leerFormulario(req, documentos)),
  });

  app.post("/api/SolicitudFirma/EnviarSolicitud/:idSolicitud", {
    config,
    schema: { tags, params, response: accion },
    handler: (req) => service.enviarSolicitud(db, usuarioDe(req), req.params.idSolicitud, hoyLocal(reloj)),
  });

  app.post("/api/SolicitudFirma/EnviarFuncionario/:idSolicitud", {
    config,
    schema: { tags, params, response: accion },
    handler: (req) => service.enviarFuncionarios(db, usuarioDe(req), req.params.idSolicitud),
  });

  app.post("/api/SolicitudFirma/SolicitudInactivar/:idSolicitud", {
    config,
    schema: { tags, params, consumes: ["multipart/form-data"], response: accion },
    handler: async (req) =>
      service.solicitarInactivacion(db, usuarioDe(req), req.params.idSolicitud, await leerFormulario(req, evidencia)),
  });
};
