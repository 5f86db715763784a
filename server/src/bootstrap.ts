/**
 * Prepares a database for use: migrations, catalogues, the person registry, and either demo data
 * (new embedded database, or DEMO_DATA=true) or a first administrator with a one-time password.
 */
import { PERFILES_CON_SEGUNDO_FACTOR } from "@registro/contracts";
import { inArray } from "drizzle-orm";
import { generarClaveTemporal, hashPassword } from "./auth/passwords.js";
import type { Config } from "./config.js";
import type { Database } from "./db/client.js";
import { migrate } from "./db/migrate.js";
import { perfiles, usuarios } from "./db/schema.js";
import { perfilPorNombre, seedCatalogos } from "./seed/catalogos.js";
import { hayUsuarios, seedDemo } from "./seed/demo.js";
import { cargarPadron, PADRON_DEMO } from "./seed/padron.js";

export interface Arranque {
  demo: boolean;
  /** Set when a first administrator was created: shown once. */
  adminInicial?: { usuario: string; password: string };
}

export async function prepararBase(
  database: Database,
  config: Pick<Config, "demoData" | "padronFile">,
): Promise<Arranque> {
  const arranque = await prepararDatos(database, config);
  database.preparada?.();
  return arranque;
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
  // A production database: the comptroller's own profiles and the configuration profile require a
  // second factor (the demo data leaves every profile without, so the demo and the API contract
  // work with a password alone).
  await database.db
    .update(perfiles)
    .set({ requiereSegundoFactor: true })
    .where(inArray(perfiles.nombre, [...PERFILES_CON_SEGUNDO_FACTOR]));
  const password = generarClaveTemporal();
  await database.db.insert(usuarios).values({
    usuario: "admin",
    nombre: "Administrador",
    apellido: "Sistema",
    cedula: "000-0000000-0",
    email: "admin@contraloria.gob.do",
    passwordHash: await hashPassword(password),
    idPerfil: await perfilPorNombre(database.db, "Administrador de Configuración"),
    cambioClave: true,
  });
  return { demo: false, adminInicial: { usuario: "admin", password } };
}
