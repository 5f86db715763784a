/**
 * SQL of batch verification: the same registry entries as `registrosPorCedula`, for many cédulas
 * in one query, and the signature and institution catalogues the questions name.
 */
import { and, asc, desc, eq, inArray } from "drizzle-orm";
import type { Tx } from "../db/client.js";
import { cargos, firmas, funcionarios, instituciones, solicitudes } from "../db/schema.js";

/** Every sent official with one of these cédulas, by cédula, newest request first (as the single question). */
export async function registrosPorCedulas(tx: Tx, cedulas: string[]) {
  if (cedulas.length === 0) return [];
  return tx
    .select({
      idFuncionario: funcionarios.idFuncionario,
      idSolicitud: funcionarios.idSolicitud,
      idInstitucion: solicitudes.idInstitucion,
      institucion: instituciones.nombre,
      cedula: funcionarios.cedula,
      nombres: funcionarios.nombres,
      apellidos: funcionarios.apellidos,
      cargo: cargos.nombre,
      firmaRango: funcionarios.firmaRango,
      montoDesde: funcionarios.montoDesde,
      montoHasta: funcionarios.montoHasta,
      firmaVigencia: funcionarios.firmaVigencia,
      fechaDesde: funcionarios.fechaDesde,
      fechaHasta: funcionarios.fechaHasta,
      firmaDigital: funcionarios.firmaDigital,
      idEstatus: funcionarios.idEstatus,
      estatusSolicitud: solicitudes.estatus,
    })
    .from(funcionarios)
    .innerJoin(solicitudes, eq(solicitudes.idSolicitud, funcionarios.idSolicitud))
    .innerJoin(instituciones, eq(instituciones.idInstitucion, solicitudes.idInstitucion))
    .innerJoin(cargos, eq(cargos.idCargo, funcionarios.codCargo))
    .where(and(inArray(funcionarios.cedula, cedulas), eq(funcionarios.enviado, true)))
    .orderBy(asc(funcionarios.cedula), desc(funcionarios.idSolicitud), asc(funcionarios.idFuncionario));
}

/** Every signature: id and name (a short catalogue). */
export async function catalogoFirmas(tx: Tx) {
  return tx.select({ idFirma: firmas.idFirma, firma: firmas.firma }).from(firmas);
}

/** Every institution: id and name, for a CSV that names them. */
export async function catalogoInstituciones(tx: Tx) {
  return tx.select({ idInstitucion: instituciones.idInstitucion, nombre: instituciones.nombre }).from(instituciones);
}
