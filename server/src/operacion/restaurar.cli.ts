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
import { type ComprobacionAuditoria, RespaldoRechazado, restaurar } from "./respaldo.js";

async function main(): Promise<number> {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (e) {
    if (e instanceof ConfigError) {
      console.error(e.message);
      return 2;
    }
    throw e;
  }
  const archivo = process.argv.slice(2).find((a) => a !== "--");
  if (!archivo) {
    console.error(
      "Uso: npm run restore ARCHIVO   (con DATABASE_URL de una base vacía, o DATA_DIR de una carpeta vacía)",
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
      config.databaseUrl
        ? { databaseUrl: config.databaseMigrationUrl ?? config.databaseUrl }
        : { dataDir: config.dataDir },
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
