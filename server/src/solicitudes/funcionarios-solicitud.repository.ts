/**
 * A request's officials as the request's own writes need them (listing them, marking them sent):
 * here with the request, so solicitudes never reaches into funcionarios/ (which builds on it).
 */
import { and, asc, eq } from "drizzle-orm";
import type { Tx } from "../db/client.js";
import { cargos, funcionarios } from "../db/schema.js";

/** The request's officials in the order they were added, with their position's name. */
export async function funcionariosDeSolicitud(tx: Tx, idSolicitud: number) {
  const filas = await tx
    .select({ f: funcionarios, cargoNombre: cargos.nombre })
    .from(funcionarios)
    .innerJoin(cargos, eq(cargos.idCargo, funcionarios.codCargo))
    .where(eq(funcionarios.idSolicitud, idSolicitud))
    .orderBy(asc(funcionarios.idFuncionario));
  return filas.map((r) => ({ ...r.f, cargoNombre: r.cargoNombre }));
}

/** Marks the request's officials as sent (all, or only those not yet sent); returns how many. */
export async function marcarEnviados(tx: Tx, idSolicitud: number): Promise<number> {
  const rows = await tx
    .update(funcionarios)
    .set({ enviado: true })
    .where(and(eq(funcionarios.idSolicitud, idSolicitud), eq(funcionarios.enviado, false)))
    .returning({ id: funcionarios.idFuncionario });
  return rows.length;
}
