/** SQL behind the once-a-day tasks: the day's claim, officials nearing or past their end date, summaries. */
import { ESTATUS, ESTATUS_FUNCIONARIO } from "@registro/contracts";
import { and, asc, eq, gte, isNotNull, isNull, lte, notInArray, or, sql } from "drizzle-orm";
import type { Tx } from "../db/client.js";
import { avisos, avisosResumen, cargos, correos, funcionarios, solicitudes, usuarios } from "../db/schema.js";

/** A lock held until the transaction ends, by one process at a time; false (at once) when taken. */
export async function bloquearTareas(tx: Tx): Promise<boolean> {
  const r = (await tx.execute(
    sql`select pg_try_advisory_xact_lock(hashtext('registro-firmas:tareas-diarias')) as ok`,
  )) as unknown as {
    rows: { ok: boolean }[];
  };
  return r.rows[0]?.ok === true;
}

/** The day's claim, shared with the audit checkpoint (db/tareas.repository.ts). */
export { reclamarDia } from "../db/tareas.repository.js";

/**
 * Active temporary officials of live requests whose end date falls between the two dates and whose
 * validity has begun by `hoy`: contracts' estadoFirma "Por vencer" or "Vencida" (test/solicitudes/bandeja-vencimiento).
 */
export async function funcionariosPorVencer(tx: Tx, desde: string, hasta: string, hoy: string) {
  return tx
    .select({
      idFuncionario: funcionarios.idFuncionario,
      idSolicitud: funcionarios.idSolicitud,
      idInstitucion: solicitudes.idInstitucion,
      nombres: funcionarios.nombres,
      apellidos: funcionarios.apellidos,
      cedula: funcionarios.cedula,
      cargo: cargos.nombre,
      fechaHasta: funcionarios.fechaHasta,
    })
    .from(funcionarios)
    .innerJoin(solicitudes, eq(solicitudes.idSolicitud, funcionarios.idSolicitud))
    .innerJoin(cargos, eq(cargos.idCargo, funcionarios.codCargo))
    .where(
      and(
        eq(funcionarios.idEstatus, ESTATUS_FUNCIONARIO.ACTIVO),
        eq(funcionarios.firmaVigencia, true),
        isNotNull(funcionarios.fechaHasta),
        gte(funcionarios.fechaHasta, desde),
        lte(funcionarios.fechaHasta, hasta),
        or(isNull(funcionarios.fechaDesde), lte(funcionarios.fechaDesde, hoy)),
        notInArray(solicitudes.estatus, [ESTATUS.INACTIVADO, ESTATUS.ANULADA]),
      ),
    )
    .orderBy(asc(funcionarios.fechaHasta), asc(funcionarios.idFuncionario));
}

/** Users with notices waiting for their daily summary, with what they chose. */
export async function usuariosConResumen(tx: Tx) {
  return tx
    .selectDistinct({ idUsuario: avisos.idUsuario, preferenciaCorreo: usuarios.preferenciaCorreo })
    .from(avisos)
    .innerJoin(usuarios, eq(usuarios.idUsuario, avisos.idUsuario))
    .where(eq(avisos.resumenPendiente, true));
}

/** Gathers a user's waiting notices into one summary mail (or, with `asunto` null, just drops them). */
export async function encolarResumen(tx: Tx, idUsuario: number, asunto: (n: number) => string | null) {
  const pendientes = await tx
    .update(avisos)
    .set({ resumenPendiente: false })
    .where(and(eq(avisos.idUsuario, idUsuario), eq(avisos.resumenPendiente, true)))
    .returning({ idAviso: avisos.idAviso });
  const titulo = asunto(pendientes.length);
  if (pendientes.length === 0 || titulo === null) return 0;
  const [c] = await tx.insert(correos).values({ idUsuario, idAviso: null, asunto: titulo }).returning();
  await tx.insert(avisosResumen).values(pendientes.map((p) => ({ idCorreo: c.idCorreo, idAviso: p.idAviso })));
  return pendientes.length;
}
