/** SQL of the institutions maintenance: institutions with their associated positions. */
import { asc, eq, inArray, sql } from "drizzle-orm";
import type { Tx } from "../db/client.js";
import { cargos, institucionCargos, instituciones } from "../db/schema.js";

export type FilaInstitucion = typeof instituciones.$inferSelect;

export async function listarInstituciones(tx: Tx): Promise<FilaInstitucion[]> {
  return tx
    .select()
    .from(instituciones)
    .orderBy(asc(sql`lower(${instituciones.nombre})`));
}

export async function buscarInstitucion(tx: Tx, idInstitucion: number): Promise<FilaInstitucion | null> {
  const [row] = await tx.select().from(instituciones).where(eq(instituciones.idInstitucion, idInstitucion));
  return row ?? null;
}

/** Position ids by institution (or of one institution). */
export async function cargosDeInstituciones(tx: Tx, idInstitucion?: number) {
  return tx
    .select({ idInstitucion: institucionCargos.idInstitucion, idCargo: institucionCargos.idCargo })
    .from(institucionCargos)
    .where(idInstitucion === undefined ? undefined : eq(institucionCargos.idInstitucion, idInstitucion))
    .orderBy(asc(institucionCargos.idCargo));
}

export async function nombresDeCargos(tx: Tx, ids: number[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const rows = await tx
    .select({ nombre: cargos.nombre })
    .from(cargos)
    .where(inArray(cargos.idCargo, ids))
    .orderBy(asc(cargos.nombre));
  return rows.map((r) => r.nombre);
}

export async function cargosExistentes(tx: Tx, ids: number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  const rows = await tx.select({ id: cargos.idCargo }).from(cargos).where(inArray(cargos.idCargo, ids));
  return rows.map((r) => r.id);
}

export async function nombreEnUso(tx: Tx, nombre: string, excepto: number | null): Promise<boolean> {
  const rows = await tx
    .select({ id: instituciones.idInstitucion })
    .from(instituciones)
    .where(
      sql`lower(${instituciones.nombre}) = lower(${nombre})${excepto === null ? sql`` : sql` and ${instituciones.idInstitucion} <> ${excepto}`}`,
    );
  return rows.length > 0;
}

export interface DatosInstitucion {
  nombre: string;
  estructura: string;
  direccion: string;
  telefono: string;
  ext: string;
  telefono2: string;
  ext2: string;
  estatus: boolean;
}

export async function insertarInstitucion(tx: Tx, d: DatosInstitucion): Promise<number> {
  const [row] = await tx.insert(instituciones).values(d).returning({ id: instituciones.idInstitucion });
  return row.id;
}

export async function actualizarInstitucion(tx: Tx, idInstitucion: number, d: DatosInstitucion) {
  await tx.update(instituciones).set(d).where(eq(instituciones.idInstitucion, idInstitucion));
}

export async function reemplazarCargos(tx: Tx, idInstitucion: number, ids: number[]) {
  await tx.delete(institucionCargos).where(eq(institucionCargos.idInstitucion, idInstitucion));
  if (ids.length > 0) {
    await tx.insert(institucionCargos).values(ids.map((idCargo) => ({ idInstitucion, idCargo })));
  }
}
