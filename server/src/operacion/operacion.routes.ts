/** The configuration administrator's "Respaldos": the last backups, and one more now. */
import { GRUPOS, MSG, zEstadoRespaldos, zRespuestaSimple } from "@registro/contracts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { AppDeps } from "../deps.js";
import * as servicio from "./operacion.service.js";

const tags = ["Operación"];

export const operacionRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { db }) => {
  app.get("/api/Respaldos", {
    config: { vistas: GRUPOS.respaldos },
    schema: { tags, response: { 200: zEstadoRespaldos } },
    handler: () => servicio.estadoRespaldos(db, app.respaldos),
  });
  app.post("/api/Respaldos", {
    config: { vistas: GRUPOS.respaldos },
    schema: { tags, response: { 200: zRespuestaSimple } },
    handler: async () => {
      servicio.iniciarRespaldo(app.respaldos, app.log);
      return { success: true, message: MSG.respaldoIniciado };
    },
  });
};
