/** SQL behind status transitions: the locked request, its status, history and reasons. */
import { ESTATUS_FUNCIONARIO } from "@registro/contracts";
import { and, eq, inArray, sql } from "drizzle-orm";
import type { Tx } from "../db/client.js";
import { auditoria, funcionarios, historial, historialMotivos, motivos, solicitudes, usuarios } from "../db/schema.js";

/** The request row, locked for the rest of the transaction. */
export async function bloquearSolicitud(tx: Tx, idSolicitud: number) {
  const [row] = await tx.select().from(solicitudes).where(eq(solicitudes.idSolicitud, idSolicitud)).for("update");
  return row ?? null;
}

export async function actualizarEstatus(
  tx: Tx,
  idSolicitud: number,
  cambios: {
    estatus: number;
    asignadoA?: number | null;
    /** The audit entry of the claim or reassignment: the new holder has it since that entry's time. */
    idAuditoriaTitular?: number;
    fueActiva?: boolean;
    decididoJuridico?: boolean;
  },
) {
  const { idAuditoriaTitular, ...columnas } = cambios;
  // Nobody holding the request, there is no "since".
  const desde =
    cambios.asignadoA === null
      ? { asignadoDesde: null }
      : idAuditoriaTitular === undefined
        ? {}
        : {
            asignadoDesde: sql`(select ${auditoria.fecha} from ${auditoria} where ${auditoria.idAuditoria} = ${idAuditoriaTitular})`,
          };
  await tx
    .update(solicitudes)
    .set({ ...columnas, ...desde, fechaActualizacion: sql`now()` })
    .where(eq(solicitudes.idSolicitud, idSolicitud));
}

export async function insertarHistorial(
  tx: Tx,
  entrada: { idSolicitud: number; estatus: number; motivoCambioEstatus: string; idUsuario: number; motivos: number[] },
) {
  const [h] = await tx
    .insert(historial)
    .values({
      idSolicitud: entrada.idSolicitud,
      estatus: entrada.estatus,
      motivoCambioEstatus: entrada.motivoCambioEstatus,
      idUsuario: entrada.idUsuario,
    })
    .returning({ idHistorial: historial.idHistorial });
  if (entrada.motivos.length > 0) {
    await tx
      .insert(historialMotivos)
      .values(entrada.motivos.map((idMotivo) => ({ idHistorial: h.idHistorial, idMotivo })));
  }
  return h.idHistorial;
}

/** Active reasons of one kind (`idEstatusProceso`: 108, 204, 104 or 103) among the given ids. */
export async function motivosValidos(tx: Tx, ids: number[], idEstatusProceso: number) {
  if (ids.length === 0) return [];
  return tx
    .select({ idMotivo: motivos.idMotivo })
    .from(motivos)
    .where(
      and(inArray(motivos.idMotivo, ids), eq(motivos.activo, true), eq(motivos.idEstatusProceso, idEstatusProceso)),
    );
}

/** Sets every official of the request in status `desde` to `hacia`. */
export async function cambiarEstatusFuncionarios(tx: Tx, idSolicitud: number, desde: number, hacia: number) {
  await tx
    .update(funcionarios)
    .set({ idEstatus: hacia })
    .where(and(eq(funcionarios.idSolicitud, idSolicitud), eq(funcionarios.idEstatus, desde)));
}

/**
 * Who made the request's latest return to `retorno` (108, 204), if it has not been back in the
 * returning stage (`etapa`'s statuses) since: the reviewer it goes back to (issue 35).
 */
export async function quienLaRetorno(
  tx: Tx,
  idSolicitud: number,
  retorno: number,
  etapa: readonly number[],
): Promise<number | null> {
  const [h] = await tx
    .select({ idUsuario: historial.idUsuario })
    .from(historial)
    .where(
      and(
        eq(historial.idSolicitud, idSolicitud),
        eq(historial.estatus, retorno),
        sql`not exists (select 1 from ${historial} h2 where h2.id_solicitud = ${historial.idSolicitud}
          and h2.id_historial > ${historial.idHistorial} and h2.estatus in (${sql.join(
            etapa.map((e) => sql`${e}`),
            sql`, `,
          )}))`,
      ),
    )
    .orderBy(sql`${historial.idHistorial} desc`)
    .limit(1);
  return h?.idUsuario ?? null;
}

export async function nombreUsuario(tx: Tx, idUsuario: number): Promise<string> {
  const [u] = await tx
    .select({ nombre: usuarios.nombre, apellido: usuarios.apellido })
    .from(usuarios)
    .where(eq(usuarios.idUsuario, idUsuario));
  return u ? `${u.nombre} ${u.apellido}` : `usuario ${idUsuario}`;
}

export interface FuncionarioNombrado {
  idFuncionario: number;
  nombres: string;
  apellidos: string;
  cedula: string;
}

const nombrado = {
  idFuncionario: funcionarios.idFuncionario,
  nombres: funcionarios.nombres,
  apellidos: funcionarios.apellidos,
  cedula: funcionarios.cedula,
};

/** The request's active officials, in the order they were added. */
export async function funcionariosActivos(tx: Tx, idSolicitud: number): Promise<FuncionarioNombrado[]> {
  return tx
    .select(nombrado)
    .from(funcionarios)
    .where(and(eq(funcionarios.idSolicitud, idSolicitud), eq(funcionarios.idEstatus, ESTATUS_FUNCIONARIO.ACTIVO)))
    .orderBy(funcionarios.idFuncionario);
}

/** The officials the request's pending deactivation concerns (none: the whole request). */
export async function funcionariosPorInactivar(tx: Tx, idSolicitud: number): Promise<FuncionarioNombrado[]> {
  return tx
    .select(nombrado)
    .from(funcionarios)
    .where(and(eq(funcionarios.idSolicitud, idSolicitud), eq(funcionarios.inactivacionSolicitada, true)))
    .orderBy(funcionarios.idFuncionario);
}

/** Marks the chosen officials for the pending deactivation, or clears every mark (`ids` empty). */
export async function marcarPorInactivar(tx: Tx, idSolicitud: number, ids: number[]) {
  await tx
    .update(funcionarios)
    .set({ inactivacionSolicitada: ids.length > 0 ? inArray(funcionarios.idFuncionario, ids) : false })
    .where(eq(funcionarios.idSolicitud, idSolicitud));
}

/** Inactivates the officials marked for deactivation and clears their marks. */
export async function inactivarMarcados(tx: Tx, idSolicitud: number) {
  await tx
    .update(funcionarios)
    .set({ idEstatus: ESTATUS_FUNCIONARIO.INACTIVO, inactivacionSolicitada: false })
    .where(and(eq(funcionarios.idSolicitud, idSolicitud), eq(funcionarios.inactivacionSolicitada, true)));
}
