/**
 * Starts the notices' background work with the app and stops it with the app: the e-mail sender
 * (every MAIL_SEND_INTERVAL_SECONDS, only with SMTP_URL) and the daily tasks (checked every minute,
 * run once per day), the audit chain's daily checkpoint among them, and the anchor of the chain's
 * head in the checkpoint file (every AUDIT_ANCHOR_INTERVAL_SECONDS, when it moved). A failing database or SMTP server is logged and tried again on the next
 * round; it never ends the process. `app.avisos` lets tests and callers run a round at once.
 */
import type { FastifyInstance } from "fastify";
import { claveEstablecida } from "../auditoria/clave.js";
import { anclarCabeza, puntoDelDia, type UltimoAncla } from "../auditoria/puntos.js";
import type { Config } from "../config.js";
import type { Db } from "../db/client.js";
import { fechaLocal, type Reloj } from "../shared/tiempo.js";
import { crearEnviador } from "./enviador.js";
import { ejecutarTareasDiarias, tareasDelDia } from "./tareas.service.js";

const CADA_REVISION_DIARIA_MS = 60_000;

export interface ServicioAvisos {
  reloj: Reloj;
  /** Sends every due e-mail now; how many went out. */
  procesarCola(): Promise<number>;
  /** Runs today's daily tasks unless already run (by this or another process). */
  ejecutarTareasDiarias(): Promise<boolean>;
  /** Anchors the audit chain's head in the checkpoint file now, if it moved; true when it wrote one. */
  anclarAuditoria(): Promise<boolean>;
  /** Resolves once the background rounds started so far have ended. */
  rondasEnCurso(): Promise<void>;
}

declare module "fastify" {
  interface FastifyInstance {
    avisos: ServicioAvisos;
  }
}

export function registrarAvisos(
  app: FastifyInstance,
  deps: { db: Db; config: Config; reloj: Reloj; segundoPlano: boolean },
) {
  const { db, config, reloj } = deps;
  const enviador = crearEnviador({ db, config, reloj, log: app.log });
  let enCurso: Promise<unknown> = Promise.resolve();
  const ultimoAncla: UltimoAncla = { entrada: null, hash: null };
  const servicio: ServicioAvisos = {
    reloj,
    procesarCola: () => enviador.procesarCola(),
    ejecutarTareasDiarias: () => ejecutarTareasDiarias(db, config.expiryNoticeDays, reloj),
    anclarAuditoria: () => anclarCabeza(db, claveEstablecida(), reloj(), config.auditCheckpointFile, ultimoAncla),
    rondasEnCurso: async () => {
      await enCurso;
    },
  };
  app.decorate("avisos", servicio);

  const temporizadores: NodeJS.Timeout[] = [];
  let cerrando = false;
  let ultimoDia: string | null = null;
  /** One round at a time; an error is logged and the next round tries again. */
  const ronda = (nombre: string, trabajo: () => Promise<unknown>) => {
    if (cerrando) return;
    enCurso = enCurso.then(() =>
      cerrando ? undefined : trabajo().catch((err) => app.log.warn({ err }, `avisos: ${nombre} falló`)),
    );
  };
  const diaria = () =>
    ronda("tareas diarias", async () => {
      const dia = fechaLocal(reloj());
      if (dia === ultimoDia) return;
      // Another process on it right now: check again next time (its sweep may yet fail).
      if ((await tareasDelDia(db, config.expiryNoticeDays, reloj)) === "ocupada") return;
      // The audit chain's daily checkpoint (file, log, e-mail), by whichever process gets there first.
      await puntoDelDia(db, claveEstablecida(), reloj(), {
        archivo: config.auditCheckpointFile,
        email: config.auditCheckpointEmail,
        log: (linea) => app.log.info(linea),
      });
      ultimoDia = dia;
    });
  const envio = () => ronda("envío de correos", () => servicio.procesarCola());
  const ancla = () => ronda("ancla de la auditoría", () => servicio.anclarAuditoria());

  app.addHook("onReady", async () => {
    if (!config.smtpUrl)
      app.log.info("SMTP_URL no configurado: no se enviarán correos (los avisos de la aplicación siguen funcionando).");
    if (!deps.segundoPlano) return;
    diaria();
    temporizadores.push(setInterval(diaria, CADA_REVISION_DIARIA_MS));
    if (config.auditAnchorIntervalSeconds > 0) {
      ancla();
      temporizadores.push(setInterval(ancla, config.auditAnchorIntervalSeconds * 1000));
    }
    if (config.smtpUrl) {
      envio();
      temporizadores.push(setInterval(envio, config.mailSendIntervalSeconds * 1000));
    }
    for (const t of temporizadores) t.unref();
  });
  app.addHook("onClose", async () => {
    cerrando = true;
    for (const t of temporizadores) clearInterval(t);
    await enCurso;
    enviador.cerrar();
  });
}
