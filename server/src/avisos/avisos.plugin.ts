/**
 * The notices' background work, as tasks of the one scheduler (tareas/): the e-mail sender (every
 * MAIL_SEND_INTERVAL_SECONDS in each process, only with SMTP_URL; each mail claimed by one), the
 * daily round (once a day in one process: the expiry sweep, the summaries and the audit chain's
 * daily checkpoint) and the anchor of the chain's head in the checkpoint file (every
 * AUDIT_ANCHOR_INTERVAL_SECONDS, when it moved). `app.avisos` lets tests and callers run a round at once.
 */
import type { FastifyInstance } from "fastify";
import { claveEstablecida } from "../auditoria/clave.js";
import { anclarCabeza, puntoDelDia, type UltimoAncla } from "../auditoria/puntos.js";
import type { AppDeps } from "../deps.js";
import type { Reloj } from "../shared/tiempo.js";
import { DESPUES } from "../tareas/planificador.js";
import { crearEnviador } from "./enviador.js";
import { ejecutarTareasDiarias, tareasDelDia } from "./tareas.service.js";

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

export function registrarAvisos(app: FastifyInstance, deps: AppDeps) {
  const { db, config, reloj } = deps;
  const enviador = crearEnviador({ db, config, reloj, log: app.log });
  const ultimoAncla: UltimoAncla = { entrada: null, hash: null };
  const servicio: ServicioAvisos = {
    reloj,
    procesarCola: () => enviador.procesarCola(),
    ejecutarTareasDiarias: () => ejecutarTareasDiarias(db, config.expiryNoticeDays, reloj),
    anclarAuditoria: () => anclarCabeza(db, claveEstablecida(), reloj(), config.auditCheckpointFile, ultimoAncla),
    rondasEnCurso: () => app.tareas.enCurso(),
  };
  app.decorate("avisos", servicio);

  app.tareas.registrar({
    nombre: "avisos.diarias",
    cuando: { diaria: { hora: 0 } },
    alcance: "unica",
    async ejecutar() {
      // Another process on it right now (one started before this scheduler's row): ask again soon.
      if ((await tareasDelDia(db, config.expiryNoticeDays, reloj)) === "ocupada") return DESPUES;
      // The audit chain's daily checkpoint (file, log, e-mail), by whichever process gets there first.
      await puntoDelDia(db, claveEstablecida(), reloj(), {
        archivo: config.auditCheckpointFile,
        email: config.auditCheckpointEmail,
        log: (linea) => app.log.info(linea),
      });
    },
  });
  if (config.auditAnchorIntervalSeconds > 0) {
    app.tareas.registrar({
      nombre: "avisos.ancla-auditoria",
      cuando: { cadaMs: config.auditAnchorIntervalSeconds * 1000 },
      alcance: "cadaProceso",
      ejecutar: () => servicio.anclarAuditoria(),
    });
  }
  if (config.smtpUrl) {
    app.tareas.registrar({
      nombre: "avisos.envio-correos",
      cuando: { cadaMs: config.mailSendIntervalSeconds * 1000 },
      alcance: "cadaProceso",
      ejecutar: () => servicio.procesarCola(),
      alDetener: () => enviador.cerrar(),
    });
  }
  app.addHook("onReady", async () => {
    if (!config.smtpUrl)
      app.log.info("SMTP_URL no configurado: no se enviarán correos (los avisos de la aplicación siguen funcionando).");
  });
}
