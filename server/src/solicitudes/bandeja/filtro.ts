/**
 * An inbox's filter and order, and the one predicate builder that writes the filter on every table
 * the inbox reads: the requests (`solicitudes`), the counters (`solicitudes_totales`), and the
 * words and pairs tables of name searches (`solicitudes_palabras`, `solicitudes_pares`). Each table
 * says how it holds each filter's column (`Tabla`); a filter a table cannot answer is a planner
 * error, never a silent match.
 *
 * Longer than 300 lines: one builder for every table the inbox reads (the officials' words table
 * included); split by table, each part would repeat the filter's cases.
 */
import { CODIGOS_ESTATUS, ESTATUS, ESTATUS_FUNCIONARIO } from "@registro/contracts";
import { and, eq, or, type SQL, sql } from "drizzle-orm";
import { PLEGAR_DESDE, PLEGAR_HACIA, solicitudes, solicitudesTotales } from "../../db/schema.js";

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
  /** Institutions whose name contains the word. */
  instituciones: readonly number[];
  /** Statuses whose text (server or display) contains the word. */
  estatus: readonly CoincidenciaEstatus[];
  /** A number typed alone may also be the request's number ("46" finds request 46). */
  solicitud?: number;
  /**
   * Only the person a words-table row stands for (the rest of a term whose guide word that row
   * holds): never another official's words.
   */
  soloPersonaDeLaFila?: true;
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
  /**
   * The search also finds a request by one of its officials (every inbox, issue 35): a term's
   * words may instead all start words of one official's names or cédula.
   */
  buscarFuncionarios?: boolean;
  /** A search with no letters or digits in it: nothing matches. */
  busquedaSinPalabras?: boolean;
  /** Only requests with an active temporary official ending in [desde, hasta] ("Por vencer", "Vencidas"). */
  vencimiento?: { desde: string | null; hasta: string };
  /** "Mis asignadas": only the requests this user holds. */
  asignadoA?: number;
  /** Only requests waiting in a reviewer's stage they entered before this instant (ISO). */
  enEsperaDesdeAntes?: string;
  /**
   * A hint, never a filter: the inbox's statuses hold a large share of all requests, so one walk of
   * the date index fills a page at once and is cheaper to plan than a branch per status.
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
  | "idSolicitud"
  | "diasEspera";

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

/** Rows `offset` to `offset + limit` of the ordered inbox. */
export interface Pagina {
  offset: number;
  limit: number;
}

/** The same folding as `plegar` in SQL, for the words the user typed. */
const MAPA_PLIEGUE = new Map([...PLEGAR_DESDE].map((c, i) => [c, PLEGAR_HACIA[i]]));
export function normalizarTexto(texto: string): string {
  return [...texto.toLowerCase()].map((c) => MAPA_PLIEGUE.get(c) ?? c).join("");
}

/** True when the total is a sum of counters: no search, no expiry filter. */
export function cuentaPorTotales(f: FiltroBandeja): boolean {
  return (
    f.busqueda.length === 0 &&
    !f.busquedaSinPalabras &&
    !f.vencimiento &&
    f.asignadoA === undefined &&
    f.enEsperaDesdeAntes === undefined
  );
}

/**
 * The request's open stay in a reviewer's stage (analyst 1, legal 2, administrator 3: migration
 * 0011's `solicitudes_etapas`), as a condition on a row `e` of that table: one per request at
 * most (its unique index on open stays).
 */
export const ETAPA_DE_REVISION = (e: string) =>
  sql`${sql.raw(e)}.salida is null and ${sql.raw(e)}.etapa between 1 and 3`;

/** The inbox's statuses after the status filter. */
export const codigosBandeja = (f: FiltroBandeja): number[] =>
  CODIGOS_ESTATUS.filter(
    (c) => (!f.estatus || f.estatus.includes(c)) && (f.estatusFiltro === undefined || f.estatusFiltro === c),
  );

/** A list of values as parameters: `$1, $2, …`. */
export const lista = (valores: readonly (number | string)[]) =>
  sql.join(
    valores.map((v) => sql`${v}`),
    sql`, `,
  );

/** `columna in (…)`; an empty list matches nothing. */
const enLista = (columna: SQL, valores: readonly number[]) =>
  valores.length > 0 ? sql`${columna} in (${lista(valores)})` : sql`false`;

/** How one table holds the columns the filter reads. */
export interface Tabla {
  /** For error messages. */
  nombre: string;
  /** The request's number; absent: the table has none. */
  id?: SQL;
  estatus: SQL;
  /** "Legal has decided on it", as a condition. */
  decidido: SQL;
  institucion: SQL;
  /**
   * List the inbox's statuses after the status filter, always (an empty list matches nothing), so
   * that they bound the table's index; otherwise the inbox's list and the filter are written apart.
   */
  estatusAcotado: boolean;
  /** Held by someone (true) or by no one (false); absent: the table cannot tell. */
  asignado?: (si: boolean) => SQL;
  /** Who holds it; absent: the table does not say. */
  asignadoA?: SQL;
  /** Waiting in a reviewer's stage entered before an instant; absent: the table cannot answer it. */
  enEspera?: (antes: string) => SQL;
  /** Every word starts a word of the request's incumbent; absent: the table has no words. */
  palabras?: (palabras: readonly string[]) => SQL;
  /** Every word starts a word of one of the request's officials; absent: the table cannot tell. */
  funcionarios?: (palabras: readonly string[]) => SQL;
  /** The expiry filter; absent: the table cannot answer it. */
  vencimiento?: (v: NonNullable<FiltroBandeja["vencimiento"]>) => SQL;
  /**
   * A cédula (digits only) of the incumbent or of an official, as the requests the two GIN indexes
   * name, united: the few matches drive the query instead of a walk checking every request.
   */
  cedulaPorIds?: (palabras: readonly string[]) => SQL;
}

/** The words typed, each a prefix, all required: the text-search query of the folded words. */
const consultaPrefijos = (ws: readonly string[]) =>
  sql`to_tsquery('simple'::regconfig, ${ws.map((p) => `${p}:*`).join(" & ")})`;

/** The first text after every text that starts with `p` (the words are ASCII letters and digits). */
export const siguiente = (p: string) => p.slice(0, -1) + String.fromCharCode(p.charCodeAt(p.length - 1) + 1);

/**
 * Every word starts a word of one of the request (`id`)'s officials. With a word holding a letter:
 * the officials' words table (migration 0033) looked up by request and that word's range, its
 * primary key's first two columns (an index-only probe; issue 40), the other words on the row's
 * own words (`palabras`: every word of that official, digits too). Digits only (cédula pieces, which
 * that table does not hold): the officials' GIN index (migration 0027).
 */
export const deFuncionario =
  (id: SQL, porFila = false) =>
  (ws: readonly string[]) => {
    const guia = ws
      .filter((w) => /[a-z]/.test(w))
      .reduce<string | undefined>((a, w) => (a === undefined || w.length > a.length ? w : a), undefined);
    if (guia === undefined) {
      return sql`exists (select 1 from funcionarios fb where fb.id_solicitud = ${id} and fb.busqueda @@ ${consultaPrefijos(ws)})`;
    }
    const otras = ws.filter((w) => w !== guia);
    // `offset 0` keeps the probe per row: PostgreSQL would otherwise hash every official under the
    // word first (250,000 index entries for "nunez" at 1M, 150–300 ms) for a walk that stops after a
    // page's few hundred rows (issue 40).
    return sql`exists (select 1 from funcionarios_palabras fw where ${and(
      sql`fw.id_solicitud = ${id} and fw.palabra >= ${guia} and fw.palabra < ${siguiente(guia)}`,
      ...otras.map((w) => sql`strpos(fw.palabras, ${` ${w}`}) > 0`),
    )}${porFila ? sql` offset 0` : sql``})`;
  };

/**
 * The requests: the search through their words' text-search column (GIN), the officials' as
 * `deFuncionario` says (digits only: the matching officials' requests hashed once from their GIN
 * index), the expiry as a subquery.
 */
export const SOLICITUDES: Tabla = {
  nombre: "solicitudes",
  id: sql`${solicitudes.idSolicitud}`,
  estatus: sql`${solicitudes.estatus}`,
  decidido: eq(solicitudes.decididoJuridico, true),
  institucion: sql`${solicitudes.idInstitucion}`,
  estatusAcotado: false,
  asignado: (si) => (si ? sql`${solicitudes.asignadoA} is not null` : sql`${solicitudes.asignadoA} is null`),
  asignadoA: sql`${solicitudes.asignadoA}`,
  enEspera: (antes) => sql`exists (select 1 from solicitudes_etapas ee
    where ee.id_solicitud = "solicitudes"."id_solicitud" and ${ETAPA_DE_REVISION("ee")} and ee.entrada < ${antes}::timestamptz)`,
  palabras: (ws) => sql`${solicitudes.busqueda} @@ ${consultaPrefijos(ws)}`,
  // A cédula of an official that matches nothing cost 5–15 s at 1M along the date walk (issue 40).
  // An array, read once: the primary key then reads those rows (a join would be sized from the
  // prefix's poor estimate and scan the table).
  // The longest piece alone through the index (a short one, "001", names half the registry), the
  // others checked on the rows it finds.
  cedulaPorIds: (ws) => {
    const larga = ws.reduce((a, w) => (w.length > a.length ? w : a));
    const resto = (t: string) => sql`coalesce(${sql.raw(t)}.busqueda @@ ${consultaPrefijos(ws)}, false)`;
    return sql`${solicitudes.idSolicitud} = any(array(
      select sc.id_solicitud from solicitudes sc where sc.busqueda @@ ${consultaPrefijos([larga])} and ${resto("sc")}
      union select fc.id_solicitud from funcionarios fc where fc.busqueda @@ ${consultaPrefijos([larga])} and ${resto("fc")}))`;
  },
  // Digits only (cédula pieces): the few matching officials' requests hashed once from the GIN index;
  // a walk of the dates would otherwise probe every request's officials (8–15 s at 1M, issue 40).
  funcionarios: (ws) =>
    ws.some((w) => /[a-z]/.test(w))
      ? deFuncionario(sql`"solicitudes"."id_solicitud"`)(ws)
      : sql`${solicitudes.idSolicitud} in (select fb.id_solicitud from funcionarios fb where fb.busqueda @@ ${consultaPrefijos(ws)})`,
  // An active temporary official of a live request ends within the dates: contracts' estadoFirma
  // "Por vencer" (its validity begun by `desde`, today) or "Vencida" (test/solicitudes/bandeja-vencimiento).
  vencimiento: (v) => sql`${solicitudes.estatus} not in (${ESTATUS.INACTIVADO}, ${ESTATUS.ANULADA}) and exists (
    select 1 from funcionarios fv
    where fv.id_solicitud = "solicitudes"."id_solicitud" and fv.id_estatus = ${ESTATUS_FUNCIONARIO.ACTIVO}
      and fv.firma_vigencia and fv.fecha_hasta <= ${v.hasta}::date
      ${
        v.desde === null
          ? sql``
          : sql`and fv.fecha_hasta >= ${v.desde}::date and (fv.fecha_desde is null or fv.fecha_desde <= ${v.desde}::date)`
      })`,
};

/**
 * The requests as a page's walk along an index reads them (it stops once the page is full): an
 * official's word is probed per row, never hashed for every official first.
 */
export const SOLICITUDES_RECORRIDO: Tabla = {
  ...SOLICITUDES,
  funcionarios: (ws) =>
    ws.some((w) => /[a-z]/.test(w))
      ? deFuncionario(sql`"solicitudes"."id_solicitud"`, true)(ws)
      : (SOLICITUDES.funcionarios as NonNullable<Tabla["funcionarios"]>)(ws),
};

/** The counters (status × institution × legal-decided): every filter but the search and the expiry. */
export const TOTALES: Tabla = {
  nombre: "solicitudes_totales",
  estatus: sql`${solicitudesTotales.estatus}`,
  decidido: eq(solicitudesTotales.decididoJuridico, true),
  institucion: sql`${solicitudesTotales.idInstitucion}`,
  estatusAcotado: false,
};

/**
 * A row `a` of the words or the pairs table (both copy the request's filter columns beside its
 * incumbent's words, `palabras`: ' word word …'); a word is checked with strpos, cheaper than like.
 * The officials' words table (migration 0033) holds the incumbent's words in `incumbente`.
 */
export const filaDePalabras = (a: string, incumbente = "palabras"): Tabla => {
  const t = sql.raw(a);
  const palabrasIncumbente = sql.raw(`${a}.${incumbente}`);
  return {
    nombre: a,
    id: sql`${t}.id_solicitud`,
    estatus: sql`${t}.estatus`,
    decidido: sql`${t}.decidido_juridico`,
    institucion: sql`${t}.id_institucion`,
    estatusAcotado: true,
    asignado: (si) => (si ? sql`${t}.asignado` : sql`not ${t}.asignado`),
    palabras: (ws) => and(...ws.map((w) => sql`strpos(${palabrasIncumbente}, ${` ${w}`}) > 0`)) as SQL,
    funcionarios: deFuncionario(sql`${t}.id_solicitud`, true),
  };
};

function falta(tabla: Tabla, que: string): never {
  throw new Error(`${tabla.nombre} cannot be filtered by ${que}`);
}

/** A status match on the table (an empty list matches nothing). */
export function condicionEstatus(c: CoincidenciaEstatus, tabla: Tabla): SQL {
  const porCodigo = enLista(tabla.estatus, c.codigos);
  if (c.asignado === undefined) return porCodigo;
  const asignado = tabla.asignado ?? falta(tabla, "holder");
  return sql`(${porCodigo} and ${asignado(c.asignado)})`;
}

/**
 * One term: the integer comparisons first (an institution or status the word names), then its
 * words. Institutions and statuses come resolved, so each alternative is an index condition and
 * the planner can combine them (BitmapOr) or check them row by row.
 */
/** From this many digits on, a typed number names few people: their requests drive the page. */
export const MIN_DIGITOS_POR_IDS = 5;

/** A term of digits only (a cédula or a long piece of one) that names no institution, status or request. */
const esPiezaDeCedula = (t: TerminoBusqueda) =>
  t.palabras.every((w) => /^[0-9]+$/.test(w)) &&
  t.palabras.some((w) => w.length >= MIN_DIGITOS_POR_IDS) &&
  t.instituciones.length === 0 &&
  t.estatus.length === 0 &&
  t.solicitud === undefined;

export function condicionTermino(t: TerminoBusqueda, tabla: Tabla, conFuncionarios = false): SQL | undefined {
  const palabras = tabla.palabras ?? falta(tabla, "search words");
  const funcionarios =
    conFuncionarios && t.palabras.length > 0 && !t.soloPersonaDeLaFila
      ? (tabla.funcionarios ?? falta(tabla, "officials"))
      : null;
  if (funcionarios && tabla.cedulaPorIds && esPiezaDeCedula(t)) return tabla.cedulaPorIds(t.palabras);
  return or(
    t.solicitud !== undefined ? sql`${tabla.id ?? falta(tabla, "request number")} = ${t.solicitud}` : undefined,
    t.instituciones.length > 0 ? sql`${tabla.institucion} in (${lista(t.instituciones)})` : undefined,
    ...t.estatus.map((c) => condicionEstatus(c, tabla)),
    t.palabras.length > 0 ? palabras(t.palabras) : undefined,
    funcionarios ? funcionarios(t.palabras) : undefined,
  );
}

export interface OpcionesPredicado {
  /** The terms to check (a words-table scan leaves out what its index range stands for); default every term. */
  busqueda?: readonly TerminoBusqueda[];
  /** With `estatusAcotado`: these statuses instead of the inbox's (a part of a count split by status). */
  codigos?: readonly number[];
}

/** The filter on one table, as one condition (undefined: no condition at all). */
export function predicado(f: FiltroBandeja, tabla: Tabla, opciones: OpcionesPredicado = {}): SQL | undefined {
  const codigos = opciones.codigos ?? codigosBandeja(f);
  const busqueda = opciones.busqueda ?? f.busqueda;
  return and(
    ...(tabla.estatusAcotado
      ? [enLista(tabla.estatus, codigos)]
      : [
          f.estatus ? enLista(tabla.estatus, f.estatus) : undefined,
          f.estatusFiltro !== undefined ? sql`${tabla.estatus} = ${f.estatusFiltro}` : undefined,
        ]),
    f.decididoJuridico ? tabla.decidido : undefined,
    f.idInstitucionAlcance !== null ? sql`${tabla.institucion} = ${f.idInstitucionAlcance}` : undefined,
    f.institucion !== undefined ? sql`${tabla.institucion} = ${f.institucion}` : undefined,
    f.asignadoA !== undefined ? sql`${tabla.asignadoA ?? falta(tabla, "holder")} = ${f.asignadoA}` : undefined,
    f.enEsperaDesdeAntes !== undefined ? (tabla.enEspera ?? falta(tabla, "waiting"))(f.enEsperaDesdeAntes) : undefined,
    ...busqueda.map((t) => condicionTermino(t, tabla, f.buscarFuncionarios)),
    f.busquedaSinPalabras ? sql`false` : undefined,
    f.vencimiento ? (tabla.vencimiento ?? falta(tabla, "expiry"))(f.vencimiento) : undefined,
  );
}

/** `where …` of the filter on the table, or nothing. */
export function donde(f: FiltroBandeja, tabla: Tabla, opciones?: OpcionesPredicado): SQL {
  const c = predicado(f, tabla, opciones);
  return c ? sql`where ${c}` : sql``;
}
