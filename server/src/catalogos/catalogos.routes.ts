/** Lookup calls of SPEC.md §7: reasons, criteria, institutions, positions, persons, signatures. */
import {
  GRUPOS,
  VISTAS_PERSONA,
  zCargoOpcion,
  zCedula,
  zCriterio,
  zInfoInstitucion,
  zInstitucionOpcion,
  zMotivo,
  zPersona,
  zTipoFirma,
} from "@registro/contracts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { AppDeps } from "../deps.js";
import { usuarioDe } from "../llamante/peticion.js";
import * as service from "./catalogos.service.js";

const zError = z.object({ success: z.literal(false), message: z.string() });

export const catalogosRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { db, config }) => {
  app.get("/api/SolicitudFirma/GetMotivosCambioEstatus", {
    config: { vistas: [...GRUPOS.analista, ...GRUPOS.administrador, ...GRUPOS.seguimiento] },
    schema: { tags: ["Lookups"], response: { 200: z.array(zMotivo) } },
    handler: () => service.motivos(db, service.CLASE_RYCC),
  });

  app.get("/api/SolicitudFirma/GetMotivosCambioEstatusJuridico", {
    config: { vistas: [...GRUPOS.juridico, ...GRUPOS.historico] },
    schema: { tags: ["Lookups"], response: { 200: z.array(zMotivo) } },
    handler: () => service.motivos(db, service.CLASE_JURIDICO),
  });

  app.get("/api/Usuarios/CargarCriterios", {
    config: { autenticado: true },
    schema: { tags: ["Lookups"], response: { 200: z.array(zCriterio) } },
    handler: () => service.criterios(db),
  });

  app.get("/api/Usuarios/CargarInstituciones", {
    config: { autenticado: true },
    schema: { tags: ["Lookups"], response: { 200: z.array(zInstitucionOpcion) } },
    handler: (req) => service.instituciones(db, usuarioDe(req)),
  });

  app.get("/api/Perfiles/GetCargos", {
    config: { autenticado: true },
    schema: { tags: ["Lookups"], response: { 200: z.array(zCargoOpcion) } },
    handler: (req) => service.cargos(db, usuarioDe(req), service.TIPO_FUNCIONARIO),
  });

  app.get("/api/Perfiles/GetCargosIncumbente", {
    config: { autenticado: true },
    schema: { tags: ["Lookups"], response: { 200: z.array(zCargoOpcion) } },
    handler: (req) => service.cargos(db, usuarioDe(req), service.TIPO_INCUMBENTE),
  });

  // Only the forms that fill names from a cédula; a few look-ups a minute per user, each audited.
  app.get("/api/SolicitudFirma/GetPersona/:Cedula", {
    config: {
      vistas: VISTAS_PERSONA,
      rateLimit: {
        max: config.personaRateLimit,
        timeWindow: "1 minute",
        hook: "preHandler",
        keyGenerator: (req) => `persona:${req.sesion?.idUsuario ?? req.ip}`,
      },
    },
    schema: {
      tags: ["Lookups"],
      params: z.object({ Cedula: zCedula }),
      response: { 200: zPersona, 404: zError },
    },
    handler: (req) => service.persona(db, usuarioDe(req), req.params.Cedula, config.padronUrl),
  });

  app.get("/api/SolicitudFirma/GetFirmas", {
    config: { autenticado: true },
    schema: { tags: ["Lookups"], response: { 200: z.array(zTipoFirma) } },
    handler: () => service.tiposFirma(db),
  });

  app.get("/api/Incumbente/Instituciones", {
    config: { vistas: GRUPOS.originador },
    schema: { tags: ["Lookups"], response: { 200: z.array(zInstitucionOpcion) } },
    handler: (req) => service.instituciones(db, usuarioDe(req)),
  });

  app.get("/api/Instituciones/onlineInstitution", {
    config: { vistas: GRUPOS.originador },
    schema: { tags: ["Lookups"], response: { 200: zInfoInstitucion, 404: zError } },
    handler: (req) => service.institucionEnLinea(db, usuarioDe(req)),
  });
};
