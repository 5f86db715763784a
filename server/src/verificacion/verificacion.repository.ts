/**
 * SQL of verification: the registry entries of one cédula (over registro/'s rows), the authorisation
 * periods and constancias. The periods' upkeep and the registry's rows are in registro/.
 */
import { ESTATUS_FUNCIONARIO } from "@registro/contracts";
import { and, asc, desc, eq, inArray, type SQL, sql } from "drizzle-orm";
import type { Tx } from "../db/client.js";
import {
  autorizaciones,
  cargos,
  constancias,
  firmas,
  funcionarioFirmas,
  funcionarios,
  incumbentes,
  instituciones,
  solicitudes,
  tiposFirma,
} from "../db/schema.js";
import { registros, registrosCon } from "../registro/registro.repository.js";

/** Sent officials matching `filtro`: what the single and the batch question read. */
function registrosEnviados(tx: Tx, filtro: SQL | undefined) {
  return registros(tx, and(eq(funcionarios.enviado, true), filtro));
}

/** An authorisation period as the single question reads it (instants as JSON text). */
export interface PeriodoLeido {
  desde: string;
  hasta: string | null;
  causaFin: string | null;
}

/**
 * Each official's signatures (with their type) and authorisation periods, as JSON arrays in the
 * official's own row, in the orders of `consultaFirmas` and `consultaPeriodos` below. Performance:
 * the single question reads its whole answer in one statement (with the session's, two round trips
 * per call instead of three, and two statements fewer for the database).
 */
export const columnasDelFuncionario = {
  firmas: sql<{ idFirma: number; firma: string; tipo: string }[]>`coalesce((
    select json_agg(json_build_object('idFirma', ${firmas.idFirma}, 'firma', ${firmas.firma}, 'tipo', ${tiposFirma.nombre})
      order by ${firmas.idTipoFirma}, ${firmas.idFirma})
    from ${funcionarioFirmas}
    join ${firmas} on ${firmas.idFirma} = ${funcionarioFirmas.idFirma}
    join ${tiposFirma} on ${tiposFirma.idTipoFirma} = ${firmas.idTipoFirma}
    where ${funcionarioFirmas.idFuncionario} = ${funcionarios.idFuncionario}), '[]'::json)`,
  periodos: sql<PeriodoLeido[]>`coalesce((
    select json_agg(json_build_object('desde', ${autorizaciones.desde}, 'hasta', ${autorizaciones.hasta},
        'causaFin', ${autorizaciones.causaFin})
      order by ${autorizaciones.desde}, ${autorizaciones.idAutorizacion})
    from ${autorizaciones}
    where ${autorizaciones.idFuncionario} = ${funcionarios.idFuncionario}), '[]'::json)`,
};

/** The single question's query, of any institution or of one: built once per database (below). */
function consultaPorCedula(tx: Tx, deUna: boolean) {
  return registrosCon(
    tx,
    and(
      eq(funcionarios.enviado, true),
      eq(funcionarios.cedula, sql.placeholder("cedula")),
      deUna ? eq(solicitudes.idInstitucion, sql.placeholder("idInstitucion")) : undefined,
    ),
    columnasDelFuncionario,
  )
    .orderBy(desc(funcionarios.idSolicitud), asc(funcionarios.idFuncionario))
    .limit(200)
    .prepare(deUna ? "rf_verificar_cedula_institucion" : "rf_verificar_cedula");
}

/** The officials' signatures and periods of a list of ids (`= any($1)`: one text whatever the count). */
function consultaFirmas(tx: Tx) {
  return tx
    .select({
      idFuncionario: funcionarioFirmas.idFuncionario,
      idFirma: firmas.idFirma,
      firma: firmas.firma,
      tipo: tiposFirma.nombre,
    })
    .from(funcionarioFirmas)
    .innerJoin(firmas, eq(firmas.idFirma, funcionarioFirmas.idFirma))
    .innerJoin(tiposFirma, eq(tiposFirma.idTipoFirma, firmas.idTipoFirma))
    .where(sql`${funcionarioFirmas.idFuncionario} = any(${sql.placeholder("ids")}::int[])`)
    .orderBy(asc(firmas.idTipoFirma), asc(firmas.idFirma))
    .prepare("rf_verificar_firmas");
}

function consultaPeriodos(tx: Tx) {
  return tx
    .select({
      idFuncionario: autorizaciones.idFuncionario,
      desde: autorizaciones.desde,
      hasta: autorizaciones.hasta,
      causaFin: autorizaciones.causaFin,
    })
    .from(autorizaciones)
    .where(sql`${autorizaciones.idFuncionario} = any(${sql.placeholder("ids")}::int[])`)
    .orderBy(asc(autorizaciones.idFuncionario), asc(autorizaciones.desde), asc(autorizaciones.idAutorizacion))
    .prepare("rf_verificar_periodos");
}

// Performance: verification is the call other systems make most. Its three queries are built once
// per database and, on PostgreSQL, are named prepared statements (each connection parses and plans
// them once); the data is read afresh on every call.
const preparadas = new WeakMap<
  Tx,
  {
    todas: ReturnType<typeof consultaPorCedula>;
    deUna: ReturnType<typeof consultaPorCedula>;
    firmas: ReturnType<typeof consultaFirmas>;
    periodos: ReturnType<typeof consultaPeriodos>;
  }
>();

function preparadasDe(tx: Tx) {
  let p = preparadas.get(tx);
  if (!p) {
    p = {
      todas: consultaPorCedula(tx, false),
      deUna: consultaPorCedula(tx, true),
      firmas: consultaFirmas(tx),
      periodos: consultaPeriodos(tx),
    };
    preparadas.set(tx, p);
  }
  return p;
}

/** Every sent official with this cédula (of one institution, if given), newest request first. */
export async function registrosPorCedula(tx: Tx, cedula: string, idInstitucion: number | null) {
  const p = preparadasDe(tx);
  return idInstitucion === null ? p.todas.execute({ cedula }) : p.deUna.execute({ cedula, idInstitucion });
}

/** Every sent official with one of these cédulas, by cédula, newest request first (as the single question). */
export async function registrosPorCedulas(tx: Tx, cedulas: string[]) {
  if (cedulas.length === 0) return [];
  return registrosEnviados(tx, inArray(funcionarios.cedula, cedulas)).orderBy(
    asc(funcionarios.cedula),
    desc(funcionarios.idSolicitud),
    asc(funcionarios.idFuncionario),
  );
}

export type RegistroFila = Awaited<ReturnType<typeof registrosPorCedulas>>[number];

/** The officials' signatures with their type names. */
export async function firmasDe(tx: Tx, ids: number[]) {
  if (ids.length === 0) return [];
  return preparadasDe(tx).firmas.execute({ ids });
}

/** The officials' authorisation periods, oldest first. */
export async function periodosDe(tx: Tx, ids: number[]) {
  if (ids.length === 0) return [];
  return preparadasDe(tx).periodos.execute({ ids });
}

export async function nombreFirma(tx: Tx, idFirma: number): Promise<string | null> {
  const [row] = await tx.select({ firma: firmas.firma }).from(firmas).where(eq(firmas.idFirma, idFirma));
  return row?.firma ?? null;
}

/** The request a constancia certifies: institution, incumbent, status. */
export async function solicitudConstancia(tx: Tx, idSolicitud: number) {
  const [row] = await tx
    .select({
      idSolicitud: solicitudes.idSolicitud,
      idInstitucion: solicitudes.idInstitucion,
      estatus: solicitudes.estatus,
      institucion: instituciones.nombre,
      incumbenteNombres: incumbentes.nombres,
      incumbenteApellidos: incumbentes.apellidos,
      incumbenteCedula: incumbentes.cedula,
      incumbenteCargo: cargos.nombre,
    })
    .from(solicitudes)
    .innerJoin(instituciones, eq(instituciones.idInstitucion, solicitudes.idInstitucion))
    .innerJoin(incumbentes, eq(incumbentes.idIncumbente, solicitudes.idIncumbente))
    .innerJoin(cargos, eq(cargos.idCargo, incumbentes.codCargo))
    .where(eq(solicitudes.idSolicitud, idSolicitud));
  return row ?? null;
}

/** Officials of the request that are Activo and were authorised at some point, with their position. */
export async function funcionariosConstancia(tx: Tx, idSolicitud: number, ids?: number[]) {
  return tx
    .select({
      idFuncionario: funcionarios.idFuncionario,
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
    })
    .from(funcionarios)
    .innerJoin(cargos, eq(cargos.idCargo, funcionarios.codCargo))
    .where(
      and(
        eq(funcionarios.idSolicitud, idSolicitud),
        ids
          ? inArray(funcionarios.idFuncionario, ids)
          : and(
              eq(funcionarios.idEstatus, ESTATUS_FUNCIONARIO.ACTIVO),
              sql`exists (select 1 from autorizaciones a where a.id_funcionario = ${funcionarios.idFuncionario})`,
            ),
      ),
    )
    .orderBy(asc(funcionarios.idFuncionario));
}

/** When the request was last approved into force (106 after 105), for the constancia. */
export async function fechaAprobacion(tx: Tx, idSolicitud: number): Promise<Date | null> {
  const [row] = await tx
    .select({ desde: sql<Date | string | null>`min(${autorizaciones.desde})` })
    .from(autorizaciones)
    .where(eq(autorizaciones.idSolicitud, idSolicitud));
  if (!row?.desde) return null;
  return row.desde instanceof Date ? row.desde : new Date(row.desde);
}

export async function insertarConstancia(
  tx: Tx,
  datos: {
    codigoHash: string;
    idSolicitud: number;
    funcionarios: number[];
    idUsuario: number;
    emitida: Date;
    pdfSha256: string;
    selloHuella: string;
  },
): Promise<Date> {
  const [row] = await tx.insert(constancias).values(datos).returning({ emitida: constancias.emitida });
  return row.emitida;
}

export async function constanciaPorHash(tx: Tx, codigoHash: string) {
  const [row] = await tx.select().from(constancias).where(eq(constancias.codigoHash, codigoHash));
  return row ?? null;
}

/** The constancia issued as exactly this file (its SHA-256), if any. */
export async function constanciaPorPdf(tx: Tx, pdfSha256: string) {
  const [row] = await tx
    .select()
    .from(constancias)
    .where(eq(constancias.pdfSha256, pdfSha256))
    .orderBy(desc(constancias.idConstancia))
    .limit(1);
  return row ?? null;
}

/** The latest constancia issued for a request. */
export async function ultimaConstancia(tx: Tx, idSolicitud: number) {
  const [row] = await tx
    .select({
      idConstancia: constancias.idConstancia,
      codigoHash: constancias.codigoHash,
      emitida: constancias.emitida,
    })
    .from(constancias)
    .where(eq(constancias.idSolicitud, idSolicitud))
    .orderBy(desc(constancias.emitida), desc(constancias.idConstancia))
    .limit(1);
  return row ?? null;
}

/** Whether a seal certificate (its SHA-256) sealed any constancia of the registry. */
export async function selloUsado(tx: Tx, huella: string): Promise<boolean> {
  const filas = await tx
    .select({ id: constancias.idConstancia })
    .from(constancias)
    .where(eq(constancias.selloHuella, huella))
    .limit(1);
  return filas.length > 0;
}
