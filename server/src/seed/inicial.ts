/**
 * A production database's first data besides the catalogues: the comptroller's own profiles and
 * the configuration profile require a second factor (the demo data leaves every profile without, so
 * the demo and the API contract work with a password alone), and the first administrator, "admin",
 * with a temporary password to change at the first sign-in.
 */
import { PERFILES_CON_SEGUNDO_FACTOR } from "@registro/contracts";
import { inArray } from "drizzle-orm";
import { generarClaveTemporal, hashPassword } from "../auth/passwords.js";
import type { Db } from "../db/client.js";
import { perfiles, usuarios } from "../db/schema.js";
import { perfilPorNombre } from "./catalogos.js";

/** Writes the above; answers the administrator's temporary password (printed once by the start). */
export async function crearAdministradorInicial(db: Db): Promise<string> {
  await db
    .update(perfiles)
    .set({ requiereSegundoFactor: true })
    .where(inArray(perfiles.nombre, [...PERFILES_CON_SEGUNDO_FACTOR]));
  const password = generarClaveTemporal();
  await db.insert(usuarios).values({
    usuario: "admin",
    nombre: "Administrador",
    apellido: "Sistema",
    cedula: "000-0000000-0",
    email: "admin@contraloria.gob.do",
    passwordHash: await hashPassword(password),
    idPerfil: await perfilPorNombre(db, "Administrador de Configuración"),
    cambioClave: true,
  });
  return password;
}
