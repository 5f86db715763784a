/** SQL of the profiles maintenance: profiles with their views and users, and the view catalogue. */
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import type { Tx } from "../db/client.js";
import { modulos, perfiles, perfilVistas, usuarios, vistas } from "../db/schema.js";

export async function listarPerfiles(tx: Tx) {
  return tx
    .select({
      idPerfil: perfiles.idPerfil,
      nombre: perfiles.nombre,
      descripcion: perfiles.descripcion,
      porDefecto: perfiles.porDefecto,
      requiereSegundoFactor: perfiles.requiereSegundoFactor,
      // Qualified by hand: drizzle leaves a single-table selection's columns unqualified.
      cantUsuarios: sql<number>`(select count(*)::int from ${usuarios} u where u.id_perfil = ${perfiles}.id_perfil)`,
      cantUsuariosExternos: sql<number>`(select count(*)::int from ${usuarios} u where u.id_perfil = ${perfiles}.id_perfil and u.externo)`,
    })
    .from(perfiles)
    .orderBy(asc(perfiles.idPerfil));
}

export async function buscarPerfil(tx: Tx, idPerfil: number) {
  const [row] = await tx.select().from(perfiles).where(eq(perfiles.idPerfil, idPerfil));
  return row ?? null;
}

/** Every profile's views (or one profile's), in module and menu order. */
export async function vistasDePerfiles(tx: Tx, idPerfil?: number) {
  return tx
    .select({
      idPerfil: perfilVistas.idPerfil,
      idVista: vistas.idVista,
      nombre: vistas.nombre,
      url: vistas.url,
    })
    .from(perfilVistas)
    .innerJoin(vistas, eq(vistas.idVista, perfilVistas.idVista))
    .innerJoin(modulos, eq(modulos.idModulo, vistas.idModulo))
    .where(idPerfil === undefined ? undefined : eq(perfilVistas.idPerfil, idPerfil))
    .orderBy(asc(modulos.orden), asc(vistas.orden));
}

export async function listarVistas(tx: Tx) {
  return tx
    .select({
      idVista: vistas.idVista,
      nombre: vistas.nombre,
      url: vistas.url,
      idModulo: vistas.idModulo,
      modulo: modulos.nombre,
    })
    .from(vistas)
    .innerJoin(modulos, eq(modulos.idModulo, vistas.idModulo))
    .orderBy(asc(modulos.orden), asc(vistas.orden));
}

export async function vistasExistentes(tx: Tx, ids: number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  const rows = await tx.select({ id: vistas.idVista }).from(vistas).where(inArray(vistas.idVista, ids));
  return rows.map((r) => r.id);
}

export async function nombreEnUso(tx: Tx, nombre: string, excepto: number | null): Promise<boolean> {
  const rows = await tx
    .select({ id: perfiles.idPerfil })
    .from(perfiles)
    .where(
      sql`lower(${perfiles.nombre}) = lower(${nombre})${excepto === null ? sql`` : sql` and ${perfiles.idPerfil} <> ${excepto}`}`,
    );
  return rows.length > 0;
}

export async function contarUsuariosDePerfil(tx: Tx, idPerfil: number): Promise<number> {
  const [{ n }] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(usuarios)
    .where(eq(usuarios.idPerfil, idPerfil));
  return n;
}

/** How many external users hold the profile. */
export async function contarUsuariosExternosDePerfil(tx: Tx, idPerfil: number): Promise<number> {
  const [{ n }] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(usuarios)
    .where(and(eq(usuarios.idPerfil, idPerfil), eq(usuarios.externo, true)));
  return n;
}

/** The names of these views, in the menu's order. */
export async function nombresDeVistas(tx: Tx, ids: number[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const rows = await tx
    .select({ nombre: vistas.nombre })
    .from(vistas)
    .where(inArray(vistas.idVista, ids))
    .orderBy(asc(vistas.orden));
  return rows.map((r) => r.nombre);
}

export interface DatosPerfil {
  nombre: string;
  descripcion: string;
  porDefecto: boolean;
  requiereSegundoFactor: boolean;
}

export async function insertarPerfil(tx: Tx, d: DatosPerfil): Promise<number> {
  const [row] = await tx.insert(perfiles).values(d).returning({ id: perfiles.idPerfil });
  return row.id;
}

export async function actualizarPerfil(tx: Tx, idPerfil: number, d: DatosPerfil) {
  await tx.update(perfiles).set(d).where(eq(perfiles.idPerfil, idPerfil));
}

export async function reemplazarVistas(tx: Tx, idPerfil: number, ids: number[]) {
  await tx.delete(perfilVistas).where(eq(perfilVistas.idPerfil, idPerfil));
  if (ids.length > 0) await tx.insert(perfilVistas).values(ids.map((idVista) => ({ idPerfil, idVista })));
}

export async function eliminarPerfil(tx: Tx, idPerfil: number) {
  await tx.delete(perfiles).where(eq(perfiles.idPerfil, idPerfil));
}
