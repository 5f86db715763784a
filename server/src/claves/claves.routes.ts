/** The configuration administrator's "Claves de sistema": list, issue (shown once) and revoke keys. */
import { GRUPOS, zClaveEmitida, zClaveSistema, zId, zNuevaClave, zRespuestaSimple } from "@registro/contracts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { AppDeps } from "../deps.js";
import { usuarioDe } from "../llamante/peticion.js";
import * as service from "./claves.service.js";

export const clavesRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { db, reloj }) => {
  const config = { vistas: GRUPOS.clavesSistema };
  const tags = ["Claves de sistema"];

  app.get("/api/ClavesSistema", {
    config,
    schema: {
      tags,
      summary: "Claves de sistema emitidas, con su último uso",
      response: { 200: z.array(zClaveSistema) },
    },
    handler: () => service.listarClaves(db, reloj),
  });

  app.post("/api/ClavesSistema", {
    config,
    schema: {
      tags,
      summary: "Emitir una clave a un sistema (la respuesta la muestra una sola vez)",
      body: zNuevaClave,
      response: { 200: zClaveEmitida, 400: zRespuestaSimple },
    },
    handler: (req) => service.emitirClave(db, usuarioDe(req), req.body, reloj),
  });

  app.post("/api/ClavesSistema/Revocar/:idClave", {
    config,
    schema: {
      tags,
      summary: "Revocar una clave de sistema",
      params: z.object({ idClave: zId }),
      response: { 200: zRespuestaSimple, 404: zRespuestaSimple },
    },
    handler: (req) => service.revocarClave(db, req.params.idClave),
  });
};
