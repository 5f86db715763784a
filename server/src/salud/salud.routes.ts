/**
 * Liveness and readiness for load balancers and orchestrators: public, cheap, no personal data.
 * GET /api/health answers while the process serves; GET /api/ready also asks the database for
 * `select 1` and answers 503 (Spanish message) when it cannot, or while the process is stopping.
 */
import { MSG } from "@registro/contracts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { AppDeps } from "../deps.js";
import { responde } from "./salud.repository.js";

const zEstado = z.object({ status: z.enum(["ok", "unavailable"]), message: z.string().optional() });

export const saludRoutes: FastifyPluginAsyncZod<AppDeps & { cerrando: () => boolean }> = async (app, deps) => {
  app.get("/api/health", {
    config: { publico: true },
    schema: { tags: ["Salud"], response: { 200: zEstado } },
    handler: async () => ({ status: "ok" as const }),
  });

  app.get("/api/ready", {
    config: { publico: true },
    schema: { tags: ["Salud"], response: { 200: zEstado, 503: zEstado } },
    handler: async (_req, reply) => {
      let ok = !deps.cerrando();
      if (ok) {
        try {
          await responde(deps.db);
        } catch {
          ok = false;
        }
      }
      if (ok) return { status: "ok" as const };
      return reply.status(503).send({ status: "unavailable" as const, message: MSG.servicioNoDisponible });
    },
  });
};
