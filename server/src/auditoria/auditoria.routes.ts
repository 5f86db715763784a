/**
 * GET api/Auditoria: the audit trail, paged, newest first, filtered by entity, action, user and
 * calendar days; GET api/Auditoria/Usuarios: the users the "Usuario" filter offers;
 * GET api/Auditoria/Verificar: "Verificar integridad"; POST api/Auditoria/PuntoControl: a
 * checkpoint of the chain's head, now; POST api/Auditoria/Incidente: an incident recorded at the
 * entry where verification finds the chain broken.
 */
import {
  GRUPOS,
  zAuditoriaEntrada,
  zAuditoriaUsuario,
  zConsultaAuditoria,
  zIncidenteAuditoriaBody,
  zPagina,
  zPuntoControlAuditoria,
  zRespuestaSimple,
  zVerificacionAuditoria,
} from "@registro/contracts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { AppDeps } from "../deps.js";
import { usuarioDe } from "../llamante/peticion.js";
import * as service from "./auditoria.service.js";

export const auditoriaRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { db, config, reloj }) => {
  app.get("/api/Auditoria", {
    config: { vistas: GRUPOS.auditoria },
    schema: { tags: ["Configuración"], querystring: zConsultaAuditoria, response: { 200: zPagina(zAuditoriaEntrada) } },
    handler: (req) => service.consultarAuditoria(db, req.query),
  });

  app.get("/api/Auditoria/Verificar", {
    config: { vistas: GRUPOS.auditoria },
    schema: { tags: ["Configuración"], response: { 200: zVerificacionAuditoria } },
    handler: () => service.verificarAuditoria(db, config),
  });

  app.post("/api/Auditoria/PuntoControl", {
    config: { vistas: GRUPOS.auditoria },
    schema: { tags: ["Configuración"], response: { 200: zPuntoControlAuditoria } },
    handler: () => service.registrarPuntoControl(db, config, reloj(), (linea) => app.log.info(linea)),
  });

  app.post("/api/Auditoria/Incidente", {
    config: { vistas: GRUPOS.auditoria },
    schema: {
      tags: ["Configuración"],
      summary: "Registrar un incidente en la entrada donde la verificación encuentra rota la cadena",
      body: zIncidenteAuditoriaBody,
      response: { 200: zRespuestaSimple, 400: zRespuestaSimple },
    },
    handler: (req) => service.registrarIncidente(db, config, usuarioDe(req).idUsuario, req.body),
  });

  app.get("/api/Auditoria/Usuarios", {
    config: { vistas: GRUPOS.auditoria },
    schema: { tags: ["Configuración"], response: { 200: z.array(zAuditoriaUsuario) } },
    handler: () => service.usuariosAuditoria(db),
  });
};
