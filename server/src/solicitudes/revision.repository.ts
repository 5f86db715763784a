/** SQL behind the review calls that the transition service does not cover: reading a request's
 * workflow state without locking it (CanAssign) and the administrator's removal of one official. */
import { eq } from "drizzle-orm";
import type { Tx } from "../db/client.js";
import { funcionarios, solicitudes } from "../db/schema.js";

export async function leerEstadoSolicitud(tx: Tx, idSolicitud: number) {
  const [row] = await tx
    .select({
      estatus: solicitudes.estatus,
      asignadoA: solicitudes.asignadoA,
      fueActiva: solicitudes.fueActiva,
      idInstitucion: solicitudes.idInstitucion,
    })
    .from(solicitudes)
    .where(eq(solicitudes.idSolicitud, idSolicitud));
  return row ?? null;
}

/** The official row; with `bloquear`, locked for the rest of the transaction. */
export async function buscarFuncionario(tx: Tx, idFuncionario: number, bloquear = false) {
  const consulta = tx
    .select({
      idFuncionario: funcionarios.idFuncionario,
      idSolicitud: funcionarios.idSolicitud,
      idEstatus: funcionarios.idEstatus,
      cedula: funcionarios.cedula,
      nombres: funcionarios.nombres,
      apellidos: funcionarios.apellidos,
    })
    .from(funcionarios)
    .where(eq(funcionarios.idFuncionario, idFuncionario))
    .$dynamic();
  const [row] = await (bloquear ? consulta.for("update") : consulta);
  return row ?? null;
}

export async function cambiarEstatusFuncionario(tx: Tx, idFuncionario: number, idEstatus: number) {
  await tx.update(funcionarios).set({ idEstatus }).where(eq(funcionarios.idFuncionario, idFuncionario));
}
