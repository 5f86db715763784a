/**
 * Operations, started with the app and stopped with it: /metrics, the daily backup's schedule (a
 * task of the one scheduler, tareas/: looked at every minute by one process of those sharing the
 * database; the day's rules — the hour, one success a day, a failure tried again an hour later —
 * are the backups service's), the backups' routes for the configuration administrator, and —
 * embedded only — the control socket through which `npm run backup` asks the running app for a backup.
 */
import type { FastifyInstance } from "fastify";
import type { AppDeps } from "../deps.js";
import { exportacionesEnCurso } from "../exportar/limite.js";
import { abrirControl } from "./control.js";
import { registrarMetricas } from "./metricas.js";
import { crearServicioRespaldos, type ServicioRespaldos } from "./respaldos.service.js";

const CADA_REVISION_MS = 60_000;

declare module "fastify" {
  interface FastifyInstance {
    respaldos: ServicioRespaldos;
  }
}

export function registrarOperacion(app: FastifyInstance, deps: AppDeps) {
  const { db, config, reloj } = deps;
  const segundoPlano = deps.segundoPlano ?? true;
  const database = deps.database ?? { kind: config.databaseUrl ? "postgres" : "pglite" };
  registrarMetricas(app, {
    db,
    config,
    pool: database.estadoPool,
    alta: "alta" in database ? database.alta?.estado : undefined,
    exportacionesEnCurso,
    tareas: app.tareas,
  });
  const servicio = crearServicioRespaldos({ db, database, config, reloj, log: app.log });
  app.decorate("respaldos", servicio);
  if (config.backupDir) {
    app.tareas.registrar({
      nombre: "operacion.respaldo-diario",
      cuando: { cadaMs: CADA_REVISION_MS },
      alcance: "unica",
      async ejecutar() {
        // Already logged and told to the administrators; counted as the task's failure too.
        if ((await servicio.revisarProgramacion()) === "fallido") throw new Error("respaldo programado fallido");
      },
    });
  }

  let cerrarControl: (() => Promise<void>) | undefined;
  app.addHook("onReady", async () => {
    if (database.kind === "pglite" && database.pglite && config.dataDir && segundoPlano) {
      cerrarControl = abrirControl(
        config.dataDir,
        async (orden) => {
          const r = await servicio.respaldarAhora(orden.destino);
          return { archivo: r.archivo, bytes: r.bytes, sha256: r.sha256, manifiesto: r.manifiesto };
        },
        (linea) => app.log.warn(linea),
      );
    }
    if (!segundoPlano) return;
    if (config.backupDir) {
      app.log.info(
        `Respaldos diarios en ${config.backupDir} a las ${config.backupHour}:00 (UTC−4), conservados ${config.backupKeepDays} días.`,
      );
    } else {
      app.log.info("BACKUP_DIR no configurado: la aplicación no hace respaldos programados (npm run backup sí).");
    }
  });
  app.addHook("onClose", async () => {
    await cerrarControl?.();
  });
}
