/**
 * The scheduler of the app (`app.tareas`): built before the domains register their tasks, started
 * when the app is ready (unless `segundoPlano` is false: tests run passes by hand with
 * `app.tareas.vuelta()`), stopped when it closes, after the runs in flight.
 */
import type { FastifyInstance } from "fastify";
import type { AppDeps } from "../deps.js";
import { crearPlanificador, type Planificador } from "./planificador.js";

declare module "fastify" {
  interface FastifyInstance {
    tareas: Planificador;
  }
}

export function registrarTareas(app: FastifyInstance, deps: AppDeps) {
  const planificador = crearPlanificador({ db: deps.db, reloj: deps.reloj, config: deps.config, log: app.log });
  app.decorate("tareas", planificador);
  app.addHook("onReady", async () => {
    if (deps.segundoPlano ?? true) planificador.iniciar();
  });
  app.addHook("onClose", () => planificador.detener());
}
