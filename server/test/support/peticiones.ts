/**
 * Request helpers shared by the API tests: every demo user, a multipart call as one of them, and
 * the ids of several demo users at once.
 */
import type { LightMyRequestResponse } from "fastify";
import type { Db } from "../../src/db/client.js";
import type { TestApp, UsuarioDemo } from "./app.js";
import { idUsuario } from "./factories.js";
import { type Archivos, type Campos, multipart } from "./formularios.js";

/** Every demo user, to check who is refused a call. */
export const USUARIOS_DEMO: UsuarioDemo[] = [
  "originador",
  "originador2",
  "analista",
  "analista2",
  "juridico",
  "juridico2",
  "administrador",
  "consultor",
  "configuracion",
  "verificador",
];

/** A multipart/form-data call as a demo user (null: no token). */
export function enviarMultipart(
  t: TestApp,
  usuario: UsuarioDemo | null,
  method: "POST" | "PUT",
  url: string,
  campos: Campos,
  archivos: Archivos = {},
): Promise<LightMyRequestResponse> {
  return t.as(usuario, { method, url, ...multipart(campos, archivos) });
}

/** The ids of these demo users, by user name. */
export async function idsDeUsuarios(db: Db, nombres: readonly string[]): Promise<Record<string, number>> {
  const ids: Record<string, number> = {};
  for (const nombre of nombres) ids[nombre] = await idUsuario(db, nombre);
  return ids;
}
