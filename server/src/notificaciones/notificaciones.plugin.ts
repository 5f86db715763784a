/**
 * The change notifications' sender, a task of the one scheduler (tareas/): every
 * WEBHOOK_SEND_INTERVAL_SECONDS in each process, each outbox row claimed by one process. A failing
 * database or receiver is logged and the next round tries again. `app.notificaciones` lets tests run a round.
 */
import type { FastifyInstance } from "fastify";
import type { AppDeps } from "../deps.js";
import { crearEntregador } from "./entregador.js";

export interface ServicioNotificaciones {
  /** Delivers every due notification now; how many were delivered. */
  procesarCola(): Promise<number>;
}

declare module "fastify" {
  interface FastifyInstance {
    notificaciones: ServicioNotificaciones;
  }
}

export function registrarNotificaciones(app: FastifyInstance, deps: AppDeps) {
  const entregador = crearEntregador({ db: deps.db, config: deps.config, reloj: deps.reloj, log: app.log });
  app.decorate("notificaciones", { procesarCola: () => entregador.procesarCola() });
  app.tareas.registrar({
    nombre: "notificaciones.entrega",
    cuando: { cadaMs: deps.config.webhookSendIntervalSeconds * 1000 },
    alcance: "cadaProceso",
    ejecutar: () => entregador.procesarCola(),
  });
}
