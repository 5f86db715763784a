/**
 * Starts the change notifications' sender with the app and stops it with the app (every
 * WEBHOOK_SEND_INTERVAL_SECONDS, one round at a time, awaited on close). A failing database or
 * receiver is logged and the next round tries again. `app.notificaciones` lets tests run a round.
 */
import type { FastifyInstance } from "fastify";
import type { Config } from "../config.js";
import type { Db } from "../db/client.js";
import type { Reloj } from "../shared/tiempo.js";
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

export function registrarNotificaciones(
  app: FastifyInstance,
  deps: { db: Db; config: Config; reloj: Reloj; segundoPlano: boolean },
) {
  const entregador = crearEntregador({ db: deps.db, config: deps.config, reloj: deps.reloj, log: app.log });
  app.decorate("notificaciones", { procesarCola: () => entregador.procesarCola() });

  let enCurso: Promise<unknown> = Promise.resolve();
  let cerrando = false;
  let temporizador: NodeJS.Timeout | null = null;
  const ronda = () => {
    if (cerrando) return;
    enCurso = enCurso.then(() =>
      cerrando
        ? undefined
        : entregador.procesarCola().catch((err) => app.log.warn({ err }, "notificaciones: la ronda de entrega falló")),
    );
  };
  app.addHook("onReady", async () => {
    if (!deps.segundoPlano) return;
    ronda();
    temporizador = setInterval(ronda, deps.config.webhookSendIntervalSeconds * 1000);
    temporizador.unref();
  });
  app.addHook("onClose", async () => {
    cerrando = true;
    if (temporizador) clearInterval(temporizador);
    await enCurso;
  });
}
