/**
 * Backups the app makes itself: once a day at BACKUP_HOUR (the country's time) into BACKUP_DIR,
 * in one process of those sharing the database; files older than BACKUP_KEEP days are removed
 * after a success; a failure is told to the configuration administrators (notice and e-mail) and
 * tried again an hour later. Also the on-demand backup ("Respaldar ahora", and `npm run backup`
 * through the control socket for a running embedded app).
 */
import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { V } from "@registro/contracts";
import * as avisosRepo from "../avisos/avisos.repository.js";
import type { Config } from "../config.js";
import type { Database, Db } from "../db/client.js";
import { fechaLocal, horaLocalEnUtc, type Reloj } from "../shared/tiempo.js";
import { type Manifiesto, respaldar } from "./respaldo.js";
import * as repo from "./respaldos.repository.js";

const PREFIJO = "respaldo-registro-firmas-";

/** `respaldo-registro-firmas-2026-11-26-0200.tar`, in the country's time. */
export function nombreRespaldo(instante: Date): string {
  const local = horaLocalEnUtc(instante).toISOString();
  const segundos = String(instante.getUTCSeconds()).padStart(2, "0");
  return `${PREFIJO}${local.slice(0, 10)}-${local.slice(11, 13)}${local.slice(14, 16)}${segundos}.tar`;
}

/** The hour of the day in the country. */
const horaLocal = (instante: Date) => horaLocalEnUtc(instante).getUTCHours();

async function sha256(ruta: string): Promise<string> {
  const h = createHash("sha256");
  for await (const trozo of fs.createReadStream(ruta)) h.update(trozo as Buffer);
  return h.digest("hex");
}

export interface ResultadoRespaldo {
  archivo: string;
  bytes: number;
  sha256: string;
  manifiesto: Manifiesto;
}

export interface ServicioRespaldos {
  configuracion: { programados: boolean; carpeta: string | null; hora: number; conservarDias: number };
  /** A backup started by this process is still running. */
  ocupado(): boolean;
  /** Makes a backup now into `destino` (a file) or BACKUP_DIR, and logs it. */
  respaldarAhora(destino?: string, programado?: boolean): Promise<ResultadoRespaldo>;
  /** One round of the schedule: the day's backup if it is due here. */
  revisarProgramacion(): Promise<"no-configurado" | "temprano" | "no-toca" | "hecho" | "fallido">;
  ultimoExito(): Promise<Date | null>;
}

export function crearServicioRespaldos(deps: {
  db: Db;
  database: Pick<Database, "kind" | "pglite" | "url">;
  config: Config;
  reloj: Reloj;
  log: { info(o: object, m: string): void; error(o: object, m: string): void };
}): ServicioRespaldos {
  const { db, database, config, reloj, log } = deps;

  let enMarcha = 0;
  async function ejecutar(id: number, destino: string): Promise<ResultadoRespaldo> {
    enMarcha++;
    try {
      fs.mkdirSync(path.dirname(destino), { recursive: true });
      const manifiesto = await respaldar(
        // pg_dump reads every table, the migrations' own included: as the owner when there is one.
        { ...database, url: config.databaseMigrationUrl ?? database.url },
        destino,
        reloj(),
      );
      const r = { archivo: destino, bytes: fs.statSync(destino).size, sha256: await sha256(destino), manifiesto };
      await repo.terminar(db, id, { exito: true, archivo: r.archivo, bytes: r.bytes, sha256: r.sha256 });
      log.info({ archivo: destino, bytes: r.bytes }, "respaldo completado");
      return r;
    } catch (e) {
      const error = e instanceof Error ? e.message : String(e);
      await repo.terminar(db, id, { exito: false, error }).catch(() => {});
      log.error({ err: e }, "respaldo fallido");
      throw e;
    } finally {
      enMarcha--;
    }
  }

  async function avisarFallo(id: number, error: string) {
    await db.transaction(async (tx) => {
      const usuarios = await repo.usuariosConVista(tx, V.RESPALDOS);
      await avisosRepo.insertarAvisos(
        tx,
        usuarios.map((idUsuario) => ({
          idUsuario,
          idSolicitud: null,
          tipo: "respaldo",
          titulo: "El respaldo programado falló",
          texto: "El respaldo diario de la base de datos no se pudo completar; se intentará de nuevo en una hora.",
          detalle: error.slice(0, 500),
          enlace: "/Configuracion/Respaldos",
          correo: "cada",
          clave: `respaldo-fallido-${id}-${idUsuario}`,
        })),
      );
    });
  }

  function limpiarAntiguos(carpeta: string) {
    const limite = reloj().getTime() - config.backupKeepDays * 86_400_000;
    for (const nombre of fs.readdirSync(carpeta)) {
      if (!nombre.startsWith(PREFIJO) || !nombre.endsWith(".tar")) continue;
      const ruta = path.join(carpeta, nombre);
      if (fs.statSync(ruta).mtimeMs < limite) fs.rmSync(ruta, { force: true });
    }
  }

  return {
    configuracion: {
      programados: config.backupDir !== undefined,
      carpeta: config.backupDir ?? null,
      hora: config.backupHour,
      conservarDias: config.backupKeepDays,
    },
    ocupado: () => enMarcha > 0,
    async respaldarAhora(destino, programado = false) {
      if (!destino && !config.backupDir) throw new Error("BACKUP_DIR no está configurado");
      const archivo = destino ?? path.join(config.backupDir as string, nombreRespaldo(reloj()));
      const id = await repo.iniciar(db, fechaLocal(reloj()), programado);
      return ejecutar(id, archivo);
    },
    async revisarProgramacion() {
      if (!config.backupDir) return "no-configurado";
      const ahora = reloj();
      if (horaLocal(ahora) < config.backupHour) return "temprano";
      const dia = fechaLocal(ahora);
      const id = await db.transaction(async (tx) => {
        if (!(await repo.bloquearProgramacion(tx))) return null;
        if (!(await repo.pendienteDelDia(tx, dia))) return null;
        return repo.iniciar(tx, dia, true);
      });
      if (id === null) return "no-toca";
      try {
        await ejecutar(id, path.join(config.backupDir, nombreRespaldo(ahora)));
      } catch (e) {
        await avisarFallo(id, e instanceof Error ? e.message : String(e)).catch(() => {});
        return "fallido";
      }
      limpiarAntiguos(config.backupDir);
      return "hecho";
    },
    ultimoExito: () => repo.ultimoExito(db),
  };
}
