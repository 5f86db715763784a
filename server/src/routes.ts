/**
 * Every domain's routes, registered in one place. Each domain folder exports one plugin taking
 * `{ db, config }`; add a line here when a domain gains one.
 */
import type { FastifyPluginAsync } from "fastify";
import type { AppDeps } from "./app.js";
import { catalogosRoutes } from "./catalogos/catalogos.routes.js";
import { configuracionRoutes } from "./configuracion/configuracion.routes.js";
import { bandejasRoutes } from "./solicitudes/bandejas.routes.js";
import { revisionRoutes } from "./solicitudes/revision.routes.js";

export const domainRoutes: FastifyPluginAsync<AppDeps> = async (app, deps) => {
  await app.register(catalogosRoutes, deps);
  await app.register(configuracionRoutes, deps);
  await app.register(bandejasRoutes, deps);
  await app.register(revisionRoutes, deps);
};
