/**
 * The SQL of every path the planner chooses (`planificador.ts`): one builder per shape of a page
 * (`Forma`) and per way of counting (`Conteo`). Filtering, sorting and paging all happen in SQL, on
 * indexes, so a page costs the same with a million requests as with ten:
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
 *   cap;
 * - a search by name is counted, and sorted by name, through the words table (`palabras.ts`,
 *   migration 0013) instead of the GIN index, which answers a common word with a bitmap of every
 *   request it names before reading one.
 * The text of each path is kept in `queries/*.sql` (checked by a test), so that a change to a path
 * shows as an SQL diff.
 */
import { and, type SQL, sql } from "drizzle-orm";
import { entero } from "../../db/filas.js";
import { incumbentes, instituciones, solicitudes, solicitudesTotales, usuarios } from "../../db/schema.js";
import {
  donde,
  ETAPA_DE_REVISION,
  type FiltroBandeja,
  type Pagina,
  predicado,
  SOLICITUDES,
  SOLICITUDES_RECORRIDO,
  TOTALES,
} from "./filtro.js";
import { consultaContarPorPalabras, idsPorPalabras, paginaPorNombre } from "./palabras.js";
import type { Conteo, Cursor, Lectura } from "./planificador.js";

const COLUMNAS = sql`${solicitudes.idSolicitud} as id, ${solicitudes.estatus} as estatus,
  ${solicitudes.fechaSolicitud} as fecha, ${solicitudes.asignadoA} as asignado,
  ${solicitudes.idInstitucion} as institucion, ${solicitudes.idIncumbente} as incumbente,
  ${solicitudes.cantFuncionarios} as cant`;

/**
 * The rows after a keyset page's cursor in the date order (`desc`: older, or as old with a smaller
 * number); the date alone first, so that the date index bounds the walk.
 */
function despuesDe(c: Cursor | undefined, fecha: SQL, id: SQL, desc: boolean): SQL | undefined {
  if (c === undefined) return undefined;
  return desc
    ? sql`${fecha} <= ${c.fecha}::timestamptz and (${fecha}, ${id}) < (${c.fecha}::timestamptz, ${c.idSolicitud})`
    : sql`${fecha} >= ${c.fecha}::timestamptz and (${fecha}, ${id}) > (${c.fecha}::timestamptz, ${c.idSolicitud})`;
}

/** The ids of a page with their sort keys (`k1`, `k2`), and the order the outer query gives them. */
interface Seleccion {
  sub: SQL;
  orden: SQL;
}

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
  pagina: Pagina | null,
  orden: { dentro: SQL; fuera: SQL },
  despues?: SQL,
  porFecha = false,
): Seleccion {
  const porValor = pagina ? sql`limit ${entero(pagina.offset + pagina.limit)}` : sql``;
  const limite = pagina ? sql`limit ${entero(pagina.limit)} offset ${entero(pagina.offset)}` : sql``;
  // The legal history's statuses through the (decided status, date) index (migration 0006): its
  // statistics know that a status has almost no decided requests, where the partial index's do not
  // and the planner would walk every request of that status.
  const valor =
    columna === solicitudes.estatus && f.decididoJuridico
      ? sql`(case when ${solicitudes.decididoJuridico} then ${solicitudes.estatus} end)`
      : sql`${columna}`;
  // A page merged by date alone (`porFecha`): each branch in its index's order, as many rows as the
  // page needs and those as old as the last (`with ties`), so that the merge reads each branch only
  // as far as the page takes from it; the outer order puts the requests of one instant by number.
  // Sorted by (date, number) inside, a branch would read all its rows before the merge took one: a
  // search's page walked twice the requests it needed (issue 40).
  const ordenRama =
    porFecha && pagina
      ? sql`order by ${solicitudes.fechaSolicitud} ${dirFecha} fetch first ${entero(pagina.offset + pagina.limit)} rows with ties`
      : sql`order by ${solicitudes.fechaSolicitud} ${dirFecha}, ${solicitudes.idSolicitud} ${dirFecha} ${porValor}`;
  const rama = (clave: SQL, rango: SQL) =>
    sql`select ${COLUMNAS}, ${rango} as k1, null::int as k2 from ${solicitudes}
      where ${and(sql`${valor} = ${clave}`, predicado(f, pagina ? SOLICITUDES_RECORRIDO : SOLICITUDES), despues)}
      ${ordenRama}`;
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

/** The ids of one page (or of every matching row), in the shape the planner chose. */
function seleccion({ forma, filtro: f, orden: o, pagina, despues }: Lectura): Seleccion {
  const desc = (o.sentido === 1) === Boolean(o.invertido);
  const dir = sql.raw(desc ? "desc" : "asc");
  const fs = solicitudes.fechaSolicitud;
  const tras = (fecha: SQL, id: SQL) => despuesDe(despues, fecha, id, desc);
  // A page's walk stops once it is full: officials probed per row, and a keyset page starts at its cursor.
  const enLaPagina = () => {
    const c = and(predicado(f, SOLICITUDES_RECORRIDO), tras(sql`${fs}`, sql`${solicitudes.idSolicitud}`));
    return c ? sql`where ${c}` : sql``;
  };
  if (despues && !["fecha", "fechaPorEstatus", "fechaCoincidencias"].includes(forma.forma)) {
    throw new Error(`a keyset page is read in date order, not ${forma.forma}`);
  }
  // Sorts by a status or an institution show each one's newest requests first, whatever `sentido`.
  const dirFecha = sql.raw(o.invertido ? "asc" : "desc");
  const limite = pagina ? sql`limit ${entero(pagina.limit)} offset ${entero(pagina.offset)}` : sql``;
  const where = donde(f, SOLICITUDES);
  const simple = (claves: SQL, k1: SQL, k2: SQL, orden: SQL): Seleccion => ({
    sub: sql`select ${COLUMNAS}, ${k1} as k1, ${k2} as k2 from ${solicitudes} ${claves} ${where} order by ${orden} ${limite}`,
    orden: sql`p.k1 ${dir}, p.k2 ${dir}, p.id ${dir}`,
  });
  switch (forma.forma) {
    case "fechaCoincidencias":
      return {
        sub: sql`select ${COLUMNAS}, null::int as k1, null::int as k2 from ${solicitudes}
          where ${solicitudes.idSolicitud} in (select u.id from (${idsPorPalabras(f, forma.guia)}) u
            ${despues ? sql`where ${tras(sql`u.fecha`, sql`u.id`)}` : sql``}
            order by u.fecha ${dir}, u.id ${dir} ${limite})`,
        orden: sql`p.fecha ${dir}, p.id ${dir}`,
      };
    case "fechaPorEstatus":
      return recorrer(
        f,
        { valores: forma.codigos.map((c) => [c, 0]) },
        solicitudes.estatus,
        dir,
        pagina,
        { dentro: sql`x.fecha ${dir}, x.id ${dir}`, fuera: sql`p.fecha ${dir}, p.id ${dir}` },
        tras(sql`${fs}`, sql`${solicitudes.idSolicitud}`),
        true,
      );
    case "fecha":
      return {
        sub: sql`select ${COLUMNAS}, null::int as k1, null::int as k2 from ${solicitudes}
          ${pagina ? enLaPagina() : where}
          order by ${solicitudes.fechaSolicitud} ${dir}, ${solicitudes.idSolicitud} ${dir} ${limite}`,
        orden: sql`p.fecha ${dir}, p.id ${dir}`,
      };
    case "id":
      return {
        sub: sql`select ${COLUMNAS}, null::int as k1, null::int as k2 from ${solicitudes} ${where}
          order by ${solicitudes.idSolicitud} ${dir} ${limite}`,
        orden: sql`p.id ${dir}`,
      };
    case "nombrePorPalabras":
      if (!pagina) throw new Error("a page sorted through the words table needs a page");
      return {
        sub: paginaPorNombre(f, forma.guia, COLUMNAS, dir, pagina),
        orden: sql`p.k1 ${dir}, p.k2 ${dir}, p.id ${dir}`,
      };
    case "incumbente": {
      const [k1, k2] =
        o.campo === "cedula"
          ? [sql`${incumbentes.cedula}`, sql`null::text`]
          : [sql`${incumbentes.nombres}`, sql`${incumbentes.apellidos}`];
      const join = sql`join ${incumbentes} on ${incumbentes.idIncumbente} = ${solicitudes.idIncumbente}`;
      return simple(join, k1, k2, sql`${k1} ${dir}, ${k2} ${dir}, ${solicitudes.idSolicitud} ${dir}`);
    }
    case "cantidad": {
      const n = sql`${solicitudes.cantFuncionarios}`;
      return simple(sql``, n, sql`null::int`, sql`${n} ${dir}, ${solicitudes.idSolicitud} ${dir}`);
    }
    case "espera": {
      // More days waiting is an earlier entry; a request waiting in no reviewer's stage counts as
      // the least waiting (its entry as "infinity"), so the order is total and reads the same reversed.
      const entrada = sql`coalesce(e.entrada, 'infinity'::timestamptz)`;
      const inverso = sql.raw((o.sentido === 1) !== Boolean(o.invertido) ? "desc" : "asc");
      return {
        sub: sql`select ${COLUMNAS}, ${entrada} as k1, null::int as k2 from ${solicitudes}
          left join solicitudes_etapas e on e.id_solicitud = ${solicitudes.idSolicitud} and ${ETAPA_DE_REVISION("e")}
          ${where} order by ${entrada} ${inverso}, ${solicitudes.idSolicitud} ${inverso} ${limite}`,
        orden: sql`p.k1 ${inverso}, p.id ${inverso}`,
      };
    }
    case "institucionBuscada":
      return {
        sub: sql`select ${COLUMNAS}, ${instituciones.nombre} as k1, null::int as k2 from ${solicitudes}
          join ${instituciones} on ${instituciones.idInstitucion} = ${solicitudes.idInstitucion} ${where}
          order by ${instituciones.nombre} ${dir}, ${solicitudes.idInstitucion} ${dir},
            ${solicitudes.fechaSolicitud} ${dirFecha}, ${solicitudes.idSolicitud} ${dirFecha} ${limite}`,
        orden: sql`p.k1 ${dir}, p.institucion ${dir}, p.fecha ${dirFecha}, p.id ${dirFecha}`,
      };
    case "recorridoEstatus":
    case "recorridoInstitucion": {
      // Walk the dimension in order; each value's requests come newest first from its index.
      const dimension: Dimension =
        forma.forma === "recorridoEstatus"
          ? { valores: forma.valores }
          : {
              consulta: sql`(select ${instituciones.idInstitucion} as clave,
                 row_number() over (order by ${instituciones.nombre}, ${instituciones.idInstitucion}) as rango
               from ${instituciones}) as d`,
            };
      const columna = forma.forma === "recorridoEstatus" ? solicitudes.estatus : solicitudes.idInstitucion;
      return recorrer(f, dimension, columna, dirFecha, pagina, {
        dentro: sql`x.k1 ${dir}, x.fecha ${dirFecha}, x.id ${dirFecha}`,
        fuera: sql`p.k1 ${dir}, p.fecha ${dirFecha}, p.id ${dirFecha}`,
      });
    }
  }
}

/**
 * A page's query (or with `pagina` null every matching row in order, the reference of an export's
 * keyset batches). Its rows have the `FilaBandeja` fields; with `total`, a scalar query, each row carries
 * its value as `total`.
 */
export function consultaLectura(lectura: Lectura, total?: SQL): SQL {
  const { sub, orden } = seleccion(lectura);
  return sql`select p.id as "idSolicitud", p.estatus as "estatus", p.fecha as "fechaSolicitud",
        p.asignado as "idAsignadoA", ${usuarios.nombre} || ' ' || ${usuarios.apellido} as "asignadoNombre",
        ${instituciones.idInstitucion} as "idInstitucion", ${instituciones.nombre} as "institucion",
        ${incumbentes.cedula} as "cedula", ${incumbentes.nombres} as "nombres", ${incumbentes.apellidos} as "apellidos",
        p.cant as "cantFuncionarios", ee.entrada as "entradaEtapa"${total ? sql`, (${total}) as "total"` : sql``}
      from (${sub}) p
      join ${instituciones} on ${instituciones.idInstitucion} = p.institucion
      join ${incumbentes} on ${incumbentes.idIncumbente} = p.incumbente
      left join ${usuarios} on ${usuarios.idUsuario} = p.asignado
      left join solicitudes_etapas ee on ee.id_solicitud = p.id and ${ETAPA_DE_REVISION("ee")}
      order by ${orden}`;
}

/** The sum of the counters that make up the total of a filter without a search (a scalar subquery). */
export function sumaTotales(f: FiltroBandeja): SQL {
  const t = solicitudesTotales;
  return sql`(select coalesce(sum(${t.n}), 0)::bigint from ${t} ${donde(f, TOTALES)})`;
}

/** The plain count (`n`): every matching row of `solicitudes`, up to `tope + 1` unless null. */
export function consultaContarFilas(f: FiltroBandeja, tope: number | null): SQL {
  return tope === null
    ? sql`select count(*)::int as n from ${solicitudes} ${donde(f, SOLICITUDES)}`
    : sql`select count(*)::int as n from (select 1 from ${solicitudes} ${donde(f, SOLICITUDES)} limit ${tope + 1}) c`;
}

/** The query of a count (`n`). */
export function consultaConteo(f: FiltroBandeja, conteo: Conteo): SQL {
  switch (conteo.como) {
    case "totales":
      return sql`select ${sumaTotales(f)} as n`;
    case "palabras":
      return consultaContarPorPalabras(f, conteo.guia, conteo.tope);
    case "filas":
      return consultaContarFilas(f, conteo.tope);
  }
}

/** Requests per status, from the counters. */
export const consultaRepartoPorEstatus = () =>
  sql`select ${solicitudesTotales.estatus} as estatus, sum(${solicitudesTotales.n}) as n from ${solicitudesTotales} group by 1`;
