/**
 * Operations, started with the app and stopped with it: /metrics, the daily backup's schedule
 * (checked every minute, in one process of those sharing the database), the backups' routes for the
 * configuration administrator, and — embedded only — the control socket through which
 * `npm run backup` asks the running app for a backup.
 */
import type { FastifyInstance } from "fastify";
import type { Config } from "../config.js";
import type { Database, Db } from "../db/client.js";
import { exportacionesEnCurso } from "../exportar/limite.js";
import type { Reloj } from "../shared/tiempo.js";
import { abrirControl } from "./control.js";
import { registrarMetricas } from "./metricas.js";
import { crearServicioRespaldos, type ServicioRespaldos } from "./respaldos.service.js";

const CADA_REVISION_MS = 60_000;

declare module "fastify" {
  interface FastifyInstance {
    respaldos: ServicioRespaldos;
  }
}

export function registrarOperacion(
  app: FastifyInstance,
  deps: {
    db: Db;
    config: Config;
    reloj: Reloj;
    segundoPlano: boolean;
    database?: Pick<Database, "kind" | "pglite" | "url" | "estadoPool" | "alta">;
  },
) {
  const { db, config, reloj } = deps;
  const database = deps.database ?? { kind: config.databaseUrl ? "postgres" : "pglite" };
  registrarMetricas(app, {
    db,
    config,
    pool: database.estadoPool,
    alta: "alta" in database ? database.alta?.estado : undefined,
    exportacionesEnCurso,
  });
  const servicio = crearServicioRespaldos({ db, database, config, reloj, log: app.log });
  app.decorate("respaldos", servicio);

  let temporizador: NodeJS.Timeout | undefined;
  let enCurso: Promise<unknown> = Promise.resolve();
  let cerrarControl: (() => Promise<void>) | undefined;
  app.addHook("onReady", async () => {
    if (database.kind === "pglite" && database.pglite && config.dataDir && deps.segundoPlano) {
      cerrarControl = abrirControl(
        config.dataDir,
        async (orden) => {
          const r = await servicio.respaldarAhora(orden.destino);
          return { archivo: r.archivo, bytes: r.bytes, sha256: r.sha256, manifiesto: r.manifiesto };
        },
        (linea) => app.log.warn(linea),
      );
    }
    if (!deps.segundoPlano) return;
    if (config.backupDir) {
      app.log.info(
        `Respaldos diarios en ${config.backupDir} a las ${config.backupHour}:00 (UTC−4), conservados ${config.backupKeepDays} días.`,
      );
    } else {
      app.log.info("BACKUP_DIR no configurado: la aplicación no hace respaldos programados (npm run backup sí).");
    }
    const ronda = () => {
      enCurso = enCurso.then(() =>
        servicio.revisarProgramacion().catch((err) => app.log.warn({ err }, "respaldos: revisión falló")),
      );
    };
    if (config.backupDir) {
      ronda();
      temporizador = setInterval(ronda, CADA_REVISION_MS);
      temporizador.unref();
    }
  });
  app.addHook("onClose", async () => {
    if (temporizador) clearInterval(temporizador);
    await cerrarControl?.();
    await enCurso;
  });
}
