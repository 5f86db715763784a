/**
 * `npm run audit:verify [-- FILE…]`: checks the audit trail of the configured database
 * (DATABASE_URL, or the embedded one in DATA_DIR: stop the app first) with the audit key (AUDIT_KEY
 * or AUDIT_KEY_FILE): the hash chain, every entry's seal, and every checkpoint found in the files
 * given — the checkpoint file, or e-mails saved as text — or, with no file given, in
 * AUDIT_CHECKPOINT_FILE. Prints "Íntegra: N entradas" (exit 0) or the first entry that differs
 * (exit 1); a bad setting or an unreadable file exits 2.
 */
import fs from "node:fs";
import { ConfigError, loadConfig } from "../config.js";
import { openDatabase } from "../db/client.js";
import { basePreparada } from "../db/migrate.js";
import { BASE_SIN_PREPARAR, cargarEntornoDeArgumentos, faltaClave, LineaError } from "../shared/linea.js";
import { ClaveAuditoriaError, cargarClave } from "./clave.js";
import { leerPuntos, type PuntoControl } from "./puntos.js";
import { verificarAuditoria } from "./verificacion.js";

async function main(args: string[]): Promise<number> {
  let config: ReturnType<typeof loadConfig>;
  let archivos: string[];
  try {
    archivos = cargarEntornoDeArgumentos(args).filter((a) => a !== "--");
    config = loadConfig();
  } catch (e) {
    if (e instanceof ConfigError || e instanceof LineaError) {
      console.error(e.message);
      return 2;
    }
    throw e;
  }
  const sinClave = faltaClave(config);
  if (sinClave) {
    console.error(sinClave);
    return 2;
  }
  const clave = cargarClave(config, () => {});
  const fuentes =
    archivos.length > 0 ? archivos : fs.existsSync(config.auditCheckpointFile) ? [config.auditCheckpointFile] : [];
  const puntos: PuntoControl[] = [];
  for (const archivo of fuentes) {
    if (!fs.existsSync(archivo)) {
      console.error(`No se encuentra el archivo ${archivo}.`);
      return 2;
    }
    puntos.push(...leerPuntos(fs.readFileSync(archivo, "utf8")));
  }
  if (archivos.length > 0 && puntos.length === 0) {
    console.error(`No hay puntos de control en ${archivos.join(", ")}.`);
    return 2;
  }
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    if (!(await basePreparada(database))) {
      console.error(BASE_SIN_PREPARAR);
      return 2;
    }
    const r = await verificarAuditoria(database.db, clave, puntos);
    console.log(r.mensaje);
    console.log(
      `Entradas selladas: ${r.selladas} de ${r.entradas}. Puntos de control comprobados: ${r.puntos}` +
        (fuentes.length > 0 ? ` (${fuentes.join(", ")}).` : " (ningún archivo)."),
    );
    return r.integra ? 0 : 1;
  } finally {
    await database.close();
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (err) => {
    console.error(err instanceof ClaveAuditoriaError || err instanceof Error ? err.message : err);
    process.exit(2);
  },
);
