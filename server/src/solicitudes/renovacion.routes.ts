/**
 * Renewal: the institution's originator starts a new request from an active one (see
 * renovacion.service.ts).
 */
import { GRUPOS, zId, zRenovacionCuerpo, zRespuesta, zRespuestaSimple } from "@registro/contracts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { AppDeps } from "../deps.js";
import { usuarioDe } from "../llamante/peticion.js";
import { hoyLocal } from "../shared/tiempo.js";
import * as service from "./renovacion.service.js";

const zParams = z.object({ id: zId });

export const renovacionRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { db, reloj }) => {
  app.post("/api/SolicitudFirma/Renovar/:id", {
    config: { vistas: GRUPOS.originador },
    schema: {
      tags: ["Originador"],
      params: zParams,
      body: zRenovacionCuerpo,
      response: {
        200: zRespuesta(z.object({ idSolicitud: z.number().int(), idIncumbente: z.number().int() })),
        400: zRespuestaSimple,
        404: zRespuestaSimple,
      },
    },
    handler: (req) =>
      service.renovarSolicitud(db, usuarioDe(req), req.params.id, req.body?.Funcionarios ?? [], hoyLocal(reloj)),
  });
};
