/**
 * Officials in the registry for the signed-document tests: an active request of an institution
 * with one official of the given cédula, its authorisation period and amount range written as the
 * approvals write them (autorizaciones), so "Verificar firma" answers for the signing date.
 */
import { eq } from "drizzle-orm";
import { autorizaciones, funcionarios } from "../../src/db/schema.js";
import type { TestApp } from "../support/app.js";
import { crearSolicitud } from "../support/factories.js";

export interface Firmante {
  cedula: string;
  nombres: string;
  idInstitucion: number;
  desde: Date;
  /** The day the authorisation ended (the official inactivated), else still in force. */
  hasta?: Date;
  montoHasta?: number;
}

export async function registrarFirmante(t: TestApp, f: Firmante): Promise<number> {
  const s = await crearSolicitud(t.db, {
    estatus: 106,
    funcionarios: 1,
    estatusFuncionarios: f.hasta ? 3 : 2,
    idInstitucion: f.idInstitucion,
  });
  const idFuncionario = s.funcionarios[0];
  await t.db
    .update(funcionarios)
    .set({
      cedula: f.cedula,
      nombres: f.nombres,
      apellidos: "Firmante",
      firmaRango: f.montoHasta !== undefined,
      montoDesde: f.montoHasta !== undefined ? "0" : null,
      montoHasta: f.montoHasta !== undefined ? String(f.montoHasta) : null,
    })
    .where(eq(funcionarios.idFuncionario, idFuncionario));
  await t.db.delete(autorizaciones).where(eq(autorizaciones.idFuncionario, idFuncionario));
  await t.db.insert(autorizaciones).values({
    idFuncionario,
    idSolicitud: s.idSolicitud,
    desde: f.desde,
    hasta: f.hasta ?? null,
    causaFin: f.hasta ? "funcionario" : null,
  });
  return idFuncionario;
}
