/** Profiles calls of SPEC.md §7 "Maintenance": GET api/Perfiles, GetVistas, POST, PUT and DELETE ?idPerfil=. */
import {
  GRUPOS,
  zPerfil,
  zPerfilCrearBody,
  zPerfilEditarBody,
  zQueryPerfil,
  zRespuesta,
  zRespuestaSimple,
  zVistaDisponible,
} from "@registro/contracts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { AppDeps } from "../deps.js";
import { usuarioDe } from "../llamante/peticion.js";
import * as service from "./perfiles.service.js";

export const perfilesRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { db }) => {
  const config = { vistas: GRUPOS.perfiles };
  const tags = ["Configuración"];

  // The users screen fills its profile dropdown from this list.
  app.get("/api/Perfiles", {
    config: { vistas: [...new Set([...GRUPOS.perfiles, ...GRUPOS.usuarios])] },
    schema: { tags, response: { 200: z.array(zPerfil) } },
    handler: () => service.listarPerfiles(db),
  });

  app.get("/api/Perfiles/GetVistas", {
    config,
    schema: { tags, response: { 200: z.array(zVistaDisponible) } },
    handler: () => service.listarVistas(db),
  });

  app.post("/api/Perfiles", {
    config,
    schema: {
      tags,
      body: zPerfilCrearBody,
      response: { 200: zRespuesta(z.object({ idPerfil: z.number() })) },
    },
    handler: (req) => service.crearPerfil(db, usuarioDe(req), req.body),
  });

  app.put("/api/Perfiles", {
    config,
    schema: { tags, querystring: zQueryPerfil, body: zPerfilEditarBody, response: { 200: zRespuestaSimple } },
    handler: (req) => service.editarPerfil(db, usuarioDe(req), req.query.idPerfil, req.body),
  });

  app.delete("/api/Perfiles", {
    config,
    schema: { tags, querystring: zQueryPerfil, response: { 200: zRespuestaSimple } },
    handler: (req) => service.eliminarPerfil(db, usuarioDe(req), req.query.idPerfil),
  });
};
