/**
 * Runs the inbox's queries (`consultas.ts`, `palabras.ts`) on a connection or a transaction: the
 * guide words' vocabularies, a count, a page (with its counters' total in the same statement when
 * the planner says so), and the look-ups the service makes before planning. Which query runs is
 * the planner's choice (`planificador.ts`); the helpers at the end run one of its paths as a whole,
 * for the tests that compare each path with the plain queries.
 */
import { sql } from "drizzle-orm";
import type { Tx } from "../../db/client.js";
import { filas, filasPreparadas } from "../../db/filas.js";
import {
  consultaContarFilas,
  consultaConteo,
  consultaLectura,
  consultaRepartoPorEstatus,
  sumaTotales,
} from "./consultas.js";
import { codigosBandeja, cuentaPorTotales, type FiltroBandeja, type OrdenBandeja, type Pagina } from "./filtro.js";
import {
  armarGuia,
  consultaPalabrasBuscadas,
  consultaVocabulario,
  type EleccionGuia,
  elegirGuia,
  type GuiaPalabras,
  MAX_VOCABULARIO,
} from "./palabras.js";
import {
  type Conteo,
  type Cursor,
  conteoDe,
  elegirForma,
  type Lectura,
  MAX_COINCIDENCIAS_ORDENADAS,
} from "./planificador.js";

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
  /** When the request entered the reviewer's stage it waits in; null: it waits in none. */
  entradaEtapa: Date | null;
}

type FilaLeida = Omit<FilaBandeja, "fechaSolicitud" | "entradaEtapa"> & {
  fechaSolicitud: Date | string;
  entradaEtapa: Date | string | null;
};
const instante = (v: Date | string) => (v instanceof Date ? v : new Date(v));
const aFila = ({ total: _total, ...r }: FilaLeida & { total?: unknown }): FilaBandeja => ({
  ...r,
  fechaSolicitud: instante(r.fechaSolicitud),
  entradaEtapa: r.entradaEtapa === null ? null : instante(r.entradaEtapa),
});

/** The vocabulary words under a typed start, read by skipping along the index (null: too many). */
async function vocabulario(tx: Tx, palabra: string): Promise<string[] | null> {
  const v = await filas<{ p: string }>(tx, consultaVocabulario(palabra));
  return v.length > MAX_VOCABULARIO ? null : v.map((r) => r.p);
}

/** Vocabularies already read (`leerPalabrasBuscadas`): the typed start → its words (null: too many). */
export type Vocabularios = ReadonlyMap<string, string[] | null>;

/**
 * The guide of a search with its vocabularies: those already read, the others read now (side by
 * side).
 */
export async function leerGuia(tx: Tx, e: EleccionGuia, leidos?: Vocabularios): Promise<GuiaPalabras> {
  const de = (palabra: string) => {
    const v = leidos?.get(palabra);
    return v !== undefined ? v : vocabulario(tx, palabra);
  };
  const [guia, otra] = await Promise.all([de(e.palabra), e.segunda ? de(e.segunda.palabra) : null]);
  return armarGuia(e, guia, otra);
}

/**
 * What each word of a search names, read before it is planned, in one statement for all
 * (`consultaPalabrasBuscadas`): the institutions whose folded name contains it, and for a word with
 * a letter the vocabulary words under it (null: too many).
 */
export async function leerPalabrasBuscadas(
  tx: Tx,
  palabras: readonly string[],
): Promise<{ instituciones: Map<string, number[]>; vocabularios: Map<string, string[] | null> }> {
  const instituciones = new Map<string, number[]>();
  const vocabularios = new Map<string, string[] | null>();
  if (palabras.length === 0) return { instituciones, vocabularios };
  const rows = await filas<{ palabra: string; instituciones: (number | string)[]; vocabulario: string[] | null }>(
    tx,
    consultaPalabrasBuscadas(palabras),
  );
  for (const r of rows) {
    instituciones.set(r.palabra, r.instituciones.map(Number));
    if (r.vocabulario !== null)
      vocabularios.set(r.palabra, r.vocabulario.length > MAX_VOCABULARIO ? null : r.vocabulario);
  }
  return { instituciones, vocabularios };
}

/** A count: exact, or with a cap, at most `tope + 1` ("more than `tope`"). */
export async function contar(tx: Tx, f: FiltroBandeja, conteo: Conteo): Promise<number> {
  const [fila] = await filas<{ n: number | string }>(tx, consultaConteo(f, conteo));
  const n = Number(fila.n);
  return conteo.como === "palabras" && conteo.tope !== null ? Math.min(n, Math.trunc(conteo.tope) + 1) : n;
}

/** The rows a reading chose. */
export async function leer(tx: Tx, lectura: Lectura): Promise<FilaBandeja[]> {
  return (await filas<FilaLeida>(tx, consultaLectura(lectura))).map(aFila);
}

/**
 * A page and its total from the counters in the same statement (one round trip instead of two),
 * the query built once for the same inputs and, with `nombrada`, prepared by name. The total rides
 * on every row; an empty page carries none, and then it is counted apart.
 */
export async function leerConTotal(
  tx: Tx,
  lectura: Lectura,
  nombrada: boolean,
): Promise<{ filas: FilaBandeja[]; total: number }> {
  if (!cuentaPorTotales(lectura.filtro)) throw new Error("leerConTotal: only lists without a search");
  const rows = await filasPreparadas<FilaLeida & { total: number | string }>(
    tx,
    JSON.stringify([lectura.filtro, lectura.orden, lectura.pagina, lectura.forma.forma, lectura.despues ?? null]),
    () => consultaLectura(lectura, sumaTotales(lectura.filtro)),
    nombrada,
  );
  const total = rows.length > 0 ? Number(rows[0].total) : await contar(tx, lectura.filtro, { como: "totales" });
  return { filas: rows.map(aFila), total };
}

/**
 * A keyset page's cursor: the request's date, when the request is one this inbox lists for the
 * caller (its institution scope and statuses); otherwise null, and the page is read by its number.
 */
export async function cursorDe(tx: Tx, f: FiltroBandeja, idSolicitud: number): Promise<Cursor | null> {
  const [fila] = await filas<{ fecha: Date | string; institucion: number; estatus: number }>(
    tx,
    sql`select fecha_solicitud as fecha, id_institucion as institucion, estatus from solicitudes where id_solicitud = ${idSolicitud}`,
  );
  if (!fila) return null;
  if (f.idInstitucionAlcance !== null && fila.institucion !== f.idInstitucionAlcance) return null;
  if (!codigosBandeja(f).includes(Number(fila.estatus))) return null;
  return { fecha: instante(fila.fecha).toISOString(), idSolicitud };
}

/** Requests per status, from the counters. */
export async function repartoPorEstatus(tx: Tx): Promise<Map<number, number>> {
  const rows = await filas<{ estatus: number; n: number | string }>(tx, consultaRepartoPorEstatus());
  return new Map(rows.map((r) => [Number(r.estatus), Number(r.n)]));
}

/** Every matching row in order, as one query (the reference an export's keyset batches, `lotes.ts`, are held against). */
export function consultaTodas(filtro: FiltroBandeja, orden: OrdenBandeja) {
  return consultaLectura({ forma: elegirForma(filtro, orden, null, null), filtro, orden, pagina: null });
}

// One path of the planner as a whole, for the tests that hold each against the plain queries.

const guiaDe = async (tx: Tx, f: FiltroBandeja) => {
  const e = elegirGuia(f);
  return e ? leerGuia(tx, e) : null;
};

/**
 * One page (or every matching row when `pagina` is null) in the shape the planner gives it.
 * `coincidencias`: a search's exact total when the caller has it (then a date-ordered page of at
 * most MAX_COINCIDENCIAS_ORDENADAS matches is sorted from the words tables' indexes).
 */
export async function listarBandeja(
  tx: Tx,
  filtro: FiltroBandeja,
  orden: OrdenBandeja,
  pagina: Pagina | null,
  coincidencias?: number,
): Promise<FilaBandeja[]> {
  const usaGuia =
    pagina &&
    (orden.campo === "nombres" ||
      (orden.campo === "fechaSolicitud" &&
        coincidencias !== undefined &&
        coincidencias <= MAX_COINCIDENCIAS_ORDENADAS));
  const guia = usaGuia ? await guiaDe(tx, filtro) : null;
  return leer(tx, { forma: elegirForma(filtro, orden, pagina, guia, coincidencias), filtro, orden, pagina });
}

/** How many rows the inbox holds under these filters: the counters, the words tables, or the rows. */
export async function contarBandeja(tx: Tx, filtro: FiltroBandeja): Promise<number> {
  return contar(tx, filtro, conteoDe(filtro, cuentaPorTotales(filtro) ? null : await guiaDe(tx, filtro), null));
}

/**
 * A search's total up to a cap: at most `tope + 1` matching rows are read, so a search matching
 * half the registry costs what one matching a few thousand does. The exact count when it is at
 * most `tope`, and `tope + 1` otherwise.
 */
export async function contarHasta(tx: Tx, filtro: FiltroBandeja, tope: number): Promise<number> {
  const guia = await guiaDe(tx, filtro);
  return contar(tx, filtro, guia ? { como: "palabras", guia, tope } : { como: "filas", tope });
}

/** The plain count: every matching row of `solicitudes` (the reference of the tests). */
export async function contarFilas(tx: Tx, filtro: FiltroBandeja): Promise<number> {
  const [fila] = await filas<{ n: number }>(tx, consultaContarFilas(filtro, null));
  return Number(fila.n);
}

/** Without a search, the total is a sum of a few counters, whatever the size of the registry. */
export async function contarPorTotales(tx: Tx, filtro: FiltroBandeja): Promise<number> {
  return contar(tx, filtro, { como: "totales" });
}
