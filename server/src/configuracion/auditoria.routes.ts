/** GET api/Auditoria: the configuration audit log, paged, newest first. */
import { GRUPOS, zAuditoriaEntrada, zConsultaAuditoria, zPagina } from "@registro/contracts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { Db } from "../db/client.js";
import * as service from "./auditoria.service.js";

export const auditoriaRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get("/api/Auditoria", {
    config: { vistas: GRUPOS.auditoria },
    schema: { tags: ["Configuración"], querystring: zConsultaAuditoria, response: { 200: zPagina(zAuditoriaEntrada) } },
    handler: (req) => service.consultarAuditoria(db, req.query),
  });
};
