/**
 * "Mis sesiones" (any signed-in user, their own sessions only): GET api/Account/Sesiones,
 * DELETE api/Account/Sesiones/{idSesion}, PUT api/Account/Sesiones/CerrarOtras.
 */
import { zParamsSesion, zRespuestaSimple, zSesionesActivas } from "@registro/contracts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { AppDeps } from "../deps.js";
import { usuarioDe } from "../llamante/peticion.js";
import * as service from "./sesiones.service.js";

const zError = z.object({ success: z.literal(false), message: z.string() });

export const sesionesRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { db, config }) => {
  const tags = ["Account"];
  const acceso = { autenticado: true };

  app.get("/api/Account/Sesiones", {
    config: acceso,
    schema: {
      tags,
      description: "Sesiones abiertas del usuario, la más recientemente usada primero; «actual» marca esta sesión.",
      response: { 200: zSesionesActivas, 401: zError },
    },
    handler: (req) => service.listarSesiones(db, config, usuarioDe(req)),
  });

  app.delete("/api/Account/Sesiones/:idSesion", {
    config: acceso,
    schema: {
      tags,
      description: "Cierra otra sesión del propio usuario (la actual se cierra con LogOff).",
      params: zParamsSesion,
      response: { 200: zRespuestaSimple, 401: zError, 404: zError },
    },
    handler: (req) => service.cerrarSesionPropia(db, usuarioDe(req), req.params.idSesion),
  });

  app.put("/api/Account/Sesiones/CerrarOtras", {
    config: acceso,
    schema: {
      tags,
      description: "Cierra todas las sesiones del usuario salvo la actual.",
      response: { 200: zRespuestaSimple, 401: zError },
    },
    handler: (req) => service.cerrarOtrasSesiones(db, usuarioDe(req)),
  });
};
