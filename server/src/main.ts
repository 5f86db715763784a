/**
 * Starts Registro de Firmas: settings, database, app. Stops cleanly on SIGINT/SIGTERM (and when the
 * `npm start` process that launched it goes away): new calls get 503, calls in flight finish, the
 * database closes, exit 0 — or exit 1 after SHUTDOWN_TIMEOUT_SECONDS. Run in production as
 * `node server/dist/main.js` (built by `npm start`), under a supervisor that restarts on failure.
 */
import type { FastifyInstance } from "fastify";
import { ClaveAuditoriaError } from "./auditoria/clave.js";
import { cifrarSecretosEnClaro } from "./auth/segundo-factor/cifrado.js";
import { type Config, ConfigError, loadConfig } from "./config.js";
import { CarpetaBloqueada } from "./db/bloqueo.js";
import { type Database, openDatabase } from "./db/client.js";
import { relojDelSistema } from "./shared/tiempo.js";

/** What the stop needs to close, filled in as the start goes. */
interface Proceso {
  config: Config;
  database?: Database;
  app?: FastifyInstance;
  closing: boolean;
}

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
  const p: Proceso = { config, closing: false };
  alDetener(p);
  // Loading the app's modules and opening the database overlap (both take a while on a cold start).
  const appModules = Promise.all([
    import("./app.js"),
    import("./bootstrap.js"),
    import("./seed/demo.js"),
    import("./auditoria/arranque.js"),
  ]);
  appModules.catch(() => {});
  const database = await abrirBase(config);
  p.database = database;
  if (p.closing) return;
  const [{ buildApp }, , { DEMO_PASSWORD, USUARIOS_DEMO }, { prepararAuditoria }] = await appModules;
  const arranque = await prepararConDueno(database, config);
  await prepararClaves(database, config, prepararAuditoria);
  await cargarSello(database, config);
  p.app = await buildApp({ db: database.db, config, reloj: relojDelSistema, database });
  if (p.closing) return;
  await p.app.listen({ port: config.port, host: config.host });
  anunciar(
    database,
    config,
    arranque,
    `Demo users (password ${DEMO_PASSWORD}): ${USUARIOS_DEMO.map((u) => u.usuario).join(", ")}`,
  );
}

/** A clean stop on SIGINT/SIGTERM or when `npm start` goes: the app, then the database; exit 1 past the timeout. */
function alDetener(p: Proceso) {
  const shutdown = async (reason: string) => {
    if (p.closing) return;
    p.closing = true;
    const t0 = performance.now();
    console.log(`${reason}: stopping (calls in flight finish, new calls get 503)…`);
    const limite = setTimeout(() => {
      console.error(`Stopping took more than ${p.config.shutdownTimeoutSeconds} s; exiting anyway.`);
      process.exit(1);
    }, p.config.shutdownTimeoutSeconds * 1000);
    limite.unref();
    let code = 0;
    for (const cerrar of [() => p.app?.close(), () => p.database?.close()]) {
      try {
        await cerrar();
      } catch (e) {
        console.error(e);
        code = 1;
      }
    }
    console.log(`Stopped in ${performance.now() - t0} ms.`);
    process.exit(code);
  };
  process.on("SIGINT", () => void shutdown("SIGINT"));
  process.on("SIGTERM", () => void shutdown("SIGTERM"));
  // Started by `npm start` (scripts/start.mjs) with an IPC channel: when that process ends, however
  // it ends (even kill -9), stop too instead of staying on the port as an orphan.
  if (process.send) process.on("disconnect", () => void shutdown("npm start ended"));
}

/** The database, or exit 3 when another process holds the embedded one. */
async function abrirBase(config: Config): Promise<Database> {
  try {
    return await openDatabase({
      databaseUrl: config.databaseUrl,
      dataDir: config.dataDir,
      statementTimeoutMs: config.dbStatementTimeoutMs,
      connectTimeoutMs: config.dbConnectTimeoutMs,
      poolSize: config.dbPoolSize,
      idleInTransactionTimeoutMs: config.dbIdleInTransactionTimeoutMs,
      startWaitSeconds: config.dbStartWaitSeconds,
      probeIntervalMs: config.dbProbeIntervalMs,
      readUrl: config.databaseReadUrl,
      readMaxLagMs: config.dbReadMaxLagMs,
    });
  } catch (e) {
    if (e instanceof CarpetaBloqueada) {
      console.error(e.message);
      process.exit(3);
    }
    throw e;
  }
}

/** The audit key and its checkpoint (exit 4 when they do not match), then TOTP secrets still in clear sealed with it. */
async function prepararClaves(
  database: Database,
  config: Config,
  prepararAuditoria: typeof import("./auditoria/arranque.js").prepararAuditoria,
) {
  try {
    await prepararAuditoria(database.db, config, relojDelSistema(), (linea) => console.log(linea));
    // TOTP secrets written before they were encrypted at rest: encrypted now, with the key just loaded.
    const cifrados = await cifrarSecretosEnClaro(database.db);
    if (cifrados > 0) console.log(`Encrypted ${cifrados} authenticator app secret(s) stored in clear.`);
  } catch (e) {
    if (e instanceof ClaveAuditoriaError) {
      console.error(e.message);
      await database.close();
      process.exit(4);
    }
    throw e;
  }
}

/**
 * The seal of constancias: read (or, without SELLO_P12_FILE, created) now, so a bad file or
 * password stops the start (exit 5), and the log says when constancias carry a development seal.
 */
async function cargarSello(database: Database, config: Config) {
  try {
    const { selloDe } = await import("./verificacion/sello.js");
    const sello = selloDe(config, relojDelSistema(), (linea) => console.log(linea));
    console.log(
      `Constancias are sealed by "${sello.sujeto}" (${sello.archivo}), valid until ${sello.validoHasta.toISOString()}.`,
    );
  } catch (e) {
    const { SelloError } = await import("./verificacion/sello.js");
    if (e instanceof SelloError) {
      console.error(e.message);
      await database.close();
      process.exit(5);
    }
    throw e;
  }
}

/** Where the app listens, on which database, the embedded one's warning, demo users, a first administrator. */
function anunciar(
  database: Database,
  config: Config,
  arranque: Awaited<ReturnType<typeof prepararConDueno>>,
  usuariosDemo: string,
) {
  const url = `http://localhost:${config.port}${config.basePath}/`;
  const db =
    database.kind === "pglite" ? `embedded PostgreSQL (PGlite) in ${config.dataDir}` : "PostgreSQL (DATABASE_URL)";
  console.log(`\nRegistro de Firmas 2.1.0 at ${url}\nDatabase: ${db}`);
  if (database.kind === "pglite") {
    console.log(
      "Warning: the embedded database does not flush commits to disk (PGlite cannot fsync): a power cut or\n" +
        "machine reset can lose the last writes. El modo embebido no garantiza durabilidad ante un corte de\n" +
        "energía; en producción use PostgreSQL (DATABASE_URL).",
    );
  }
  if (arranque.demo || (database.kind === "pglite" && config.demoData !== "never")) console.log(usuariosDemo);
  if (arranque.adminInicial) {
    console.log(
      `First administrator created. User: ${arranque.adminInicial.usuario}  One-time password: ${arranque.adminInicial.password}\n(shown only now; it must be changed at first sign-in)`,
    );
  }
}

main().catch((err) => {
  // A folder the process may not write (DATA_DIR under the unit's read-only /opt, say): one clear
  // line and exit 2 (settings: systemd does not restart in a loop), not a stack trace.
  const e = err as NodeJS.ErrnoException;
  if (e && ["EACCES", "EPERM", "EROFS"].includes(String(e.code)) && e.path) {
    console.error(
      `No se puede escribir en ${e.path} (${e.code}): el usuario del servicio debe poder escribir en DATA_DIR, ` +
        "AUDIT_KEY_FILE, AUDIT_CHECKPOINT_FILE y BACKUP_DIR. Con la unidad de deploy/systemd, póngalos bajo " +
        "/var/lib/registro-firmas (su StateDirectory), como en deploy/registro-firmas.env.",
    );
    process.exit(2);
  }
  console.error(err);
  process.exit(1);
});

/**
 * Migrations and first data: as the owner (DATABASE_MIGRATION_URL), who then grants the app's role
 * (DATABASE_URL) only what the app needs; or, with one URL, as the app's role itself (earlier
 * installs), with a warning when that role could switch the audit trail's guards off.
 */
async function prepararConDueno(database: Database, config: Config) {
  const [{ prepararBase }, permisos] = await Promise.all([import("./bootstrap.js"), import("./db/permisos.js")]);
  if (!config.databaseMigrationUrl) {
    const arranque = await prepararBase(database, config);
    if (database.kind === "postgres" && (await permisos.puedeAlterarAuditoria(database.db))) {
      console.log(
        "Warning: the app's PostgreSQL role owns the audit tables (or is a superuser), so it could switch the audit\n" +
          "trail's guards off. Run it with a role of its own and migrate as the owner (DATABASE_MIGRATION_URL): see deploy/README.md.",
      );
    }
    return arranque;
  }
  const dueno = await openDatabase({
    databaseUrl: config.databaseMigrationUrl,
    connectTimeoutMs: config.dbConnectTimeoutMs,
    poolSize: 1,
    startWaitSeconds: config.dbStartWaitSeconds,
  });
  try {
    // The grants run under the start-up lock too: two GRANTs at once on one table fail
    // ("tuple concurrently updated").
    const rol = await permisos.rolActual(database.db);
    return await prepararBase(dueno, config, () => permisos.concederPermisosApp(dueno.db, rol));
  } finally {
    await dueno.close();
  }
}
