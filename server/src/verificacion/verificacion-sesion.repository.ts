/**
 * SQL of the single verification read in the caller's session's statement (auth/lectura-con-sesion.ts):
 * the rows of `registrosPorCedula` (verificacion.repository.ts) as one JSON array beside the session's row.
 */
import { type SQLWrapper, sql } from "drizzle-orm";
import { consultaConSesion, porHashDeSesion, separarSesion } from "../auth/sesion-leida.repository.js";
import type { Tx } from "../db/client.js";
import { cargos, funcionarios, instituciones, solicitudes } from "../db/schema.js";
import { columnasRegistro } from "../registro/registro.repository.js";
import { columnasDelFuncionario, type registrosPorCedula } from "./verificacion.repository.js";

/**
 * The single question's rows as one JSON array (in `consultaPorCedula`'s order and limit), for the
 * read with the caller's session or system key: each row's columns under the same names, numerics
 * as their text and dates as 'YYYY-MM-DD' (what the driver gives for the plain read). The cédula
 * and institution are placeholders (`cedula`, `idInstitucion`): the statement is built once.
 */
function registrosEnJson(deUna: boolean) {
  const cedula = sql.placeholder("cedula");
  const idInstitucion = sql.placeholder("idInstitucion");
  const columnas = { ...columnasRegistro, ...columnasDelFuncionario } as Record<string, SQLWrapper>;
  const texto = new Set<unknown>([funcionarios.montoDesde, funcionarios.montoHasta]);
  const pares = Object.entries(columnas).map(
    ([k, c]) => sql`${sql.raw(`'${k}'`)}, ${texto.has(c) ? sql`${c}::text` : c}`,
  );
  return sql<RegistroLeido[]>`coalesce((select json_agg(r.fila order by r.id_solicitud desc, r.id_funcionario)
    from (select json_build_object(${sql.join(pares, sql`, `)}) as fila,
        ${funcionarios.idSolicitud} as id_solicitud, ${funcionarios.idFuncionario} as id_funcionario
      from ${funcionarios}
      join ${solicitudes} on ${solicitudes.idSolicitud} = ${funcionarios.idSolicitud}
      join ${instituciones} on ${instituciones.idInstitucion} = ${solicitudes.idInstitucion}
      join ${cargos} on ${cargos.idCargo} = ${funcionarios.codCargo}
      where ${funcionarios.enviado} and ${funcionarios.cedula} = ${cedula}
        ${deUna ? sql`and ${solicitudes.idInstitucion} = ${idInstitucion}` : sql``}
      order by ${funcionarios.idSolicitud} desc, ${funcionarios.idFuncionario}
      limit 200) r), '[]'::json)`;
}

/** A row of the single question (`registrosPorCedula`). */
export type RegistroLeido = Awaited<ReturnType<typeof registrosPorCedula>>[number];

function consultaPorCedulaConSesion(tx: Tx, deUna: boolean) {
  return consultaConSesion(tx, { registrosLeidos: registrosEnJson(deUna) })
    .where(porHashDeSesion())
    .limit(1)
    .prepare(deUna ? "rf_verificar_cedula_institucion_sesion" : "rf_verificar_cedula_sesion");
}
const conSesionPreparadas = new WeakMap<Tx, Record<"todas" | "deUna", ReturnType<typeof consultaPorCedulaConSesion>>>();

/**
 * The caller's session (by its token's hash) and `registrosPorCedula`'s rows, in one statement
 * (auth/lectura-con-sesion.ts): `datos` says for which institution filter the rows were read.
 */
export async function registrosPorCedulaConSesion(
  tx: Tx,
  hashSesion: string,
  cedula: string,
  idInstitucion: number | null,
) {
  let p = conSesionPreparadas.get(tx);
  if (!p) {
    p = { todas: consultaPorCedulaConSesion(tx, false), deUna: consultaPorCedulaConSesion(tx, true) };
    conSesionPreparadas.set(tx, p);
  }
  const [fila] = await (idInstitucion === null
    ? p.todas.execute({ clave: hashSesion, cedula })
    : p.deUna.execute({ clave: hashSesion, cedula, idInstitucion }));
  const { sesion, datos } = separarSesion<{ registrosLeidos: RegistroLeido[] }>(fila);
  return { sesion, datos: datos && { cedula, idInstitucion, filas: datos.registrosLeidos } };
}

/**
 * The single question's rows as one SQL expression (a JSON array) with the placeholders `cedula`
 * and, for one institution, `idInstitucion`: for the read in a system key's statement.
 */
export function registrosPorCedulaEnJson(deUna: boolean) {
  return registrosEnJson(deUna);
}
