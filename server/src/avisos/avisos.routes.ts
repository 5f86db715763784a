/**
 * Notices' calls: the signed-in user's notices (the bell), marking them read, the e-mail
 * preference ("Mi cuenta"), and the configuration administrator's "Correos no enviados".
 */
import {
  GRUPOS,
  zAvisos,
  zConsultaAvisos,
  zConsultaCorreos,
  zCorreoNoEnviado,
  zGuardarPreferencias,
  zId,
  zPagina,
  zPreferencias,
  zRespuestaSimple,
} from "@registro/contracts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { AppDeps } from "../deps.js";
import { usuarioDe } from "../llamante/peticion.js";
import * as avisos from "./avisos.service.js";
import * as correos from "./correos.service.js";

const tags = ["Avisos"];
const zParams = z.object({ id: zId });

export const avisosRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { db, reloj }) => {
  app.get("/api/Avisos", {
    config: { autenticado: true },
    schema: { tags, querystring: zConsultaAvisos, response: { 200: zAvisos } },
    handler: (req) => avisos.listarAvisos(db, usuarioDe(req), req.query.rows, req.query.estado),
  });
  app.get("/api/Avisos/NoLeidos", {
    config: { autenticado: true },
    schema: { tags, response: { 200: z.object({ noLeidos: z.number().int() }) } },
    handler: (req) => avisos.contarNoLeidos(db, usuarioDe(req)),
  });
  app.put("/api/Avisos/MarcarLeido/:id", {
    config: { autenticado: true },
    schema: { tags, params: zParams, response: { 200: zRespuestaSimple, 404: zRespuestaSimple } },
    handler: (req) => avisos.marcarLeido(db, usuarioDe(req), req.params.id),
  });
  app.put("/api/Avisos/MarcarLeidosSolicitud/:id", {
    config: { autenticado: true },
    schema: { tags, params: zParams, response: { 200: zRespuestaSimple } },
    handler: (req) => avisos.marcarLeidosSolicitud(db, usuarioDe(req), req.params.id),
  });
  app.put("/api/Avisos/MarcarTodosLeidos", {
    config: { autenticado: true },
    schema: { tags, response: { 200: zRespuestaSimple } },
    handler: (req) => avisos.marcarTodosLeidos(db, usuarioDe(req)),
  });
  app.get("/api/Avisos/Preferencias", {
    config: { autenticado: true },
    schema: { tags, response: { 200: zPreferencias } },
    handler: (req) => avisos.obtenerPreferencias(db, usuarioDe(req)),
  });
  app.put("/api/Avisos/Preferencias", {
    config: { autenticado: true },
    schema: { tags, body: zGuardarPreferencias, response: { 200: zRespuestaSimple, 400: zRespuestaSimple } },
    handler: (req) => avisos.guardarPreferencias(db, usuarioDe(req), req.body.Correo),
  });
  app.get("/api/Correos/NoEnviados", {
    config: { vistas: GRUPOS.correosNoEnviados },
    schema: { tags, querystring: zConsultaCorreos, response: { 200: zPagina(zCorreoNoEnviado) } },
    handler: (req) => correos.listarNoEnviados(db, req.query.page, req.query.rows),
  });
  app.post("/api/Correos/Reintentar/:id", {
    config: { vistas: GRUPOS.correosNoEnviados },
    schema: { tags, params: zParams, response: { 200: zRespuestaSimple, 404: zRespuestaSimple } },
    handler: (req) => correos.reintentar(db, req.params.id, reloj()),
  });
};
