/** The configuration area's routes (users, profiles, institutions, positions) as one plugin. */
import type { FastifyPluginAsync } from "fastify";
import type { Db } from "../db/client.js";
import { cargosRoutes } from "./cargos.routes.js";
import { institucionesRoutes } from "./instituciones.routes.js";
import { perfilesRoutes } from "./perfiles.routes.js";
import { usuariosRoutes } from "./usuarios.routes.js";

export const configuracionRoutes: FastifyPluginAsync<{ db: Db }> = async (app, { db }) => {
  await app.register(usuariosRoutes, { db });
  await app.register(perfilesRoutes, { db });
  await app.register(institucionesRoutes, { db });
  await app.register(cargosRoutes, { db });
};
