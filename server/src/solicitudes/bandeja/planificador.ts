/**
 * Which path answers an inbox call: a pure function of the filter, the order, the page, the
 * search-count cap and what has been read so far (`Hechos`: the search's guide words, the total).
 * The caller (`bandeja.service.ts`) runs the step it is given and asks again, until the step is
 * the page itself. Every decision about the shape of the queries is here, and only here; the SQL of
 * each path is in `consultas.ts` and `palabras.ts`.
 *
 * The order of steps, and why:
 * - every matching row (an export, an unpaged call): one plain ordered query;
 * - a shallow page without a search: the page and its total from the counters in one statement;
 * - a search whose guide word is known (`elegirGuia`): its vocabularies first, then everything else
 *   uses them (the count through the words tables, a page sorted by name, the sorted matches);
 * - a shallow page in date order of a search: the total first, so that a search of up to
 *   MAX_COINCIDENCIAS_ORDENADAS matches is read from the words tables' indexes and sorted rather
 *   than walked along the dates (a walk reads rows before the page × requests per match);
 * - any other shallow page: the page and the total side by side;
 * - a deep page: the total first; past the middle, the page is read from the other end, so the
 *   last page of a large inbox costs what its first does; a capped total says the page is well
 *   inside: read it forward.
 */
import { CATALOGO_ESTATUS, CODIGOS_ESTATUS } from "@registro/contracts";
import { cuentaPorTotales, type FiltroBandeja, type OrdenBandeja, type Pagina } from "./filtro.js";
import { type EleccionGuia, elegirGuia, type GuiaPalabras } from "./palabras.js";

/** From this row on, a page is a deep one: the count comes first, to read it from the nearer end. */
export const PAGINA_PROFUNDA = 1000;
/** Up to this many matches (the count's cap), a date-ordered searched page sorts them all instead of walking dates. */
export const MAX_COINCIDENCIAS_ORDENADAS = 10_000;
/** Above this many rows per value, walking a dimension costs more than one scan. */
export const MAX_POR_VALOR = 1000;

/** A page's total: exact, or for a search matching more than the cap, the cap and the flag. */
export interface Total {
  totalRecords: number;
  totalLimitado?: true;
}

/** How a total is counted. */
export type Conteo =
  /** A sum of the counters (no search, no expiry filter). */
  | { como: "totales" }
  /** The words (and pairs) tables' index ranges, up to `tope + 1` rows (all with null). */
  | { como: "palabras"; guia: GuiaPalabras; tope: number | null }
  /** The matching rows of `solicitudes`, up to `tope + 1` (all with null). */
  | { como: "filas"; tope: number | null };

// Sorting by status follows the text the user reads: the codes ranked by their text.
const ESTATUS_POR_TEXTO = [...CODIGOS_ESTATUS].sort((a, b) =>
  CATALOGO_ESTATUS[a].estatus.localeCompare(CATALOGO_ESTATUS[b].estatus, "es"),
);

/** How the rows of a page (or every matching row) are chosen: one SQL builder each (`consultas.ts`). */
export type Forma =
  /** Along the date index (the planner may drive it from the search index instead). */
  | { forma: "fecha" }
  /** An inbox of a few statuses: each status' newest requests through its (status, date) index, merged. */
  | { forma: "fechaPorEstatus"; codigos: readonly number[] }
  /** A search's few thousand matches with their dates from the words tables, sorted; only the page's rows read. */
  | { forma: "fechaCoincidencias"; guia: GuiaPalabras }
  | { forma: "id" }
  /** By the incumbent's cédula or names: a join, sorted. */
  | { forma: "incumbente" }
  /** A search sorted by name: each vocabulary word's requests in name order (the words table), merged. */
  | { forma: "nombrePorPalabras"; guia: GuiaPalabras & { vocabulario: string[] } }
  | { forma: "cantidad" }
  /** By days waiting: the open stay in a reviewer's stage joined, sorted by when it began. */
  | { forma: "espera" }
  /** A search sorted by institution: what the search found, sorted (beats walking dozens of institutions). */
  | { forma: "institucionBuscada" }
  /** Sorted by status: the statuses the filters let through, each one's newest requests from its index. */
  | { forma: "recorridoEstatus"; valores: readonly (readonly [number, number])[] }
  /** Sorted by institution: each institution, in name order, its newest requests from its index. */
  | { forma: "recorridoInstitucion" };

/** A row of the date order: a keyset page starts after it. */
export interface Cursor {
  /** Its request date (ISO). */
  fecha: string;
  idSolicitud: number;
}

/** A query of rows: its shape, and what it reads. */
export interface Lectura {
  forma: Forma;
  filtro: FiltroBandeja;
  orden: OrdenBandeja;
  pagina: Pagina | null;
  /** Only the rows after this one in the date order (a keyset page; `pagina.offset` is then 0). */
  despues?: Cursor;
}

/** What the planner is given. */
export interface Entrada {
  filtro: FiltroBandeja;
  orden: OrdenBandeja;
  /** null: every matching row, in order. */
  pagina: Pagina | null;
  /** Where a search's total stops being counted. */
  tope: number;
  /**
   * In date order: the page is the rows after this one (the last row of the page before), read
   * from there, so page 50 costs what the first does; `pagina` keeps its number for the total.
   */
  despues?: Cursor;
}

/** What has been read so far. */
export interface Hechos {
  /** The search's guide with its vocabularies (only asked for when `elegirGuia` found one). */
  guia?: GuiaPalabras;
  total?: Total;
}

/** How the total of a page comes. */
export type ComoTotal =
  /** On every row of the page (counters, one statement); an empty page: counted from the counters. */
  | { como: "enLasFilas"; nombrada: boolean }
  /** Counted beside the page. */
  | { como: "aparte"; conteo: Conteo; tope: number | null }
  /** Already known. */
  | { como: "sabido"; total: Total };

export type Paso =
  /** Read the vocabularies of the guide words (`armarGuia`), then ask again. */
  | { paso: "guia"; eleccion: EleccionGuia }
  /** Count the total first, then ask again. */
  | { paso: "total"; conteo: Conteo; tope: number | null }
  /** Read the rows (reversed afterwards when `invertida`); with `total`, the page's total too. */
  | { paso: "leer"; lectura: Lectura; total: ComoTotal | null; invertida: boolean }
  /** The page lies past the end. */
  | { paso: "vacia"; total: Total };

/** The count of a filter: the counters, the words tables, or the rows; capped at `tope + 1` unless null. */
export function conteoDe(f: FiltroBandeja, guia: GuiaPalabras | null, tope: number | null): Conteo {
  if (cuentaPorTotales(f)) return { como: "totales" };
  return guia ? { como: "palabras", guia, tope } : { como: "filas", tope };
}

/** A count (capped at `tope + 1` rows) as the total a page answers with. */
export function aTotal(n: number, tope: number | null): Total {
  return tope !== null && n > tope ? { totalRecords: tope, totalLimitado: true } : { totalRecords: n };
}

/**
 * The shape of a page's query. `coincidencias`: a search's exact total when known; a date-ordered
 * page of a search of at most MAX_COINCIDENCIAS_ORDENADAS matches then sorts their ids and dates
 * from the words tables' indexes. `densa`: the search matches more than its count's cap, so each of
 * a few statuses' newest requests soon holds a page of them (walked like an inbox without a search).
 */
export function elegirForma(
  f: FiltroBandeja,
  o: OrdenBandeja,
  pagina: Pagina | null,
  guia: GuiaPalabras | null,
  coincidencias?: number,
  densa = false,
): Forma {
  switch (o.campo) {
    case "fechaSolicitud": {
      if (pagina && guia && coincidencias !== undefined && coincidencias <= MAX_COINCIDENCIAS_ORDENADAS) {
        return { forma: "fechaCoincidencias", guia };
      }
      // Deep pages, single-status filters and searches (which the database drives from the search
      // index, or checks along the date index) scan in one go.
      const codigos = f.estatusFiltro === undefined && !f.estatusFrecuentes ? f.estatus : undefined;
      if (pagina && codigos && (f.busqueda.length === 0 || densa) && pagina.offset + pagina.limit <= MAX_POR_VALOR) {
        return { forma: "fechaPorEstatus", codigos };
      }
      return { forma: "fecha" };
    }
    case "idSolicitud":
      return { forma: "id" };
    case "nombres":
      if (pagina && guia?.vocabulario)
        return { forma: "nombrePorPalabras", guia: { ...guia, vocabulario: guia.vocabulario } };
      return { forma: "incumbente" };
    case "cedula":
      return { forma: "incumbente" };
    case "cantFuncionarios":
      return { forma: "cantidad" };
    case "diasEspera":
      return { forma: "espera" };
    case "institucion":
      return f.busqueda.length > 0 ? { forma: "institucionBuscada" } : { forma: "recorridoInstitucion" };
    case "estatus":
      // Only the statuses the filters let through: a branch the filters contradict would still be
      // planned, and walked along the whole date index.
      return {
        forma: "recorridoEstatus",
        valores: ESTATUS_POR_TEXTO.map((c, i) => [c, i] as const).filter(
          ([c]) => (!f.estatus || f.estatus.includes(c)) && (f.estatusFiltro ?? c) === c,
        ),
      };
  }
}

/** The next step of an inbox call. */
export function planear(e: Entrada, h: Hechos = {}): Paso {
  if (e.despues && e.pagina && e.orden.campo === "fechaSolicitud") return planearDespues(e, e.pagina, e.despues, h);
  const { filtro: f, orden: o, pagina } = e;
  const leer = (p: Pagina, total: ComoTotal, forma: Forma, invertida = false): Paso => ({
    paso: "leer",
    lectura: { forma, filtro: f, orden: invertida ? { ...o, invertido: true } : o, pagina: p },
    total,
    invertida,
  });
  if (pagina === null) {
    return {
      paso: "leer",
      lectura: { forma: elegirForma(f, o, null, null), filtro: f, orden: o, pagina },
      total: null,
      invertida: false,
    };
  }
  const somera = pagina.offset < PAGINA_PROFUNDA;
  if (somera && cuentaPorTotales(f)) {
    // First pages (an inbox as it opens, each sort): a few dozen texts, planned once per connection.
    return leer(pagina, { como: "enLasFilas", nombrada: pagina.offset === 0 }, elegirForma(f, o, pagina, null));
  }
  const eleccion = elegirGuia(f);
  if (eleccion && h.guia === undefined) return { paso: "guia", eleccion };
  const guia = h.guia ?? null;
  // A search is counted only up to the cap while the page lies within those first rows (the
  // paginator's reach); a page past them, or a list without a search, gets the exact total.
  const tope = f.busqueda.length > 0 && pagina.offset + pagina.limit <= e.tope ? e.tope : null;
  const conteo = conteoDe(f, guia, tope);
  const porFecha = o.campo === "fechaSolicitud" && f.busqueda.length > 0;
  if (somera && !porFecha) return leer(pagina, { como: "aparte", conteo, tope }, elegirForma(f, o, pagina, guia));
  if (h.total === undefined) return { paso: "total", conteo, tope };
  const total = h.total;
  const sabido: ComoTotal = { como: "sabido", total };
  const n = total.totalRecords;
  if (somera) {
    return leer(
      pagina,
      sabido,
      total.totalLimitado ? elegirForma(f, o, pagina, guia, undefined, true) : elegirForma(f, o, pagina, guia, n),
    );
  }
  if (total.totalLimitado) return leer(pagina, sabido, elegirForma(f, o, pagina, guia, undefined, true));
  const restantes = n - pagina.offset;
  if (restantes <= 0) return { paso: "vacia", total };
  if (porFecha && n <= MAX_COINCIDENCIAS_ORDENADAS) return leer(pagina, sabido, elegirForma(f, o, pagina, guia, n));
  if (pagina.offset <= n / 2) return leer(pagina, sabido, elegirForma(f, o, pagina, guia));
  const limit = Math.min(pagina.limit, restantes);
  const desdeElFinal = { offset: restantes - limit, limit };
  return leer(desdeElFinal, sabido, elegirForma(f, o, desdeElFinal, guia), true);
}

/**
 * A keyset page (`despues`, date order): the first rows after the cursor, in the shape a first page
 * takes; the total as the page's number would count it (capped while the page lies within the
 * cap, like an offset page).
 */
function planearDespues(e: Entrada, nominal: Pagina, despues: Cursor, h: Hechos): Paso {
  const { filtro: f, orden: o } = e;
  const pagina = { offset: 0, limit: nominal.limit };
  const leer = (total: ComoTotal, forma: Forma): Paso => ({
    paso: "leer",
    lectura: { forma, filtro: f, orden: o, pagina, despues },
    total,
    invertida: false,
  });
  if (cuentaPorTotales(f)) return leer({ como: "enLasFilas", nombrada: false }, elegirForma(f, o, pagina, null));
  const eleccion = elegirGuia(f);
  if (eleccion && h.guia === undefined) return { paso: "guia", eleccion };
  const guia = h.guia ?? null;
  const tope = f.busqueda.length > 0 && nominal.offset + nominal.limit <= e.tope ? e.tope : null;
  const conteo = conteoDe(f, guia, tope);
  if (f.busqueda.length === 0) return leer({ como: "aparte", conteo, tope }, elegirForma(f, o, pagina, guia));
  if (h.total === undefined) return { paso: "total", conteo, tope };
  const total = h.total;
  return leer(
    { como: "sabido", total },
    total.totalLimitado
      ? elegirForma(f, o, pagina, guia, undefined, true)
      : elegirForma(f, o, pagina, guia, total.totalRecords),
  );
}
