/** Positions calls of SPEC.md §7 "Maintenance": CargosActivos, CrearCargo, EditarCargo, BorrarCargo?idcargo=. */
import {
  GRUPOS,
  zCargo,
  zCargoCrearBody,
  zCargoEditarBody,
  zQueryBorrarCargo,
  zRespuestaSimple,
} from "@registro/contracts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { AppDeps } from "../deps.js";
import { usuarioDe } from "../llamante/peticion.js";
import * as service from "./cargos.service.js";

export const cargosRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { db }) => {
  const config = { vistas: GRUPOS.cargos };
  const tags = ["Configuración"];

  // The institutions screen fills its "Cargos asociados" multi-select from this list.
  app.get("/api/Usuarios/CargosActivos", {
    config: { vistas: [...new Set([...GRUPOS.cargos, ...GRUPOS.instituciones])] },
    schema: { tags, response: { 200: z.array(zCargo) } },
    handler: () => service.listarCargos(db),
  });

  app.post("/api/Usuarios/CrearCargo", {
    config,
    schema: { tags, body: zCargoCrearBody, response: { 200: zRespuestaSimple } },
    handler: (req) => service.crearCargo(db, usuarioDe(req), req.body),
  });

  app.put("/api/Usuarios/EditarCargo", {
    config,
    schema: { tags, body: zCargoEditarBody, response: { 200: zRespuestaSimple } },
    handler: (req) => service.editarCargo(db, usuarioDe(req), req.body),
  });

  app.delete("/api/Usuarios/BorrarCargo", {
    config,
    schema: { tags, querystring: zQueryBorrarCargo, response: { 200: zRespuestaSimple } },
    handler: (req) => service.borrarCargo(db, usuarioDe(req), req.query.idcargo),
  });
};
