/** SQL behind the documents: the official a signature card is filled in for. */
import { eq } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Tx } from "../db/client.js";
import { cargos, funcionarioFirmas, funcionarios, incumbentes, instituciones, solicitudes } from "../db/schema.js";

const cargoIncumbente = alias(cargos, "cargo_incumbente");

/** The official with their request's institution, position and incumbent, or null. */
export async function funcionarioParaTarjeta(tx: Tx, idFuncionario: number) {
  const [row] = await tx
    .select({
      funcionario: funcionarios,
      idInstitucion: solicitudes.idInstitucion,
      institucion: instituciones.nombre,
      cargo: cargos.nombre,
      incumbenteNombres: incumbentes.nombres,
      incumbenteApellidos: incumbentes.apellidos,
      cargoIncumbente: cargoIncumbente.nombre,
    })
    .from(funcionarios)
    .innerJoin(solicitudes, eq(solicitudes.idSolicitud, funcionarios.idSolicitud))
    .innerJoin(instituciones, eq(instituciones.idInstitucion, solicitudes.idInstitucion))
    .innerJoin(cargos, eq(cargos.idCargo, funcionarios.codCargo))
    .innerJoin(incumbentes, eq(incumbentes.idIncumbente, solicitudes.idIncumbente))
    .innerJoin(cargoIncumbente, eq(cargoIncumbente.idCargo, incumbentes.codCargo))
    .where(eq(funcionarios.idFuncionario, idFuncionario));
  if (!row) return null;
  const firmas = await tx
    .select({ idFirma: funcionarioFirmas.idFirma })
    .from(funcionarioFirmas)
    .where(eq(funcionarioFirmas.idFuncionario, idFuncionario));
  return { ...row, firmas: firmas.map((f) => f.idFirma) };
}
