/**
 * `npm run audit:verify`: re-walks the audit chain of the configured database (DATABASE_URL, or the
 * embedded one in DATA_DIR; stop the app first for the embedded one) and prints "Íntegra: N
 * entradas" (exit 0) or the first entry that breaks the chain (exit 1).
 */
import { MSG } from "@registro/contracts";
import { ConfigError, loadConfig } from "../config.js";
import { openDatabase } from "../db/client.js";
import { verificarCadena } from "./cadena.js";

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
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    const r = await verificarCadena(database.db);
    if (r.integra) {
      console.log(MSG.auditoriaIntegra(r.entradas));
      return 0;
    }
    console.log(MSG.auditoriaRota(r.idAuditoria));
    return 1;
  } finally {
    await database.close();
  }
}

main().then(
  (code) => process.exit(code),
  (err) => {
    console.error(err instanceof Error ? err.message : err);
    process.exit(2);
  },
);
