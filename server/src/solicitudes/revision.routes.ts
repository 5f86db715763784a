/**
 * The review calls of SPEC.md §7: the analyst's AprobarRcc and Retornar, legal's AprobarJuridico,
 * RetornarJuridico and Rechazar, the administrator's AprobarAdminRcc, Inactivar, RetornarJuridico
 * and InactivarFuncionario, and self-assignment (AssignProcess, CanAssign). Refusals answer
 * `success: false` with the reason in Spanish.
 */
import { GRUPOS, zAprobacionBody, zDecisionBody, zId, zRespuestaSimple } from "@registro/contracts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { AppDeps } from "../deps.js";
import { usuarioDe } from "../llamante/peticion.js";
import * as service from "./revision.service.js";

const zParams = z.object({ idSolicitud: zId });
const respuestas = {
  200: zRespuestaSimple,
  400: zRespuestaSimple,
  401: zRespuestaSimple,
  403: zRespuestaSimple,
  404: zRespuestaSimple,
};
const sinCuerpo = { tags: ["Revisión"], params: zParams, response: respuestas };
// Nullish so that a call without a body gets the field errors on reasons and comment.
const conCuerpo = { ...sinCuerpo, body: zDecisionBody.nullish() };
// Approvals take no body (SPEC.md §7) or an optional comment for the history.
const aprobacion = { ...sinCuerpo, body: zAprobacionBody.nullish() };

const ANALISTA = GRUPOS.analista;
const JURIDICO = GRUPOS.juridico;
const ADMINISTRADOR = GRUPOS.administrador;

export const revisionRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { db }) => {
  app.post("/api/SolicitudFirma/AprobarRcc/:idSolicitud", {
    config: { vistas: ANALISTA },
    schema: aprobacion,
    handler: (req) => service.aprobarRcc(db, usuarioDe(req), req.params.idSolicitud, req.body?.Comentario),
  });

  app.post("/api/SolicitudFirma/Retornar/:idSolicitud", {
    config: { vistas: ANALISTA },
    schema: conCuerpo,
    handler: (req) => service.retornarRcc(db, usuarioDe(req), req.params.idSolicitud, req.body),
  });

  app.post("/api/SolicitudFirma/AprobarJuridico/:idSolicitud", {
    config: { vistas: JURIDICO },
    schema: aprobacion,
    handler: (req) => service.aprobarJuridico(db, usuarioDe(req), req.params.idSolicitud, req.body?.Comentario),
  });

  app.post("/api/SolicitudFirma/RetornarJuridico/:idSolicitud", {
    config: { vistas: [...JURIDICO, ...ADMINISTRADOR] },
    schema: conCuerpo,
    handler: (req) => service.retornarJuridico(db, usuarioDe(req), req.params.idSolicitud, req.body),
  });

  app.post("/api/SolicitudFirma/Rechazar/:idSolicitud", {
    config: { vistas: JURIDICO },
    schema: conCuerpo,
    handler: (req) => service.rechazar(db, usuarioDe(req), req.params.idSolicitud, req.body),
  });

  app.post("/api/SolicitudFirma/AprobarAdminRcc/:idSolicitud", {
    config: { vistas: ADMINISTRADOR },
    schema: aprobacion,
    handler: (req) => service.aprobarAdminRcc(db, usuarioDe(req), req.params.idSolicitud, req.body?.Comentario),
  });

  app.post("/api/SolicitudFirma/Inactivar/:idSolicitud", {
    config: { vistas: ADMINISTRADOR },
    schema: sinCuerpo,
    handler: (req) => service.inactivar(db, usuarioDe(req), req.params.idSolicitud),
  });

  app.post("/api/SolicitudFirma/AssignProcess/:idSolicitud", {
    config: { vistas: [...ANALISTA, ...JURIDICO] },
    schema: sinCuerpo,
    handler: (req) => service.asignar(db, usuarioDe(req), req.params.idSolicitud),
  });

  app.post("/api/SolicitudFirma/CanAssign/:idSolicitud", {
    config: { vistas: [...ANALISTA, ...JURIDICO] },
    schema: sinCuerpo,
    handler: (req) => service.puedeAsignar(db, usuarioDe(req), req.params.idSolicitud),
  });

  app.delete("/api/Funcionarios/InactivarFuncionario/:id", {
    config: { vistas: ADMINISTRADOR },
    schema: { tags: ["Revisión"], params: z.object({ id: zId }), response: respuestas },
    handler: (req) => service.inactivarFuncionario(db, usuarioDe(req), req.params.id),
  });
};
