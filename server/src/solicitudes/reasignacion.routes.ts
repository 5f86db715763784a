/**
 * Release and reassignment: Liberar for the analyst and legal reviewers, Reasignar and
 * the stage's users for the RyCC administrator.
 */
import { GRUPOS, zId, zReasignarBody, zRespuestaSimple, zUsuarioEtapa } from "@registro/contracts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { AppDeps } from "../deps.js";
import { usuarioDe } from "../llamante/peticion.js";
import * as service from "./reasignacion.service.js";

const zParams = z.object({ idSolicitud: zId });
const respuestas = {
  200: zRespuestaSimple,
  400: zRespuestaSimple,
  401: zRespuestaSimple,
  403: zRespuestaSimple,
  404: zRespuestaSimple,
};

export const reasignacionRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { db }) => {
  app.post("/api/SolicitudFirma/Liberar/:idSolicitud", {
    config: { vistas: [...GRUPOS.analista, ...GRUPOS.juridico] },
    schema: { tags: ["Revisión"], params: zParams, response: respuestas },
    handler: (req) => service.liberar(db, usuarioDe(req), req.params.idSolicitud),
  });

  app.post("/api/SolicitudFirma/Reasignar/:idSolicitud", {
    config: { vistas: GRUPOS.administrador },
    // Nullish so that a call without a body gets the field errors.
    schema: { tags: ["Revisión"], params: zParams, body: zReasignarBody.nullish(), response: respuestas },
    handler: (req) => service.reasignar(db, usuarioDe(req), req.params.idSolicitud, req.body),
  });

  app.get("/api/SolicitudFirma/UsuariosEtapa/:idSolicitud", {
    config: { vistas: GRUPOS.administrador },
    schema: {
      tags: ["Revisión"],
      params: zParams,
      response: { 200: z.array(zUsuarioEtapa), 401: zRespuestaSimple, 403: zRespuestaSimple, 404: zRespuestaSimple },
    },
    handler: (req) => service.usuariosEtapa(db, usuarioDe(req), req.params.idSolicitud),
  });
};
