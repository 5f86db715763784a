/**
 * SQL behind every inbox (GetBandeja*, GetHistorico): one filter builder shared by the page query
 * and the count query, the sortable columns, and the accent- and case-insensitive search. Filtering,
 * sorting and paging all happen here, in SQL.
 */
import { CATALOGO_ESTATUS, CODIGOS_ESTATUS } from "@registro/contracts";
import { and, asc, desc, eq, inArray, isNotNull, isNull, or, type SQL, sql } from "drizzle-orm";
import type { Tx } from "../db/client.js";
import { funcionarios, incumbentes, instituciones, solicitudes, usuarios } from "../db/schema.js";

/** A status match of one search term: these codes, optionally only (un)assigned ones. */
export interface CoincidenciaEstatus {
  codigos: readonly number[];
  /** true: only held by someone; false: only unheld; undefined: either. */
  asignado?: boolean;
}

/** One word of the global search, already normalised by the service. */
export interface TerminoBusqueda {
  /** LIKE pattern over the normalised institution name, cédula, names and surnames. */
  patron: string;
  /** LIKE pattern over the cédula without dashes, when the word is made of digits. */
  patronDigitos: string | null;
  /** Statuses whose text (server or display) contains the word. */
  estatus: readonly CoincidenciaEstatus[];
}

export interface FiltroBandeja {
  /** The inbox's statuses; undefined lists every status. */
  estatus?: readonly number[];
  /** Only requests legal has decided on (the legal history). */
  decididoJuridico?: boolean;
  /** Institution scope (the originator's, or an external user's); null for none. */
  idInstitucionAlcance: number | null;
  /** The institution dropdown filter. */
  institucion?: number;
  /** The status dropdown filter. */
  estatusFiltro?: number;
  /** Every term must match (AND of words, each matching any field). */
  busqueda: readonly TerminoBusqueda[];
}

export type CampoOrden =
  | "fechaSolicitud"
  | "estatus"
  | "institucion"
  | "cedula"
  | "nombres"
  | "cantFuncionarios"
  | "idSolicitud";

export interface OrdenBandeja {
  campo: CampoOrden;
  /** 1 ascending, -1 descending. */
  sentido: 1 | -1;
}

// Accents folded on both PGlite and PostgreSQL without extensions: lower() leaves non-ASCII
// capitals alone under the C locale, so translate() maps both cases.
const CON_ACENTO = "ÁÉÍÓÚÀÈÌÒÙÄËÏÖÜÂÊÎÔÛÑÇ";
const SIN_ACENTO = `${"aeiou".repeat(4)}nc`;
const DESDE = CON_ACENTO + CON_ACENTO.toLowerCase();
const HACIA = SIN_ACENTO + SIN_ACENTO;

/** The same folding in JS, for the words the user typed. */
export function normalizarTexto(texto: string): string {
  const mapa = new Map([...DESDE].map((c, i) => [c, HACIA[i]]));
  return [...texto.toLowerCase()].map((c) => mapa.get(c) ?? c).join("");
}

const plegar = (expr: SQL) => sql`translate(lower(${expr}), ${sql.raw(`'${DESDE}'`)}, ${sql.raw(`'${HACIA}'`)})`;

const TEXTO_BUSQUEDA = plegar(
  sql`${instituciones.nombre} || ' ' || ${incumbentes.cedula} || ' ' || ${incumbentes.nombres} || ' ' || ${incumbentes.apellidos}`,
);

const CANT_FUNCIONARIOS = sql<number>`(select count(*) from ${funcionarios} where ${funcionarios.idSolicitud} = ${solicitudes.idSolicitud})`;

// Sorting by status follows the text the user reads, not the code.
const TEXTO_ESTATUS = sql`case ${solicitudes.estatus} ${sql.join(
  CODIGOS_ESTATUS.map((c) => sql.raw(`when ${c} then '${CATALOGO_ESTATUS[c].estatus}'`)),
  sql` `,
)} end`;

const COLUMNAS_ORDEN: Record<CampoOrden, readonly SQL[]> = {
  fechaSolicitud: [sql`${solicitudes.fechaSolicitud}`],
  idSolicitud: [],
  estatus: [TEXTO_ESTATUS],
  institucion: [sql`${instituciones.nombre}`],
  cedula: [sql`${incumbentes.cedula}`],
  nombres: [sql`${incumbentes.nombres}`, sql`${incumbentes.apellidos}`],
  cantFuncionarios: [CANT_FUNCIONARIOS],
};

function condicionEstatus(c: CoincidenciaEstatus): SQL | undefined {
  if (c.codigos.length === 0) return undefined;
  const porCodigo = inArray(solicitudes.estatus, [...c.codigos]);
  if (c.asignado === undefined) return porCodigo;
  return and(porCodigo, c.asignado ? isNotNull(solicitudes.asignadoA) : isNull(solicitudes.asignadoA));
}

function condicionTermino(t: TerminoBusqueda): SQL | undefined {
  return or(
    sql`${TEXTO_BUSQUEDA} like ${t.patron}`,
    t.patronDigitos ? sql`replace(${incumbentes.cedula}, '-', '') like ${t.patronDigitos}` : undefined,
    ...t.estatus.map(condicionEstatus),
  );
}

function condiciones(f: FiltroBandeja): SQL | undefined {
  return and(
    f.estatus ? inArray(solicitudes.estatus, [...f.estatus]) : undefined,
    f.decididoJuridico ? eq(solicitudes.decididoJuridico, true) : undefined,
    f.idInstitucionAlcance !== null ? eq(solicitudes.idInstitucion, f.idInstitucionAlcance) : undefined,
    f.institucion !== undefined ? eq(solicitudes.idInstitucion, f.institucion) : undefined,
    f.estatusFiltro !== undefined ? eq(solicitudes.estatus, f.estatusFiltro) : undefined,
    ...f.busqueda.map(condicionTermino),
  );
}

function ordenSql(o: OrdenBandeja): SQL[] {
  const dir = o.sentido === 1 ? asc : desc;
  // The id breaks ties, so pages never repeat or skip a row.
  return [...COLUMNAS_ORDEN[o.campo].map((c) => dir(c)), dir(solicitudes.idSolicitud)];
}

export interface FilaBandeja {
  idSolicitud: number;
  estatus: number;
  fechaSolicitud: Date;
  idAsignadoA: number | null;
  asignadoNombre: string | null;
  idInstitucion: number;
  institucion: string;
  cedula: string;
  nombres: string;
  apellidos: string;
  cantFuncionarios: number;
}

/** One page of an inbox (or every matching row when `pagina` is null). */
export async function listarBandeja(
  tx: Tx,
  filtro: FiltroBandeja,
  orden: OrdenBandeja,
  pagina: { offset: number; limit: number } | null,
): Promise<FilaBandeja[]> {
  const consulta = tx
    .select({
      idSolicitud: solicitudes.idSolicitud,
      estatus: solicitudes.estatus,
      fechaSolicitud: solicitudes.fechaSolicitud,
      idAsignadoA: solicitudes.asignadoA,
      asignadoNombre: sql<string | null>`${usuarios.nombre} || ' ' || ${usuarios.apellido}`,
      idInstitucion: instituciones.idInstitucion,
      institucion: instituciones.nombre,
      cedula: incumbentes.cedula,
      nombres: incumbentes.nombres,
      apellidos: incumbentes.apellidos,
      cantFuncionarios: CANT_FUNCIONARIOS.mapWith(Number),
    })
    .from(solicitudes)
    .innerJoin(instituciones, eq(instituciones.idInstitucion, solicitudes.idInstitucion))
    .innerJoin(incumbentes, eq(incumbentes.idIncumbente, solicitudes.idIncumbente))
    .leftJoin(usuarios, eq(usuarios.idUsuario, solicitudes.asignadoA))
    .where(condiciones(filtro))
    .orderBy(...ordenSql(orden))
    .$dynamic();
  return pagina ? consulta.limit(pagina.limit).offset(pagina.offset) : consulta;
}

/** How many rows the inbox holds under these filters. Joins only when the search needs them. */
export async function contarBandeja(tx: Tx, filtro: FiltroBandeja): Promise<number> {
  let consulta = tx
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(solicitudes)
    .$dynamic();
  if (filtro.busqueda.length > 0) {
    consulta = consulta
      .innerJoin(instituciones, eq(instituciones.idInstitucion, solicitudes.idInstitucion))
      .innerJoin(incumbentes, eq(incumbentes.idIncumbente, solicitudes.idIncumbente));
  }
  const [fila] = await consulta.where(condiciones(filtro));
  return fila.n;
}
