/**
 * The registry export's query (exportar.service.ts writes its rows): every official ever authorised
 * and the incumbents of the requests holding them, read in keyset stretches (db/lotes.ts).
 */
import { ESTATUS_FUNCIONARIO } from "@registro/contracts";
import { sql } from "drizzle-orm";
import { entero } from "../db/filas.js";
import { type ClaveOrden, columnasClave, condicionDespues, ordenTramo, type Tramo } from "../db/lotes.js";
import {
  cargos,
  firmas,
  funcionarioFirmas,
  funcionarios,
  incumbentes,
  instituciones,
  solicitudes,
} from "../db/schema.js";

/** The stretch and its query for one institution's scope (null: every institution). */
export function consultaRegistro(alcance: number | null) {
  const enAlcance = alcance === null ? sql`` : sql`and ${solicitudes.idInstitucion} = ${alcance}`;
  // By institution, incumbents first, then name, the row's id last: one keyset stretch (db/lotes.ts).
  const tramo: Tramo = {
    claves: [
      { expr: sql.raw("r.institucion"), tipo: "text" },
      { expr: sql.raw("r.orden"), tipo: "int" },
      { expr: sql.raw("r.apellidos"), tipo: "text" },
      { expr: sql.raw("r.nombres"), tipo: "text" },
      { expr: sql.raw("r.id"), tipo: "int" },
    ] satisfies ClaveOrden[],
    desc: false,
  };
  const consulta = (t: Tramo, despues: readonly string[] | null, limite: number) => sql`select r.*${columnasClave(t)}
  from (
    select ${instituciones.nombre} as institucion, 1 as orden, ${funcionarios.idFuncionario} as id,
      ${funcionarios.cedula} as cedula, ${funcionarios.nombres} as nombres, ${funcionarios.apellidos} as apellidos,
      ${cargos.nombre} as cargo, ${funcionarios.telefono} as telefono,
      (select string_agg(${firmas.firma}, '; ' order by ${firmas.idFirma}) from ${funcionarioFirmas}
        join ${firmas} on ${firmas.idFirma} = ${funcionarioFirmas.idFirma}
        where ${funcionarioFirmas.idFuncionario} = ${funcionarios.idFuncionario}) as firmas,
      ${funcionarios.firmaRango} as "firmaRango", ${funcionarios.montoDesde}::text as "montoDesde",
      ${funcionarios.montoHasta}::text as "montoHasta", ${funcionarios.firmaVigencia} as "firmaVigencia",
      ${funcionarios.fechaDesde}::text as "fechaDesde", ${funcionarios.fechaHasta}::text as "fechaHasta",
      ${incumbentes.nombres} || ' ' || ${incumbentes.apellidos} as titular,
      ${funcionarios.idEstatus} as "idEstatus", ${solicitudes.estatus} as "estatusSolicitud",
      coalesce((select min(a.desde) from autorizaciones a where a.id_funcionario = ${funcionarios.idFuncionario}),
        ${funcionarios.creado}) as registro,
      (select json_agg(json_build_object('desde', (extract(epoch from a.desde) * 1000)::bigint,
          'hasta', (extract(epoch from a.hasta) * 1000)::bigint, 'causa', a.causa_fin)
          order by a.desde, a.id_autorizacion)
        from autorizaciones a where a.id_funcionario = ${funcionarios.idFuncionario}) as periodos,
      ${funcionarios.comentario} as comentario,
      exists (select 1 from importacion_solicitudes m where m.id_solicitud = ${funcionarios.idSolicitud}) as importada
    from ${funcionarios}
    join ${solicitudes} on ${solicitudes.idSolicitud} = ${funcionarios.idSolicitud}
    join ${instituciones} on ${instituciones.idInstitucion} = ${solicitudes.idInstitucion}
    join ${incumbentes} on ${incumbentes.idIncumbente} = ${solicitudes.idIncumbente}
    join ${cargos} on ${cargos.idCargo} = ${funcionarios.codCargo}
    where exists (select 1 from autorizaciones a where a.id_funcionario = ${funcionarios.idFuncionario}) ${enAlcance}
    union all
    select * from (
      select distinct on (${solicitudes.idInstitucion}, ${incumbentes.cedula})
        ${instituciones.nombre} as institucion, 0 as orden, ${incumbentes.idIncumbente} as id,
        ${incumbentes.cedula} as cedula, ${incumbentes.nombres} as nombres, ${incumbentes.apellidos} as apellidos,
        ${cargos.nombre} as cargo, ${incumbentes.telefono} as telefono, null::text as firmas,
        false as "firmaRango", null::text as "montoDesde", null::text as "montoHasta", false as "firmaVigencia",
        null::text as "fechaDesde", null::text as "fechaHasta",
        ${incumbentes.nombres} || ' ' || ${incumbentes.apellidos} as titular,
        ${ESTATUS_FUNCIONARIO.ACTIVO}::smallint as "idEstatus", ${solicitudes.estatus} as "estatusSolicitud",
        ${solicitudes.fechaSolicitud} as registro, null::json as periodos, '' as comentario, false as importada
      from ${solicitudes}
      join ${instituciones} on ${instituciones.idInstitucion} = ${solicitudes.idInstitucion}
      join ${incumbentes} on ${incumbentes.idIncumbente} = ${solicitudes.idIncumbente}
      join ${cargos} on ${cargos.idCargo} = ${incumbentes.codCargo}
      where exists (select 1 from autorizaciones a where a.id_solicitud = ${solicitudes.idSolicitud}) ${enAlcance}
      order by ${solicitudes.idInstitucion}, ${incumbentes.cedula}, ${solicitudes.idSolicitud} desc
    ) incumbentes_registro
  ) r
  ${despues === null ? sql`` : sql`where ${condicionDespues(t, despues)}`}
  ${ordenTramo(t)}
  limit ${entero(limite)}`;
  return { tramo, consulta };
}
