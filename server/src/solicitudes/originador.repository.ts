/** SQL of the originator's writes: the request and its incumbent, and the look-ups their forms check. */
import { and, eq, exists, not, sql } from "drizzle-orm";
import type { Tx } from "../db/client.js";
import { cargos, incumbentes, institucionCargos, instituciones, personas, solicitudes } from "../db/schema.js";

/**
 * Whether `idCargo` is an active position of `tipo` (1 Incumbente, 2 Funcionario) offered to the
 * institution: associated with it, or any active one when the institution has no associations (the
 * same rule as the position look-ups).
 */
export async function cargoValido(tx: Tx, idCargo: number, tipo: 1 | 2, idInstitucion: number): Promise<boolean> {
  const asociado = tx
    .select({ uno: sql`1` })
    .from(institucionCargos)
    .where(and(eq(institucionCargos.idInstitucion, idInstitucion), eq(institucionCargos.idCargo, cargos.idCargo)));
  const sinAsociaciones = not(
    exists(
      tx.select({ uno: sql`1` }).from(institucionCargos).where(eq(institucionCargos.idInstitucion, idInstitucion)),
    ),
  );
  const rows = await tx
    .select({ id: cargos.idCargo })
    .from(cargos)
    .where(
      and(
        eq(cargos.idCargo, idCargo),
        eq(cargos.tipo, tipo),
        eq(cargos.estatus, true),
        sql`(${exists(asociado)} or ${sinAsociaciones})`,
      ),
    );
  return rows.length > 0;
}

/** The institution's stored contact data (a new request starts from it). */
export async function contactoInstitucion(tx: Tx, idInstitucion: number) {
  const [row] = await tx
    .select({
      direccion: instituciones.direccion,
      telefono: instituciones.telefono,
      ext: instituciones.ext,
      telefono2: instituciones.telefono2,
      ext2: instituciones.ext2,
    })
    .from(instituciones)
    .where(eq(instituciones.idInstitucion, idInstitucion));
  return row ?? null;
}

/** Names of a person in the padrón, to complete a form sent without them. */
export async function personaPorCedula(tx: Tx, cedula: string) {
  const [row] = await tx
    .select({ nombres: personas.nombres, apellidos: personas.apellidos })
    .from(personas)
    .where(eq(personas.cedula, cedula));
  return row ?? null;
}

export type IncumbenteDatos = Omit<typeof incumbentes.$inferInsert, "idIncumbente">;
export type ContactoSolicitud = Pick<
  typeof solicitudes.$inferInsert,
  "instDireccion" | "instTelefono" | "instExt" | "instTelefono2" | "instExt2"
>;

export async function insertarIncumbente(tx: Tx, datos: IncumbenteDatos): Promise<number> {
  const [row] = await tx.insert(incumbentes).values(datos).returning({ id: incumbentes.idIncumbente });
  return row.id;
}

export async function actualizarIncumbente(tx: Tx, idIncumbente: number, datos: Partial<IncumbenteDatos>) {
  await tx.update(incumbentes).set(datos).where(eq(incumbentes.idIncumbente, idIncumbente));
}

export async function insertarSolicitud(
  tx: Tx,
  datos: ContactoSolicitud & {
    idInstitucion: number;
    idIncumbente: number;
    estatus: number;
    comentario: string;
    creadoPor: number;
  },
): Promise<number> {
  const [row] = await tx.insert(solicitudes).values(datos).returning({ id: solicitudes.idSolicitud });
  return row.id;
}

export async function actualizarSolicitud(
  tx: Tx,
  idSolicitud: number,
  datos: Partial<ContactoSolicitud> & { comentario?: string; justificacionInactivacion?: string },
) {
  await tx
    .update(solicitudes)
    .set({ ...datos, fechaActualizacion: sql`now()` })
    .where(eq(solicitudes.idSolicitud, idSolicitud));
}
