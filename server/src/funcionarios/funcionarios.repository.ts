/** SQL of officials: their rows, their chosen signatures, and the checks their forms need. */
import { and, asc, eq, inArray, ne } from "drizzle-orm";
import type { Tx } from "../db/client.js";
import { firmas, funcionarioFirmas, funcionarios, solicitudes, tiposFirma } from "../db/schema.js";
import type { FirmaFila } from "../solicitudes/mappers.js";

/** A request's officials as the request's own writes read them (solicitudes/funcionarios-solicitud.repository.ts). */
export { funcionariosDeSolicitud, marcarEnviados } from "../solicitudes/funcionarios-solicitud.repository.js";

export type FuncionarioNuevo = Omit<typeof funcionarios.$inferInsert, "idFuncionario" | "creado">;

/** The chosen signatures of the given officials, with their type. */
export async function firmasDe(tx: Tx, idsFuncionario: number[]): Promise<FirmaFila[]> {
  if (idsFuncionario.length === 0) return [];
  return tx
    .select({
      idFuncionario: funcionarioFirmas.idFuncionario,
      idAutFirma: funcionarioFirmas.idAutFirma,
      idFirma: firmas.idFirma,
      firma: firmas.firma,
      idTipoFirma: tiposFirma.idTipoFirma,
      tipoNombre: tiposFirma.nombre,
    })
    .from(funcionarioFirmas)
    .innerJoin(firmas, eq(firmas.idFirma, funcionarioFirmas.idFirma))
    .innerJoin(tiposFirma, eq(tiposFirma.idTipoFirma, firmas.idTipoFirma))
    .where(inArray(funcionarioFirmas.idFuncionario, idsFuncionario))
    .orderBy(asc(tiposFirma.idTipoFirma), asc(firmas.idFirma));
}

/** One official with the institution and status of its request (for scope and workflow checks). */
export async function funcionarioConSolicitud(tx: Tx, idFuncionario: number) {
  const [row] = await tx
    .select({ f: funcionarios, idInstitucion: solicitudes.idInstitucion, estatusSolicitud: solicitudes.estatus })
    .from(funcionarios)
    .innerJoin(solicitudes, eq(solicitudes.idSolicitud, funcionarios.idSolicitud))
    .where(eq(funcionarios.idFuncionario, idFuncionario));
  return row ? { ...row.f, idInstitucion: row.idInstitucion, estatusSolicitud: row.estatusSolicitud } : null;
}

/** Whether the official belongs to the request. */
export async function funcionarioDeSolicitud(tx: Tx, idSolicitud: number, idFuncionario: number): Promise<boolean> {
  const rows = await tx
    .select({ id: funcionarios.idFuncionario })
    .from(funcionarios)
    .where(and(eq(funcionarios.idFuncionario, idFuncionario), eq(funcionarios.idSolicitud, idSolicitud)));
  return rows.length > 0;
}

export async function insertarFuncionario(tx: Tx, datos: FuncionarioNuevo): Promise<number> {
  const [row] = await tx.insert(funcionarios).values(datos).returning({ id: funcionarios.idFuncionario });
  return row.id;
}

export async function actualizarFuncionario(
  tx: Tx,
  idFuncionario: number,
  datos: Partial<FuncionarioNuevo>,
): Promise<void> {
  await tx.update(funcionarios).set(datos).where(eq(funcionarios.idFuncionario, idFuncionario));
}

/** Sets the official's chosen signatures to exactly `idsFirma`. */
export async function reemplazarFirmas(tx: Tx, idFuncionario: number, idsFirma: number[]): Promise<void> {
  await tx.delete(funcionarioFirmas).where(eq(funcionarioFirmas.idFuncionario, idFuncionario));
  if (idsFirma.length > 0) {
    await tx.insert(funcionarioFirmas).values(idsFirma.map((idFirma) => ({ idFuncionario, idFirma })));
  }
}

/** Deletes the official; its signatures and files go with it (ON DELETE CASCADE). */
export async function eliminarFuncionario(tx: Tx, idFuncionario: number): Promise<void> {
  await tx.delete(funcionarios).where(eq(funcionarios.idFuncionario, idFuncionario));
}

/** Whether another official of the request has this cédula. */
export async function cedulaEnSolicitud(
  tx: Tx,
  idSolicitud: number,
  cedula: string,
  excepto: number | null,
): Promise<boolean> {
  const rows = await tx
    .select({ id: funcionarios.idFuncionario })
    .from(funcionarios)
    .where(
      and(
        eq(funcionarios.idSolicitud, idSolicitud),
        eq(funcionarios.cedula, cedula),
        excepto === null ? undefined : ne(funcionarios.idFuncionario, excepto),
      ),
    );
  return rows.length > 0;
}

/** How many of the given signature ids exist in the catalogue. */
export async function firmasExistentes(tx: Tx, ids: number[]): Promise<number> {
  if (ids.length === 0) return 0;
  const rows = await tx.select({ id: firmas.idFirma }).from(firmas).where(inArray(firmas.idFirma, ids));
  return rows.length;
}
