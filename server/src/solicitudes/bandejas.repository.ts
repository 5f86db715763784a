/**
 * SQL behind every inbox (GetBandeja*, GetHistorico): one filter shared by the page query and the
 * count query, the sortable columns, and the accent- and case-insensitive search. Filtering, sorting
 * and paging all happen here, in SQL, on indexes, so a page costs the same with a million requests as
 * with ten:
 * - the page's ids are chosen first on `solicitudes` alone (plus the one table the sort needs), then
 *   only those rows are joined to their institution, incumbent and holder; the officials' count is
 *   a column of the request, kept by a trigger, with its own index for the sort;
 * - sorts by institution or status walk that small dimension in order and take each value's newest
 *   requests through the (institution, date) or (status, date) index, stopping once the page is full;
 * - the search matches word prefixes of the incumbent's names and cédula through the request's own
 *   search words (`solicitudes.busqueda`, GIN-indexed, kept by a trigger), institution names by
 *   substring, and status texts given by the service;
 * - totals without a search are sums of the counters of `solicitudes_totales` (status × institution
 *   × legal-decided, kept by triggers, migration 0006); only searches count rows, and only up to a
 *   cap (`contarHasta`);
 * - a search by name is counted, and sorted by name, through the words table (`palabras.repository.ts`,
 *   migration 0013) instead of the GIN index, which answers a common word with a bitmap of every
 *   request it names before reading one.
 */
import { createHash } from "node:crypto";
import { CATALOGO_ESTATUS, CODIGOS_ESTATUS, ESTATUS, ESTATUS_FUNCIONARIO } from "@registro/contracts";
import { and, eq, inArray, isNotNull, isNull, or, type SQL, sql } from "drizzle-orm";
import type { Tx } from "../db/client.js";
import {
  incumbentes,
  instituciones,
  PLEGAR_DESDE,
  PLEGAR_HACIA,
  plegar,
  solicitudes,
  solicitudesTotales,
  usuarios,
} from "../db/schema.js";
import {
  contarPorPalabras,
  type GuiaPalabras,
  guiaPalabras,
  idsPorPalabras,
  paginaPorNombre,
} from "./palabras.repository.js";

/** A status match of one search term: these codes, optionally only (un)assigned ones. */
export interface CoincidenciaEstatus {
  codigos: readonly number[];
  /** true: only held by someone; false: only unheld; undefined: either. */
  asignado?: boolean;
}

/**
 * One term of the global search: words already normalised by the service (letters a–z and digits
 * only) that must all start a word of the same incumbent — or, for a single word, may instead
 * appear in the institution's name or the status text.
 */
export interface TerminoBusqueda {
  palabras: readonly string[];
  /** Institutions whose name contains the word (`institucionesQueContienen`). */
  instituciones: readonly number[];
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
  /** A search with no letters or digits in it: nothing matches. */
  busquedaSinPalabras?: boolean;
  /** Avisos (issue 14): only requests with an active temporary official ending in [desde, hasta]. */
  vencimiento?: { desde: string | null; hasta: string };
  /**
   * A hint, never a filter (issue 12): the inbox's statuses hold a large share of all requests, so
   * one walk of the date index fills a page at once and is cheaper to plan than a branch per status.
   */
  estatusFrecuentes?: boolean;
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
  /**
   * Read the exact reverse of this order (every key, tie-breakers too), so that a page near the end
   * is read from the other end; the caller reverses the rows it gets.
   */
  invertido?: boolean;
}

/** The same folding as `plegar` in SQL, for the words the user typed. */
const MAPA_PLIEGUE = new Map([...PLEGAR_DESDE].map((c, i) => [c, PLEGAR_HACIA[i]]));
export function normalizarTexto(texto: string): string {
  return [...texto.toLowerCase()].map((c) => MAPA_PLIEGUE.get(c) ?? c).join("");
}

const escaparLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

function condicionEstatus(c: CoincidenciaEstatus): SQL | undefined {
  if (c.codigos.length === 0) return undefined;
  const porCodigo = inArray(solicitudes.estatus, [...c.codigos]);
  if (c.asignado === undefined) return porCodigo;
  return and(porCodigo, c.asignado ? isNotNull(solicitudes.asignadoA) : isNull(solicitudes.asignadoA));
}

/** One word: a prefix of the incumbent's words, part of the institution's name, or the status text. */
// Institutions and statuses come resolved, so each alternative is an index condition on
// `solicitudes` and the planner can combine them (BitmapOr) or check them row by row.
function condicionTermino(t: TerminoBusqueda): SQL | undefined {
  return or(
    sql`${solicitudes.busqueda} @@ to_tsquery('simple'::regconfig, ${t.palabras.map((p) => `${p}:*`).join(" & ")})`,
    t.instituciones.length > 0 ? inArray(solicitudes.idInstitucion, [...t.instituciones]) : undefined,
    ...t.estatus.map(condicionEstatus),
  );
}

/** Institutions whose (folded) name contains the word. */
export async function institucionesQueContienen(tx: Tx, palabra: string): Promise<number[]> {
  const filas = await tx
    .select({ id: instituciones.idInstitucion })
    .from(instituciones)
    .where(sql`${plegar(sql`${instituciones.nombre}`)} like ${`%${escaparLike(palabra)}%`}`);
  return filas.map((f) => f.id);
}

/** The WHERE clause over `solicitudes` alone. */
function condiciones(f: FiltroBandeja): SQL | undefined {
  return and(
    f.estatus ? inArray(solicitudes.estatus, [...f.estatus]) : undefined,
    f.decididoJuridico ? eq(solicitudes.decididoJuridico, true) : undefined,
    f.idInstitucionAlcance !== null ? eq(solicitudes.idInstitucion, f.idInstitucionAlcance) : undefined,
    f.institucion !== undefined ? eq(solicitudes.idInstitucion, f.institucion) : undefined,
    f.estatusFiltro !== undefined ? eq(solicitudes.estatus, f.estatusFiltro) : undefined,
    ...f.busqueda.map(condicionTermino),
    f.busquedaSinPalabras ? sql`false` : undefined,
    f.vencimiento ? condicionVencimiento(f.vencimiento) : undefined,
  );
}

/** Avisos (issue 14): an active temporary official of a live request ends within the dates. */
function condicionVencimiento(v: { desde: string | null; hasta: string }): SQL {
  return sql`${solicitudes.estatus} <> ${ESTATUS.INACTIVADO} and exists (
    select 1 from funcionarios fv
    where fv.id_solicitud = "solicitudes"."id_solicitud" and fv.id_estatus = ${ESTATUS_FUNCIONARIO.ACTIVO}
      and fv.firma_vigencia and fv.fecha_hasta <= ${v.hasta}::date
      ${v.desde === null ? sql`` : sql`and fv.fecha_hasta >= ${v.desde}::date`})`;
}

/**
 * A page's size or position written into the text (issue 12): the planner sizes the walk by it, in a
 * prepared statement too (a parameter there would be planned as "10% of the rows").
 */
function entero(n: number): SQL {
  if (!Number.isSafeInteger(n) || n < 0) throw new Error(`not a row count: ${n}`);
  return sql.raw(String(n));
}

const DONDE = (f: FiltroBandeja) => {
  const c = condiciones(f);
  return c ? sql`where ${c}` : sql``;
};

// Sorting by status follows the text the user reads: the codes ranked by their text.
const ESTATUS_POR_TEXTO = [...CODIGOS_ESTATUS].sort((a, b) =>
  CATALOGO_ESTATUS[a].estatus.localeCompare(CATALOGO_ESTATUS[b].estatus, "es"),
);

const COLUMNAS = sql`${solicitudes.idSolicitud} as id, ${solicitudes.estatus} as estatus,
  ${solicitudes.fechaSolicitud} as fecha, ${solicitudes.asignadoA} as asignado,
  ${solicitudes.idInstitucion} as institucion, ${solicitudes.idIncumbente} as incumbente,
  ${solicitudes.cantFuncionarios} as cant`;

/**
 * The ids of one page (or of every matching row), with the keys they are sorted by (`k1`, `k2`), as
 * a subquery whose rows the outer query orders by `orden`.
 */
function seleccionPagina(
  f: FiltroBandeja,
  o: OrdenBandeja,
  pagina: { offset: number; limit: number } | null,
  { guia, ids }: PaginaPorPalabras = {},
): { sub: SQL; orden: SQL } {
  const dir = sql.raw((o.sentido === 1) !== Boolean(o.invertido) ? "asc" : "desc");
  // Sorts by a status or an institution show each one's newest requests first, whatever `sentido`.
  const dirFecha = sql.raw(o.invertido ? "asc" : "desc");
  const limite = pagina ? sql`limit ${entero(pagina.limit)} offset ${entero(pagina.offset)}` : sql``;
  const donde = DONDE(f);
  const simple = (claves: SQL, k1: SQL, k2: SQL, orden: SQL) => ({
    sub: sql`select ${COLUMNAS}, ${k1} as k1, ${k2} as k2 from ${solicitudes} ${claves} ${donde} order by ${orden} ${limite}`,
    orden: sql`p.k1 ${dir}, p.k2 ${dir}, p.id ${dir}`,
  });
  switch (o.campo) {
    case "fechaSolicitud": {
      if (ids) {
        // A search's few thousand matches with their dates, from the words tables' indexes: the
        // page's ids are chosen among them, and only its rows are read.
        return {
          sub: sql`select ${COLUMNAS}, null::int as k1, null::int as k2 from ${solicitudes}
            where ${solicitudes.idSolicitud} in (select u.id from (${ids}) u order by u.fecha ${dir}, u.id ${dir} ${limite})`,
          orden: sql`p.fecha ${dir}, p.id ${dir}`,
        };
      }
      // An inbox of a few statuses, on a shallow page: each status' newest requests through the
      // (status, date) index, merged. Deep pages, single-status filters and searches (which the
      // planner drives from the search index, or checks along the date index) scan in one go.
      const codigos = f.estatusFiltro === undefined && !f.estatusFrecuentes ? f.estatus : undefined;
      if (pagina && codigos && f.busqueda.length === 0 && pagina.offset + pagina.limit <= MAX_POR_VALOR) {
        return recorrer(f, { valores: codigos.map((c) => [c, 0]) }, solicitudes.estatus, dir, pagina, {
          dentro: sql`x.fecha ${dir}, x.id ${dir}`,
          fuera: sql`p.fecha ${dir}, p.id ${dir}`,
        });
      }
      return {
        sub: sql`select ${COLUMNAS}, null::int as k1, null::int as k2 from ${solicitudes} ${donde}
          order by ${solicitudes.fechaSolicitud} ${dir}, ${solicitudes.idSolicitud} ${dir} ${limite}`,
        orden: sql`p.fecha ${dir}, p.id ${dir}`,
      };
    }
    case "idSolicitud":
      return {
        sub: sql`select ${COLUMNAS}, null::int as k1, null::int as k2 from ${solicitudes} ${donde}
          order by ${solicitudes.idSolicitud} ${dir} ${limite}`,
        orden: sql`p.id ${dir}`,
      };
    case "cedula":
    case "nombres": {
      if (o.campo === "nombres" && pagina && guia?.vocabulario) {
        // A search sorted by name: its words' requests in name order (the words table).
        return {
          sub: paginaPorNombre(f, { ...guia, vocabulario: guia.vocabulario }, COLUMNAS, dir, pagina),
          orden: sql`p.k1 ${dir}, p.k2 ${dir}, p.id ${dir}`,
        };
      }
      const [k1, k2] =
        o.campo === "cedula"
          ? [sql`${incumbentes.cedula}`, sql`null::text`]
          : [sql`${incumbentes.nombres}`, sql`${incumbentes.apellidos}`];
      const join = sql`join ${incumbentes} on ${incumbentes.idIncumbente} = ${solicitudes.idIncumbente}`;
      return simple(join, k1, k2, sql`${k1} ${dir}, ${k2} ${dir}, ${solicitudes.idSolicitud} ${dir}`);
    }
    case "cantFuncionarios": {
      const n = sql`${solicitudes.cantFuncionarios}`;
      return simple(sql``, n, sql`null::int`, sql`${n} ${dir}, ${solicitudes.idSolicitud} ${dir}`);
    }
    case "estatus":
    case "institucion": {
      if (o.campo === "institucion" && f.busqueda.length > 0) {
        // A search narrows the rows first: sorting what it found beats walking dozens of
        // institutions (the dozen statuses are still worth walking).
        return {
          sub: sql`select ${COLUMNAS}, ${instituciones.nombre} as k1, null::int as k2 from ${solicitudes}
            join ${instituciones} on ${instituciones.idInstitucion} = ${solicitudes.idInstitucion} ${donde}
            order by ${instituciones.nombre} ${dir}, ${solicitudes.idInstitucion} ${dir},
              ${solicitudes.fechaSolicitud} ${dirFecha}, ${solicitudes.idSolicitud} ${dirFecha} ${limite}`,
          orden: sql`p.k1 ${dir}, p.institucion ${dir}, p.fecha ${dirFecha}, p.id ${dirFecha}`,
        };
      }
      // Walk the dimension in order; each value's requests come newest first from its index.
      const dimension: Dimension =
        o.campo === "estatus"
          ? {
              // Only the statuses the filters let through: a branch the filters contradict would
              // still be planned, and walked along the whole date index.
              valores: ESTATUS_POR_TEXTO.map((c, i) => [c, i] as const).filter(
                ([c]) => (!f.estatus || f.estatus.includes(c)) && (f.estatusFiltro ?? c) === c,
              ),
            }
          : {
              consulta: sql`(select ${instituciones.idInstitucion} as clave,
                 row_number() over (order by ${instituciones.nombre}, ${instituciones.idInstitucion}) as rango
               from ${instituciones}) as d`,
            };
      const columna = o.campo === "estatus" ? solicitudes.estatus : solicitudes.idInstitucion;
      return recorrer(f, dimension, columna, dirFecha, pagina, {
        dentro: sql`x.k1 ${dir}, x.fecha ${dirFecha}, x.id ${dirFecha}`,
        fuera: sql`p.k1 ${dir}, p.fecha ${dirFecha}, p.id ${dirFecha}`,
      });
    }
  }
}

/** Above this many rows per value, walking a dimension costs more than one scan. */
const MAX_POR_VALOR = 1000;

/**
 * A small dimension to walk: values known here (statuses, with their rank), or a query of
 * `d(clave, rango)` rows (institutions).
 */
type Dimension = { valores: readonly (readonly [number, number])[] } | { consulta: SQL };

/**
 * Walks a small dimension: for each value, its requests in date order through that value's
 * (value, date) index, at most as many as the page needs; then orders the union by `orden`, which
 * gives the same keys inside (`x`, where `k1` is the value's rank) and for the outer query (`p`).
 * Known values become one branch each with the value written out, so the planner sizes each from
 * its statistics (a status with no requests must not send it along the whole date index).
 */
function recorrer(
  f: FiltroBandeja,
  dimension: Dimension,
  columna: typeof solicitudes.estatus | typeof solicitudes.idInstitucion,
  dirFecha: SQL,
  pagina: { offset: number; limit: number } | null,
  orden: { dentro: SQL; fuera: SQL },
): { sub: SQL; orden: SQL } {
  const porValor = pagina ? sql`limit ${entero(pagina.offset + pagina.limit)}` : sql``;
  const limite = pagina ? sql`limit ${entero(pagina.limit)} offset ${entero(pagina.offset)}` : sql``;
  // The legal history's statuses through the (decided status, date) index (migration 0006): its
  // statistics know that a status has almost no decided requests, where the partial index's do not
  // and the planner would walk every request of that status.
  const valor =
    columna === solicitudes.estatus && f.decididoJuridico
      ? sql`(case when ${solicitudes.decididoJuridico} then ${solicitudes.estatus} end)`
      : sql`${columna}`;
  const rama = (clave: SQL, rango: SQL) =>
    sql`select ${COLUMNAS}, ${rango} as k1, null::int as k2 from ${solicitudes}
      where ${and(sql`${valor} = ${clave}`, condiciones(f))}
      order by ${solicitudes.fechaSolicitud} ${dirFecha}, ${solicitudes.idSolicitud} ${dirFecha} ${porValor}`;
  let union: SQL;
  if ("consulta" in dimension) {
    union = sql`${dimension.consulta} cross join lateral (${rama(sql`d.clave`, sql`d.rango`)}) x`;
  } else if (dimension.valores.length === 0) {
    union = sql`(select ${COLUMNAS}, 0::bigint as k1, null::int as k2 from ${solicitudes} where false) x`;
  } else {
    const ramas = dimension.valores.map(
      ([c, r]) => sql`(${rama(sql.raw(String(Number(c))), sql.raw(`${Number(r)}::bigint`))})`,
    );
    union = sql`(${sql.join(ramas, sql` union all `)}) x`;
  }
  return { sub: sql`select x.* from ${union} order by ${orden.dentro} ${limite}`, orden: orden.fuera };
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

/** Rows of a raw query, on either driver (pg and PGlite both answer `{ rows }`). */
async function filas<T>(tx: Tx, consulta: SQL): Promise<T[]> {
  const r = (await tx.execute(consulta)) as unknown as { rows: T[] };
  return r.rows;
}

type FilaLeida = Omit<FilaBandeja, "fechaSolicitud"> & { fechaSolicitud: Date | string };
const aFila = ({ total: _total, ...r }: FilaLeida & { total?: unknown }): FilaBandeja => ({
  ...r,
  fechaSolicitud: r.fechaSolicitud instanceof Date ? r.fechaSolicitud : new Date(r.fechaSolicitud),
});

/** How a searched page uses the words tables (`palabras.repository.ts`). */
interface PaginaPorPalabras {
  /** The search's guide (`guiaPalabras`), for a page sorted by name. */
  guia?: GuiaPalabras | null;
  /** Every matching id (`idsPorPalabras`), for a date-ordered page of a search with few matches. */
  ids?: SQL;
}

/** Up to this many matches (the count's cap), a date-ordered searched page sorts them all instead of walking dates. */
export const MAX_COINCIDENCIAS_ORDENADAS = 10_000;

/**
 * One page of an inbox (or every matching row when `pagina` is null). `coincidencias`, a search's
 * exact total when the caller has it: a date-ordered page of a search of at most
 * MAX_COINCIDENCIAS_ORDENADAS matches sorts their ids and dates from the words tables' indexes and
 * reads only its own rows, where a walk along the dates reads (rows before the page) × (requests per
 * match) rows: 33,000 for page 50 of a search matching 2,812 of a million requests.
 */
export async function listarBandeja(
  tx: Tx,
  filtro: FiltroBandeja,
  orden: OrdenBandeja,
  pagina: { offset: number; limit: number } | null,
  coincidencias?: number,
): Promise<FilaBandeja[]> {
  const porFecha =
    orden.campo === "fechaSolicitud" && coincidencias !== undefined && coincidencias <= MAX_COINCIDENCIAS_ORDENADAS;
  const guia = pagina && (orden.campo === "nombres" || porFecha) ? await guiaPalabras(tx, filtro) : null;
  const ids = porFecha && guia ? idsPorPalabras(filtro, guia) : undefined;
  return (await filas<FilaLeida>(tx, consultaBandeja(filtro, orden, pagina, undefined, { guia, ids }))).map(aFila);
}

/** Drizzle's internals this file reuses: the query's text and parameters, and a named statement. */
interface Internos {
  dialect: { sqlToQuery(q: SQL): { sql: string; params: unknown[] } };
  session: {
    prepareQuery(
      q: { sql: string; params: unknown[] },
      fields: undefined,
      name: string | undefined,
      arrayMode: false,
    ): { execute(): Promise<unknown> };
  };
}

/** Built queries by their inputs: the same inputs build the same text and parameters. */
const construidas = new Map<string, { sql: string; params: unknown[]; nombre: string }>();
const MAX_CONSTRUIDAS = 500;

/**
 * Rows of an inbox query built once for the same inputs (issue 12: building the text is a tenth of
 * a call's CPU), and with `nombrada`, run as a named prepared statement on PostgreSQL: each
 * connection parses and plans that text once (PGlite ignores the name).
 */
async function filasPreparadas<T>(tx: Tx, clave: string, construir: () => SQL, nombrada: boolean): Promise<T[]> {
  const d = tx as unknown as Internos;
  let q = construidas.get(clave);
  if (!q) {
    const { sql: texto, params } = d.dialect.sqlToQuery(construir());
    q = { sql: texto, params, nombre: `rf_bandeja_${createHash("sha1").update(texto).digest("hex").slice(0, 20)}` };
    if (construidas.size >= MAX_CONSTRUIDAS) construidas.delete(construidas.keys().next().value as string);
    construidas.set(clave, q);
  }
  const r = (await d.session
    .prepareQuery({ sql: q.sql, params: q.params }, undefined, nombrada ? q.nombre : undefined, false)
    .execute()) as { rows: T[] };
  return r.rows;
}

/** True when the total is a sum of counters: no search, no expiry filter (`contarPorTotales`). */
export function cuentaPorTotales(f: FiltroBandeja): boolean {
  return f.busqueda.length === 0 && !f.busquedaSinPalabras && !f.vencimiento;
}

/**
 * A page and, for a list without a search, its total from the counters in the same statement (one
 * round trip instead of two, issue 12). The total rides on every row; an empty page carries none,
 * and then it is counted apart.
 */
export async function listarConTotal(
  tx: Tx,
  filtro: FiltroBandeja,
  orden: OrdenBandeja,
  pagina: { offset: number; limit: number },
): Promise<{ filas: FilaBandeja[]; total: number }> {
  if (!cuentaPorTotales(filtro)) throw new Error("listarConTotal: only lists without a search");
  const rows = await filasPreparadas<FilaLeida & { total: number | string }>(
    tx,
    JSON.stringify([filtro, orden, pagina]),
    () => consultaBandeja(filtro, orden, pagina, sumaTotales(filtro)),
    // First pages (an inbox as it opens, each sort): a few dozen texts, planned once per connection.
    pagina.offset === 0,
  );
  const total = rows.length > 0 ? Number(rows[0].total) : await contarPorTotales(tx, filtro);
  return { filas: rows.map(aFila), total };
}

/**
 * The query behind `listarBandeja`: a page, or with `pagina` null every matching row in order (what
 * an export streams through a cursor, issue 15). Its rows have the `FilaBandeja` fields.
 */
export function consultaBandeja(
  filtro: FiltroBandeja,
  orden: OrdenBandeja,
  pagina: { offset: number; limit: number } | null,
  /** A scalar query whose value every row carries as `total` (`listarConTotal`). */
  total?: SQL,
  /** How a searched page uses the words tables. */
  porPalabras?: PaginaPorPalabras,
): SQL {
  const { sub, orden: ordenExterno } = seleccionPagina(filtro, orden, pagina, porPalabras);
  return sql`select p.id as "idSolicitud", p.estatus as "estatus", p.fecha as "fechaSolicitud",
        p.asignado as "idAsignadoA", ${usuarios.nombre} || ' ' || ${usuarios.apellido} as "asignadoNombre",
        ${instituciones.idInstitucion} as "idInstitucion", ${instituciones.nombre} as "institucion",
        ${incumbentes.cedula} as "cedula", ${incumbentes.nombres} as "nombres", ${incumbentes.apellidos} as "apellidos",
        p.cant as "cantFuncionarios"${total ? sql`, (${total}) as "total"` : sql``}
      from (${sub}) p
      join ${instituciones} on ${instituciones.idInstitucion} = p.institucion
      join ${incumbentes} on ${incumbentes.idIncumbente} = p.incumbente
      left join ${usuarios} on ${usuarios.idUsuario} = p.asignado
      order by ${ordenExterno}`;
}

/** How many rows the inbox holds under these filters (on `solicitudes` alone). */
export async function contarBandeja(tx: Tx, filtro: FiltroBandeja): Promise<number> {
  if (cuentaPorTotales(filtro)) {
    return contarPorTotales(tx, filtro);
  }
  const guia = await guiaPalabras(tx, filtro);
  return guia ? contarPorPalabras(tx, filtro, guia, null) : contarFilas(tx, filtro);
}

/** The plain count: every matching row of `solicitudes` (searches; the reference of the tests). */
export async function contarFilas(tx: Tx, filtro: FiltroBandeja): Promise<number> {
  const [fila] = await filas<{ n: number }>(tx, sql`select count(*)::int as n from ${solicitudes} ${DONDE(filtro)}`);
  return Number(fila.n);
}

/**
 * A search's total up to a cap (issue 12): at most `tope + 1` matching rows are read, so a search
 * matching half the registry costs what one matching a few thousand does. Answers the exact count
 * when it is at most `tope`, and `tope + 1` otherwise ("more than `tope`").
 */
export async function contarHasta(tx: Tx, filtro: FiltroBandeja, tope: number): Promise<number> {
  const guia = await guiaPalabras(tx, filtro);
  if (guia) return contarPorPalabras(tx, filtro, guia, tope);
  const [fila] = await filas<{ n: number }>(
    tx,
    sql`select count(*)::int as n from (select 1 from ${solicitudes} ${DONDE(filtro)} limit ${tope + 1}) c`,
  );
  return Number(fila.n);
}

/**
 * Without a search, every filter is a column of the totals table (migration 0006): the count is a
 * sum of a few counters, whatever the size of the registry.
 */
export async function contarPorTotales(tx: Tx, f: FiltroBandeja): Promise<number> {
  const [fila] = await filas<{ n: number | string }>(tx, sql`select ${sumaTotales(f)} as n`);
  return Number(fila.n);
}

/** Requests per status, from the counters (migration 0006). */
export async function repartoPorEstatus(tx: Tx): Promise<Map<number, number>> {
  const rows = await filas<{ estatus: number; n: number | string }>(
    tx,
    sql`select ${solicitudesTotales.estatus} as estatus, sum(${solicitudesTotales.n}) as n from ${solicitudesTotales} group by 1`,
  );
  return new Map(rows.map((r) => [Number(r.estatus), Number(r.n)]));
}

/** The sum of the counters that make up the total of these filters (a scalar subquery). */
function sumaTotales(f: FiltroBandeja): SQL {
  const t = solicitudesTotales;
  const donde = and(
    f.estatus ? inArray(t.estatus, [...f.estatus]) : undefined,
    f.decididoJuridico ? eq(t.decididoJuridico, true) : undefined,
    f.idInstitucionAlcance !== null ? eq(t.idInstitucion, f.idInstitucionAlcance) : undefined,
    f.institucion !== undefined ? eq(t.idInstitucion, f.institucion) : undefined,
    f.estatusFiltro !== undefined ? eq(t.estatus, f.estatusFiltro) : undefined,
  );
  return sql`(select coalesce(sum(${t.n}), 0)::bigint from ${t} ${donde ? sql`where ${donde}` : sql``})`;
}
