/**
 * `npm run restore ARCHIVO`: restores a backup into an empty database (DATABASE_URL, a new database
 * made with createdb) or an empty data folder (DATA_DIR). Refuses anything else, and a file that is
 * not intact; runs pending migrations; ends by comparing every table's rows with the manifest and
 * verifying the audit chain. Exit 0 restored, 1 refused or failed, 2 bad settings or usage.
 */
import fs from "node:fs";
import path from "node:path";
import { cargarClave } from "../auditoria/clave.js";
import { leerPuntos } from "../auditoria/puntos.js";
import { ConfigError, loadConfig } from "../config.js";
import { cargarEntornoDeArgumentos, LineaError } from "../shared/linea.js";
import { type ComprobacionAuditoria, RespaldoRechazado, restaurar } from "./respaldo.js";

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
  // --base NOMBRE: a new database on the same PostgreSQL server, reached with the installation's
  // roles (the environment file's DATABASE_MIGRATION_URL / DATABASE_URL with that database's name).
  const iBase = args.indexOf("--base");
  const base = iBase >= 0 ? args.splice(iBase, 2)[1] : undefined;
  if (iBase >= 0 && (!base || !/^[A-Za-z_][A-Za-z0-9_]*$/.test(base) || !config.databaseUrl)) {
    console.error("--base NOMBRE necesita DATABASE_URL y un nombre de base válido (letras, números y _).");
    return 2;
  }
  const conBase = (url: string | undefined) => {
    if (!url || !base) return url;
    const u = new URL(url);
    u.pathname = `/${base}`;
    return u.toString();
  };
  const urlDestino = conBase(config.databaseMigrationUrl ?? config.databaseUrl);
  const archivo = args.find((a) => a !== "--");
  if (!archivo) {
    console.error(
      "Uso: npm run restore -- [--env ARCHIVO_DE_ENTORNO] [--base NOMBRE_DE_BASE_NUEVA] ARCHIVO   (PostgreSQL: una base vacía; base embebida: DATA_DIR de una carpeta vacía)",
    );
    return 2;
  }
  // The audit key is never in a backup (whoever holds the database must not hold it): with the
  // key of the installation the restore checks seals and checkpoints; without it, the hash chain.
  let auditoria: ComprobacionAuditoria | undefined;
  if (config.auditKey || fs.existsSync(config.auditKeyFile)) {
    const puntos = fs.existsSync(config.auditCheckpointFile)
      ? leerPuntos(fs.readFileSync(config.auditCheckpointFile, "utf8"))
      : [];
    auditoria = { clave: cargarClave(config, () => {}), puntos };
  } else {
    console.log(
      `Sin la clave de auditoría (AUDIT_KEY o ${config.auditKeyFile}) solo se comprueba la cadena de hashes, no los sellos.`,
    );
  }
  try {
    const r = await restaurar(
      path.resolve(archivo),
      urlDestino ? { databaseUrl: urlDestino } : { dataDir: config.dataDir },
      (linea) => console.log(linea),
      auditoria,
    );
    console.log(
      `Restaurado: ${Object.keys(r.manifiesto.tablas).length} tablas coinciden con el manifiesto; ` +
        `${r.migracionesAplicadas} migraciones pendientes aplicadas; ` +
        `auditoría íntegra (${r.entradasAuditoria} entradas${r.conClave ? ", sellos y puntos de control comprobados" : ", solo la cadena"}).`,
    );
    return 0;
  } catch (e) {
    if (e instanceof RespaldoRechazado) {
      console.error(e.message);
      return 1;
    }
    throw e;
  }
}

main().then(
  (code) => process.exit(code),
  (err) => {
    console.error(`La restauración falló: ${err instanceof Error ? err.message : err}`);
    process.exit(1);
  },
);
