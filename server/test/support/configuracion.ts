/** Helpers shared by the configuration API tests: other roles, ids by name, the audit log. */
import { digitoVerificador, MSG } from "@registro/contracts";
import { and, desc, eq, inArray } from "drizzle-orm";
import type { InjectOptions } from "fastify";
import { expect } from "vitest";
import type { Db } from "../../src/db/client.js";
import { auditoria, instituciones, perfiles, usuarios } from "../../src/db/schema.js";
import type { TestApp, UsuarioDemo } from "./app.js";
import { USUARIOS_DEMO } from "./peticiones.js";

/** Every demo user without the configuration views. */
export const OTROS_ROLES: UsuarioDemo[] = USUARIOS_DEMO.filter((u) => u !== "configuracion");

export async function esperarProhibido(t: TestApp, opts: InjectOptions) {
  for (const rol of OTROS_ROLES) {
    const res = await t.as(rol, opts);
    expect(res.statusCode, `${rol} ${opts.method} ${opts.url}`).toBe(403);
    expect(res.json()).toEqual({ success: false, message: MSG.noAutorizado });
  }
}

/**
 * The audit trail's calls: 403 for every demo user without its view; the RyCC administrator holds
 * it (it answers to auditors) and is let through.
 */
export async function esperarProhibidoAuditoria(t: TestApp, opts: InjectOptions) {
  for (const rol of OTROS_ROLES.filter((r) => r !== "administrador")) {
    const res = await t.as(rol, opts);
    expect(res.statusCode, `${rol} ${opts.method} ${opts.url}`).toBe(403);
    expect(res.json()).toEqual({ success: false, message: MSG.noAutorizado });
  }
  expect((await t.as("administrador", opts)).statusCode, `administrador ${opts.url}`).toBe(200);
}

export async function esperarNoAutenticado(t: TestApp, opts: InjectOptions) {
  const res = await t.as(null, opts);
  expect(res.statusCode).toBe(401);
  expect(res.json().success).toBe(false);
}

/** A 400 with the standard message and an error on each named field. */
export function esperarErrores(res: { statusCode: number; json: () => unknown }, campos: Record<string, string>) {
  expect(res.statusCode).toBe(400);
  const body = res.json() as { success: boolean; message: string; errors: Record<string, string[]> };
  expect(body.success).toBe(false);
  expect(body.message).toBe(MSG.datosInvalidos);
  for (const [campo, mensaje] of Object.entries(campos)) expect(body.errors[campo], campo).toContain(mensaje);
}

export async function idPerfil(db: Db, nombre: string): Promise<number> {
  const [p] = await db.select({ id: perfiles.idPerfil }).from(perfiles).where(eq(perfiles.nombre, nombre));
  if (!p) throw new Error(`no profile ${nombre}`);
  return p.id;
}

export async function idInstitucion(db: Db, nombre: string): Promise<number> {
  const [i] = await db
    .select({ id: instituciones.idInstitucion })
    .from(instituciones)
    .where(eq(instituciones.nombre, nombre));
  if (!i) throw new Error(`no institution ${nombre}`);
  return i.id;
}

export async function usuarioPorNombre(db: Db, usuario: string) {
  const [u] = await db.select().from(usuarios).where(eq(usuarios.usuario, usuario));
  return u ?? null;
}

/** Audit rows of one record, newest first. */
export async function auditoriaDe(db: Db, entidad: string, idEntidad: number) {
  return db
    .select()
    .from(auditoria)
    .where(and(eq(auditoria.entidad, entidad), eq(auditoria.idEntidad, String(idEntidad))))
    .orderBy(desc(auditoria.idAuditoria));
}

/** Entries about configuration (the one trail also records sign-ins, passwords and requests). */
export async function contarAuditoria(db: Db): Promise<number> {
  const configuracion = ["Usuario", "Perfil", "Institucion", "Cargo"];
  return (
    await db.select({ id: auditoria.idAuditoria }).from(auditoria).where(inArray(auditoria.entidad, configuracion))
  ).length;
}

/** A valid cédula (Luhn) no demo user holds: 002-000000n-d. */
export function cedulaNueva(n: number): string {
  const base = `002${String(n).padStart(7, "0")}`;
  return `${base.slice(0, 3)}-${base.slice(3)}-${digitoVerificador(base)}`;
}
