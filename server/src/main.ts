/** Starts Registro de Firmas: settings, database, app; closes both cleanly on SIGINT/SIGTERM. */
import { buildApp } from "./app.js";
import { prepararBase } from "./bootstrap.js";
import { ConfigError, loadConfig } from "./config.js";
import { openDatabase } from "./db/client.js";
import { DEMO_PASSWORD, USUARIOS_DEMO } from "./seed/demo.js";

async function main() {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (e) {
    if (e instanceof ConfigError) {
      console.error(e.message);
      process.exit(2);
    }
    throw e;
  }
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  const arranque = await prepararBase(database, config);
  const app = await buildApp({ db: database.db, config });

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info(`${signal}: closing`);
    try {
      await app.close();
    } finally {
      await database.close();
      process.exit(0);
    }
  };
  process.on("SIGINT", () => void shutdown("SIGINT"));
  process.on("SIGTERM", () => void shutdown("SIGTERM"));

  await app.listen({ port: config.port, host: config.host });
  const url = `http://localhost:${config.port}${config.basePath}/`;
  const db =
    database.kind === "pglite" ? `embedded PostgreSQL (PGlite) in ${config.dataDir}` : "PostgreSQL (DATABASE_URL)";
  console.log(`\nRegistro de Firmas 2.1.0 at ${url}\nDatabase: ${db}`);
  if (arranque.demo || database.kind === "pglite") {
    console.log(`Demo users (password ${DEMO_PASSWORD}): ${USUARIOS_DEMO.map((u) => u.usuario).join(", ")}`);
  }
  if (arranque.adminInicial) {
    console.log(
      `First administrator created. User: ${arranque.adminInicial.usuario}  One-time password: ${arranque.adminInicial.password}\n(shown only now; it must be changed at first sign-in)`,
    );
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
