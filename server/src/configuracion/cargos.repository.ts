/** SQL of the positions maintenance. */
import { asc, eq, sql } from "drizzle-orm";
import type { Tx } from "../db/client.js";
import { cargos, funcionarios, incumbentes, institucionCargos } from "../db/schema.js";

export type FilaCargo = typeof cargos.$inferSelect;

export async function listarCargos(tx: Tx): Promise<FilaCargo[]> {
  return tx
    .select()
    .from(cargos)
    .orderBy(asc(cargos.tipo), asc(sql`lower(${cargos.nombre})`));
}

export async function buscarCargo(tx: Tx, idCargo: number): Promise<FilaCargo | null> {
  const [row] = await tx.select().from(cargos).where(eq(cargos.idCargo, idCargo));
  return row ?? null;
}

export async function nombreEnUso(tx: Tx, nombre: string, excepto: number | null): Promise<boolean> {
  const rows = await tx
    .select({ id: cargos.idCargo })
    .from(cargos)
    .where(
      sql`lower(${cargos.nombre}) = lower(${nombre})${excepto === null ? sql`` : sql` and ${cargos.idCargo} <> ${excepto}`}`,
    );
  return rows.length > 0;
}

/** Who uses the position: incumbents and officials (by its type) and institutions. */
export async function usosDeCargo(tx: Tx, idCargo: number) {
  const [row] = await tx
    .select({
      incumbentes: sql<number>`(select count(*)::int from ${incumbentes} where ${incumbentes.codCargo} = ${idCargo})`,
      funcionarios: sql<number>`(select count(*)::int from ${funcionarios} where ${funcionarios.codCargo} = ${idCargo})`,
      instituciones: sql<number>`(select count(*)::int from ${institucionCargos} where ${institucionCargos.idCargo} = ${idCargo})`,
    })
    .from(sql`(select 1) as uno`);
  return row;
}

export interface DatosCargo {
  nombre: string;
  descripcion: string;
  tipo: number;
  estatus: boolean;
}

export async function insertarCargo(tx: Tx, d: DatosCargo): Promise<number> {
  const [row] = await tx.insert(cargos).values(d).returning({ id: cargos.idCargo });
  return row.id;
}

export async function actualizarCargo(tx: Tx, idCargo: number, d: Partial<DatosCargo>) {
  await tx.update(cargos).set(d).where(eq(cargos.idCargo, idCargo));
}

export async function eliminarCargo(tx: Tx, idCargo: number) {
  await tx.delete(cargos).where(eq(cargos.idCargo, idCargo));
}
