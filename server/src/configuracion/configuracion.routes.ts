/** The configuration area's routes (users, profiles, institutions, positions) as one plugin. */
import type { FastifyPluginAsync } from "fastify";
import type { AppDeps } from "../deps.js";
import { cargosRoutes } from "./cargos.routes.js";
import { institucionesRoutes } from "./instituciones.routes.js";
import { perfilesRoutes } from "./perfiles.routes.js";
import { usuariosRoutes } from "./usuarios.routes.js";

export const configuracionRoutes: FastifyPluginAsync<AppDeps> = async (app, deps) => {
  await app.register(usuariosRoutes, deps);
  await app.register(perfilesRoutes, deps);
  await app.register(institucionesRoutes, deps);
  await app.register(cargosRoutes, deps);
};
