/** SQL behind the lookups: reasons, criteria, institutions, positions, the padrón and signature types. */
import { and, asc, eq } from "drizzle-orm";
import type { Tx } from "../db/client.js";
import {
  cargos,
  criterios,
  firmas,
  institucionCargos,
  instituciones,
  motivos,
  personas,
  tiposFirma,
} from "../db/schema.js";

export async function listarMotivos(tx: Tx, idClaseProceso: number) {
  return tx
    .select()
    .from(motivos)
    .where(and(eq(motivos.activo, true), eq(motivos.idClaseProceso, idClaseProceso)))
    .orderBy(asc(motivos.idMotivo));
}

export async function listarCriterios(tx: Tx) {
  return tx.select().from(criterios).orderBy(asc(criterios.orden), asc(criterios.id));
}

/** Active institutions by name; `soloId` narrows the list to one institution whatever its status. */
export async function listarInstituciones(tx: Tx, soloId: number | null) {
  const filtro = soloId === null ? eq(instituciones.estatus, true) : eq(instituciones.idInstitucion, soloId);
  return tx
    .select({ idInstitucion: instituciones.idInstitucion, nombre: instituciones.nombre })
    .from(instituciones)
    .where(filtro)
    .orderBy(asc(instituciones.nombre));
}

export async function buscarInstitucion(tx: Tx, idInstitucion: number) {
  const [row] = await tx.select().from(instituciones).where(eq(instituciones.idInstitucion, idInstitucion));
  return row ?? null;
}

/** Active positions of one type, by name. */
export async function listarCargosActivos(tx: Tx, tipo: number) {
  return tx
    .select({ id: cargos.idCargo, nombre: cargos.nombre })
    .from(cargos)
    .where(and(eq(cargos.tipo, tipo), eq(cargos.estatus, true)))
    .orderBy(asc(cargos.nombre));
}

/** Active positions of one type associated with an institution, by name. */
export async function listarCargosDeInstitucion(tx: Tx, tipo: number, idInstitucion: number) {
  return tx
    .select({ id: cargos.idCargo, nombre: cargos.nombre })
    .from(cargos)
    .innerJoin(institucionCargos, eq(institucionCargos.idCargo, cargos.idCargo))
    .where(and(eq(cargos.tipo, tipo), eq(cargos.estatus, true), eq(institucionCargos.idInstitucion, idInstitucion)))
    .orderBy(asc(cargos.nombre));
}

export async function buscarPersona(tx: Tx, cedula: string) {
  const [row] = await tx.select().from(personas).where(eq(personas.cedula, cedula));
  return row ?? null;
}

/** Every signature type with its signatures, ordered by id. */
export async function listarFirmasPorTipo(tx: Tx) {
  return tx
    .select({
      idTipoFirma: tiposFirma.idTipoFirma,
      nombre: tiposFirma.nombre,
      idFirma: firmas.idFirma,
      firma: firmas.firma,
    })
    .from(tiposFirma)
    .leftJoin(firmas, eq(firmas.idTipoFirma, tiposFirma.idTipoFirma))
    .orderBy(asc(tiposFirma.idTipoFirma), asc(firmas.idFirma));
}
