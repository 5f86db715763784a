/** Institutions calls of SPEC.md §7 "Maintenance": GET, POST and PUT api/Instituciones. */
import { GRUPOS, zInstitucion, zInstitucionBody, zInstitucionGuardada, zRespuesta } from "@registro/contracts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { AppDeps } from "../deps.js";
import { usuarioDe } from "../llamante/peticion.js";
import * as service from "./instituciones.service.js";

export const institucionesRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { db }) => {
  const config = { vistas: GRUPOS.instituciones };
  const tags = ["Configuración"];

  // The users screen fills its institution dropdown from this list.
  app.get("/api/Instituciones", {
    config: { vistas: [...new Set([...GRUPOS.instituciones, ...GRUPOS.usuarios])] },
    schema: { tags, response: { 200: z.array(zInstitucion) } },
    handler: () => service.listarInstituciones(db),
  });

  app.post("/api/Instituciones", {
    config,
    schema: { tags, body: zInstitucionBody, response: { 200: zRespuesta(zInstitucionGuardada) } },
    handler: (req) => service.crearInstitucion(db, usuarioDe(req), req.body),
  });

  app.put("/api/Instituciones", {
    config,
    schema: { tags, body: zInstitucionBody, response: { 200: zRespuesta(zInstitucionGuardada) } },
    handler: (req) => service.editarInstitucion(db, usuarioDe(req), req.body),
  });
};
