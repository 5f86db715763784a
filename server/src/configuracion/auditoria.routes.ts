/** GET api/Auditoria: the configuration audit log, paged, newest first. */
import { GRUPOS, zAuditoriaEntrada, zConsultaAuditoria, zPagina, zVerificacionAuditoria } from "@registro/contracts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { Db } from "../db/client.js";
import * as service from "./auditoria.service.js";

export const auditoriaRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get("/api/Auditoria", {
    config: { vistas: GRUPOS.auditoria },
    schema: { tags: ["Configuración"], querystring: zConsultaAuditoria, response: { 200: zPagina(zAuditoriaEntrada) } },
    handler: (req) => service.consultarAuditoria(db, req.query),
  });

  // Issue 15: "Verificar integridad" re-walks the audit chain.
  app.get("/api/Auditoria/Verificar", {
    config: { vistas: GRUPOS.auditoria },
    schema: { tags: ["Configuración"], response: { 200: zVerificacionAuditoria } },
    handler: () => service.verificarAuditoria(db),
  });
};
