/**
 * `npm run backup [-- ARCHIVO]`: one backup file of the whole registry (see respaldo.ts), named
 * `respaldo-registro-firmas-AAAA-MM-DD-HHMMSS.tar` in BACKUP_DIR (or the current folder) unless a
 * file is given. PostgreSQL (DATABASE_URL): pg_dump of one snapshot while the app keeps serving.
 * Embedded: when the app is running on DATA_DIR it makes the backup itself (asked through its
 * control socket); when it is not, this command opens the folder and makes it.
 */
import path from "node:path";
import { ConfigError, loadConfig } from "../config.js";
import { CarpetaBloqueada } from "../db/bloqueo.js";
import { openDatabase } from "../db/client.js";
import { cargarEntornoDeArgumentos, LineaError } from "../shared/linea.js";
import { relojDelSistema } from "../shared/tiempo.js";
import { pedirAlProceso } from "./control.js";
import type { Manifiesto } from "./respaldo.js";
import { crearServicioRespaldos, nombreRespaldo } from "./respaldos.service.js";

async function main(): Promise<number> {
  let config: ReturnType<typeof loadConfig>;
  let args: string[];
  try {
    args = cargarEntornoDeArgumentos(process.argv.slice(2));
    config = loadConfig();
  } catch (e) {
    if (e instanceof ConfigError || e instanceof LineaError) {
      console.error(e.message);
      return 2;
    }
    throw e;
  }
  const argumento = args.find((a) => a !== "--");
  const destino = path.resolve(argumento ?? path.join(config.backupDir ?? ".", nombreRespaldo(relojDelSistema())));
  let manifiesto: Manifiesto;
  let database: Awaited<ReturnType<typeof openDatabase>> | undefined;
  try {
    database = await openDatabase({
      databaseUrl: config.databaseMigrationUrl ?? config.databaseUrl,
      dataDir: config.dataDir,
    });
  } catch (e) {
    if (!(e instanceof CarpetaBloqueada)) throw e;
  }
  if (database) {
    try {
      const servicio = crearServicioRespaldos({
        db: database.db,
        database,
        config,
        reloj: relojDelSistema,
        log: { info: () => {}, error: () => {} },
      });
      manifiesto = (await servicio.respaldarAhora(destino)).manifiesto;
    } finally {
      await database.close();
    }
  } else {
    console.log(`La aplicación está en marcha sobre ${config.dataDir}: ella hace el respaldo…`);
    const r = await pedirAlProceso(config.dataDir, { accion: "respaldo", destino });
    if (!r.ok) {
      console.error(`El respaldo falló: ${r.error}`);
      return 1;
    }
    manifiesto = (r.resultado as { manifiesto: Manifiesto }).manifiesto;
  }
  const filas = Object.values(manifiesto.tablas).reduce((a, b) => a + b, 0);
  console.log(
    `Respaldo escrito en ${destino}\n` +
      `  motor ${manifiesto.motor}, versión ${manifiesto.version}, migración ${manifiesto.migraciones.ultima}\n` +
      `  ${Object.keys(manifiesto.tablas).length} tablas, ${filas} filas; auditoría: ${manifiesto.auditoria.entradas} entradas` +
      (manifiesto.auditoria.ultimaId === null ? "" : `, última ${manifiesto.auditoria.ultimaId}`),
  );
  return 0;
}

main().then(
  (code) => process.exit(code),
  (err) => {
    console.error(`El respaldo falló: ${err instanceof Error ? err.message : err}`);
    process.exit(1);
  },
);
