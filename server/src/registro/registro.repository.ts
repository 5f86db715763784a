/**
 * The approved registry, below every domain that writes or reads it: the effective-dated
 * authorisation periods, kept in step with every transition and official status change
 * (solicitudes, funcionarios, importacion call `sincronizarAutorizaciones` in their transaction),
 * and the registry's rows (`registros`) that verification answers from and change notifications carry.
 */
import { ESTATUS, ESTATUS_FUNCIONARIO } from "@registro/contracts";
import { eq, type SQL, sql } from "drizzle-orm";
import type { Tx } from "../db/client.js";
import { filas } from "../db/filas.js";
import { cargos, funcionarios, instituciones, solicitudes } from "../db/schema.js";

/** Request statuses in which none of its officials may sign. */
const ESTATUS_SIN_FIRMA = [ESTATUS.INACTIVADO, ESTATUS.ANULADA];

/**
 * Brings the request's officials' periods in line with their current state, at the transaction's
 * time: an official that may sign now (Activo, the request not inactivated) has an open period,
 * any other has none. Call it after every change of a request's status or an official's status,
 * in the same transaction.
 */
export async function sincronizarAutorizaciones(tx: Tx, idSolicitud: number): Promise<CambiosAutorizacion> {
  const sinFirma = sql.raw(ESTATUS_SIN_FIRMA.join(", "));
  const activo = ESTATUS_FUNCIONARIO.ACTIVO;
  const cerradas = await filas<{ idFuncionario: number; causa: string }>(
    tx,
    sql`
    update autorizaciones a
    set hasta = now(), causa_fin = case when f.id_estatus <> ${activo} then 'funcionario' else 'solicitud' end
    from funcionarios f join solicitudes s on s.id_solicitud = f.id_solicitud
    where a.id_funcionario = f.id_funcionario and a.hasta is null and f.id_solicitud = ${idSolicitud}
      and not (f.id_estatus = ${activo} and s.estatus not in (${sinFirma}))
    returning a.id_funcionario as "idFuncionario", a.causa_fin as causa`,
  );
  const abiertas = await filas<{ idFuncionario: number }>(
    tx,
    sql`
    insert into autorizaciones (id_funcionario, id_solicitud, desde)
    select f.id_funcionario, f.id_solicitud, now()
    from funcionarios f join solicitudes s on s.id_solicitud = f.id_solicitud
    where f.id_solicitud = ${idSolicitud} and f.id_estatus = ${activo} and s.estatus not in (${sinFirma})
      and not exists (select 1 from autorizaciones a where a.id_funcionario = f.id_funcionario and a.hasta is null)
    returning id_funcionario as "idFuncionario"`,
  );
  return { cerradas, abiertas: abiertas.map((a) => a.idFuncionario) };
}

/** The periods a synchronisation closed (with why) and the officials whose period it opened. */
export interface CambiosAutorizacion {
  cerradas: { idFuncionario: number; causa: string }[];
  abiertas: number[];
}

/** Periods for officials written without them (demo data): rebuilt from the request history. */
export async function autorizacionesDesdeHistorial(tx: Tx): Promise<void> {
  await tx.execute(sql`select rf_autorizaciones_desde_historial()`);
}

/** What verification reads of a registry entry: the official, their request and its institution. */
export const columnasRegistro = {
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
};

/** Officials matching `filtro`, with the columns above (verification's questions, change notifications). */
export function registros(tx: Tx, filtro: SQL | undefined) {
  return registrosCon(tx, filtro, {});
}

/** The same with more columns of each row (the single verification reads its signatures and periods in it). */
export function registrosCon<T extends Record<string, SQL>>(tx: Tx, filtro: SQL | undefined, mas: T) {
  return tx
    .select({ ...columnasRegistro, ...mas })
    .from(funcionarios)
    .innerJoin(solicitudes, eq(solicitudes.idSolicitud, funcionarios.idSolicitud))
    .innerJoin(instituciones, eq(instituciones.idInstitucion, solicitudes.idInstitucion))
    .innerJoin(cargos, eq(cargos.idCargo, funcionarios.codCargo))
    .where(filtro);
}
