/** GET api/Tablero: the workload dashboard, for internal users holding the "Tablero" view. */
import { GRUPOS, zConsultaTablero, zRespuestaSimple, zTablero } from "@registro/contracts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { AppDeps } from "../deps.js";
import { usuarioDe } from "../llamante/peticion.js";
import { obtenerTablero } from "./tablero.service.js";

export const tableroRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { db, config, reloj }) => {
  app.get("/api/Tablero", {
    config: { vistas: GRUPOS.tablero },
    schema: {
      tags: ["Tablero"],
      summary: "Solicitudes por etapa, tiempos de espera, entradas y salidas por semana, por institución y por vencer",
      querystring: zConsultaTablero,
      response: { 200: zTablero, 400: zRespuestaSimple, 401: zRespuestaSimple, 403: zRespuestaSimple },
    },
    handler: (req) =>
      obtenerTablero(db, usuarioDe(req), req.query, {
        ahora: reloj(),
        diasAviso: config.expiryNoticeDays,
      }),
  });
};
