/**
 * Prepares a database for use: migrations, catalogues, the person registry, and either demo data
 * (new embedded database, or DEMO_DATA=true) or a first administrator with a one-time password.
 *
 * On PostgreSQL every process of an installation does this at its start, and several start at once
 * (`systemctl enable --now registro-firmas@3001 registro-firmas@3002`): the whole preparation runs
 * under a database advisory lock held by a session of its own, so the second process waits and then
 * finds everything done (no `duplicate key … pg_type` from two migrations at once, one first
 * administrator). On PGlite the data folder's lock already lets one process in.
 */
import type { Config } from "./config.js";
import type { Database } from "./db/client.js";
import { migrate } from "./db/migrate.js";
import { seedCatalogos } from "./seed/catalogos.js";
import { hayUsuarios, seedDemo } from "./seed/demo.js";
import { crearAdministradorInicial } from "./seed/inicial.js";
import { cargarPadron, PADRON_DEMO } from "./seed/padron.js";

export interface Arranque {
  demo: boolean;
  /** Set when a first administrator was created: shown once. */
  adminInicial?: { usuario: string; password: string };
}

/** The advisory lock's key (any constant of this app): "registro-firmas arranque". */
export const BLOQUEO_ARRANQUE = 7_340_210_037;

/**
 * Prepares the database; `luego` (e.g. granting the app's role its rights) runs under the same lock.
 */
export async function prepararBase(
  database: Database,
  config: Pick<Config, "demoData" | "padronFile">,
  luego?: () => Promise<void>,
): Promise<Arranque> {
  const arranque = await bajoBloqueoDeArranque(database, async () => {
    const a = await prepararDatos(database, config);
    await luego?.();
    return a;
  });
  database.preparada?.();
  return arranque;
}

/** Runs `trabajo` holding the installation's start-up lock (PostgreSQL; PGlite needs none). */
export async function bajoBloqueoDeArranque<T>(database: Pick<Database, "kind" | "url">, trabajo: () => Promise<T>) {
  if (database.kind !== "postgres" || !database.url) return trabajo();
  // A session of its own: the pool's connections come and go, a session lock stays with its session.
  const { default: pg } = await import("pg");
  const sesion = new pg.Client({ connectionString: database.url });
  sesion.on("error", () => {});
  await sesion.connect();
  try {
    await sesion.query("select pg_advisory_lock($1)", [BLOQUEO_ARRANQUE]);
    return await trabajo();
  } finally {
    await sesion.query("select pg_advisory_unlock($1)", [BLOQUEO_ARRANQUE]).catch(() => {});
    await sesion.end().catch(() => {});
  }
}

async function prepararDatos(database: Database, config: Pick<Config, "demoData" | "padronFile">): Promise<Arranque> {
  await migrate(database);
  await seedCatalogos(database.db);
  await cargarPadron(database.db, config.padronFile ?? PADRON_DEMO);
  if (await hayUsuarios(database.db)) return { demo: false };
  const demo =
    config.demoData === "always" || (config.demoData === "auto" && database.kind === "pglite" && database.nuevo);
  if (demo) {
    await seedDemo(database.db);
    return { demo: true };
  }
  // A production database: second factor on the profiles that need it, and the first administrator.
  const password = await crearAdministradorInicial(database.db);
  return { demo: false, adminInicial: { usuario: "admin", password } };
}
