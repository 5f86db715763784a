/**
 * GET api/Auditoria: the audit trail, paged, newest first, filtered by entity, action, user and
 * calendar days (issue 15); GET api/Auditoria/Usuarios: the users the "Usuario" filter offers.
 */
import {
  GRUPOS,
  zAuditoriaEntrada,
  zAuditoriaUsuario,
  zConsultaAuditoria,
  zPagina,
  zVerificacionAuditoria,
} from "@registro/contracts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
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

  app.get("/api/Auditoria/Usuarios", {
    config: { vistas: GRUPOS.auditoria },
    schema: { tags: ["Configuración"], response: { 200: z.array(zAuditoriaUsuario) } },
    handler: () => service.usuariosAuditoria(db),
  });
};
