/**
 * The originator's writes of one official of a request (SPEC.md §7 "Requests (originator)"):
 * adding and editing it, under the request's addresses. Multipart forms read here with the
 * documents' file fields and per-file limit, then handed to one service function. Granted by the
 * originator's views; scope and workflow are enforced by the service. Beside the request's own
 * routes (solicitudes/originador.routes.ts), here because officials build on requests.
 */
import {
  DESCRIPCION_FECHA,
  DOCUMENTOS,
  GRUPOS,
  MAX_BYTES_DOCUMENTO,
  zFuncionarioGuardado,
  zRespuesta,
  zRespuestaSimple,
} from "@registro/contracts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { leerFormulario } from "../archivos/multipart.js";
import type { AppDeps } from "../deps.js";
import { usuarioDe } from "../llamante/peticion.js";
import { hoyLocal } from "../shared/tiempo.js";
import * as funcionarios from "./funcionarios.service.js";

const documentos = { archivos: DOCUMENTOS.map((d) => d.campo), maxBytes: MAX_BYTES_DOCUMENTO };
const accion = { 200: zRespuestaSimple, 400: zRespuestaSimple, 404: zRespuestaSimple };

export const funcionariosOriginadorRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { db, reloj }) => {
  const config = { vistas: GRUPOS.originador };
  const tags = ["Originador"];

  app.post("/api/SolicitudFirma/SolicitudFuncionario", {
    config,
    schema: {
      tags,
      consumes: ["multipart/form-data"],
      description: DESCRIPCION_FECHA,
      response: { ...accion, 200: zRespuesta(zFuncionarioGuardado) },
    },
    handler: async (req) => funcionarios.crearFuncionario(db, usuarioDe(req), await leerFormulario(req, documentos)),
  });

  app.put("/api/SolicitudFirma/EditSolicitudFuncionario", {
    config,
    schema: {
      tags,
      consumes: ["multipart/form-data"],
      description: DESCRIPCION_FECHA,
      response: { ...accion, 200: zRespuesta(zFuncionarioGuardado) },
    },
    handler: async (req) =>
      funcionarios.editarFuncionario(db, usuarioDe(req), await leerFormulario(req, documentos), hoyLocal(reloj)),
  });
};
