/**
 * Searches by name through the words table (`solicitudes_palabras`, migration 0013, issue 12): one
 * row per request and word holding a letter, with the request's filter columns and its incumbent's
 * names copied beside it. A typed word is a range of that table's first column, so:
 * - a search's total is an index-only scan of the word's rows that stops at the cap, with the
 *   inbox's statuses and institution as bounds of the index and every other word and term checked
 *   on the same index row (`contarPorPalabras`);
 * - a search sorted by name walks each vocabulary word of the range in name order and merges them
 *   (`paginaPorNombre`);
 * - a search of two words counts the requests with both in the pairs table (`solicitudes_pares`,
 *   migration 0013), both words as bounds, instead of checking the second word on every request of
 *   the first; when the second word also names statuses or institutions, those are counted apart,
 *   as bounds of the words table (`partesPareja`).
 * It applies when one term of the search can only name the incumbent (no institution or status
 * shares its words) and has a word with a letter in it: that word guides the scan. Digits only
 * (cédula pieces) and the expiry filter keep the plain query and its GIN index.
 * A request whose words start with the typed word more than once is read once: its words are
 * stored in byte order with the previous one (`anterior`), and only the first of the run, whose
 * previous word sorts before the typed text, is kept.
 */
import { CODIGOS_ESTATUS } from "@registro/contracts";
import { and, or, type SQL, sql } from "drizzle-orm";
import type { Tx } from "../db/client.js";
import type { CoincidenciaEstatus, FiltroBandeja, TerminoBusqueda } from "./bandejas.repository.js";

/** Above this many vocabulary words under the typed start, the scan takes the range as a whole. */
const MAX_VOCABULARIO = 32;
/** Above this many pairs of vocabulary words, two words are not looked up as pairs. */
const MAX_PARES = 64;

/** A typed start and the vocabulary words that start with it (null: too many). */
interface Palabra {
  palabra: string;
  vocabulario: string[] | null;
}

/**
 * The second word of a search of several words, looked up with the guide in the pairs table (migration
 * 0013), and the term it belongs to (the guide's own term, or one whose word may also name an
 * institution or a status).
 */
interface Pareja extends Palabra {
  vocabulario: string[];
  termino: TerminoBusqueda;
}

/** The word a search is scanned by, and the second word of a two-word search. */
export interface GuiaPalabras extends Palabra {
  termino: TerminoBusqueda;
  pareja: Pareja | null;
}

/** The first text after every text that starts with `p` (the words are ASCII letters and digits). */
const siguiente = (p: string) => p.slice(0, -1) + String.fromCharCode(p.charCodeAt(p.length - 1) + 1);

async function filas<T>(tx: Tx, consulta: SQL): Promise<T[]> {
  return ((await tx.execute(consulta)) as unknown as { rows: T[] }).rows;
}

/** The vocabulary words under a typed start, read by skipping along the index (null: too many). */
async function vocabulario(tx: Tx, palabra: string): Promise<string[] | null> {
  const hasta = siguiente(palabra);
  const v = await filas<{ p: string }>(
    tx,
    sql`with recursive v(p) as (
          select (select min(palabra) from solicitudes_palabras where palabra >= ${palabra} and palabra < ${hasta})
          union all
          select (select min(palabra) from solicitudes_palabras where palabra > v.p and palabra < ${hasta})
          from v where v.p is not null
        )
        select p from v where p is not null limit ${MAX_VOCABULARIO + 1}`,
  );
  return v.length > MAX_VOCABULARIO ? null : v.map((r) => r.p);
}

/**
 * The guide of a search through the words table, or null when the plain query must answer: the
 * longest word with a letter of the term that only names the incumbent (the service gathers all
 * such words into one term). A search of several words also gets a second word to look up in pairs
 * with it (`pareja`): one with a letter, neither the start of the other, of the same term if it has
 * one, else a word that alone is a term (and may name statuses or institutions); the other words are
 * checked on the pair's row.
 */
export async function guiaPalabras(tx: Tx, f: FiltroBandeja): Promise<GuiaPalabras | null> {
  if (f.vencimiento || f.busquedaSinPalabras) return null;
  const termino = f.busqueda.find((t) => t.instituciones.length === 0 && t.estatus.length === 0);
  const palabra = termino?.palabras
    .filter((p) => /[a-z]/.test(p))
    .reduce<string | undefined>((a, p) => (a === undefined || p.length > a.length ? p : a), undefined);
  if (!termino || palabra === undefined) return null;
  const otras = f.busqueda.flatMap((t) =>
    t.palabras.filter((w) => t !== termino || w !== palabra).map((w) => ({ w, t })),
  );
  const candidatas = otras.filter(
    ({ w, t }) =>
      /[a-z]/.test(w) && !w.startsWith(palabra) && !palabra.startsWith(w) && (t === termino || t.palabras.length === 1),
  );
  const segunda = candidatas.find((c) => c.t === termino) ?? candidatas[0];
  const [guia, otra] = await Promise.all([vocabulario(tx, palabra), segunda ? vocabulario(tx, segunda.w) : null]);
  const pareja =
    segunda && guia && otra && guia.length * otra.length <= MAX_PARES
      ? { palabra: segunda.w, vocabulario: otra, termino: segunda.t }
      : null;
  return { termino, palabra, vocabulario: guia, pareja };
}

const lista = (valores: readonly (number | string)[]) =>
  sql.join(
    valores.map((v) => sql`${v}`),
    sql`, `,
  );

/** `starts a word of the request`, checked on the words stored with row `a` (strpos: cheaper than like). */
const empiezaPalabra = (w: string, a = sql.raw("p")) => sql`strpos(${a}.palabras, ${` ${w}`}) > 0`;

function condicionEstatus(c: CoincidenciaEstatus, a = sql.raw("p")): SQL {
  const porCodigo = c.codigos.length > 0 ? sql`${a}.estatus in (${lista(c.codigos)})` : sql`false`;
  if (c.asignado === undefined) return porCodigo;
  return sql`(${porCodigo} and ${c.asignado ? sql`` : sql`not `}${a}.asignado)`;
}

/** The inbox's statuses (after the status filter): always listed, so that they bound the index. */
const codigosBandeja = (f: FiltroBandeja) =>
  CODIGOS_ESTATUS.filter(
    (c) => (!f.estatus || f.estatus.includes(c)) && (f.estatusFiltro === undefined || f.estatusFiltro === c),
  );

/** The inbox's filters on a row `a` of the words or the pairs table (both have these columns). */
function filtrosBandeja(f: FiltroBandeja, a: SQL, codigos: readonly number[] = codigosBandeja(f)): SQL | undefined {
  return and(
    codigos.length > 0 ? sql`${a}.estatus in (${lista(codigos)})` : sql`false`,
    f.decididoJuridico ? sql`${a}.decidido_juridico` : undefined,
    f.idInstitucionAlcance !== null ? sql`${a}.id_institucion = ${f.idInstitucionAlcance}` : undefined,
    f.institucion !== undefined ? sql`${a}.id_institucion = ${f.institucion}` : undefined,
  );
}

/** One request per guide-word run: the first of its words that start with the typed word. */
const primeraDeLaRacha = (guia: Palabra, anterior: SQL = sql.raw("p.anterior")) =>
  sql`(${anterior} is null or ${anterior} < ${guia.palabra})`;

/** A term on a row `a` of the words or pairs table: the integer comparisons first, then the words. */
function condicionTermino(t: TerminoBusqueda, a = sql.raw("p")): SQL | undefined {
  return or(
    t.instituciones.length > 0 ? sql`${a}.id_institucion in (${lista(t.instituciones)})` : undefined,
    ...t.estatus.map((c) => condicionEstatus(c, a)),
    and(...t.palabras.map((w) => empiezaPalabra(w, a))),
  );
}

/**
 * Everything but the word itself, on the words table's row `p`: the inbox's filters, the
 * first-of-the-run condition, the guide term's other words and every other term.
 */
function condiciones(f: FiltroBandeja, guia: GuiaPalabras): SQL | undefined {
  return and(
    primeraDeLaRacha(guia),
    filtrosBandeja(f, sql.raw("p")),
    ...guia.termino.palabras.filter((w) => w !== guia.palabra).map((w) => empiezaPalabra(w)),
    ...f.busqueda.filter((t) => t !== guia.termino).map((t) => condicionTermino(t)),
  );
}

/** The words and terms that neither the guide nor its pair stand for, on row `a`. */
function resto(f: FiltroBandeja, guia: GuiaPalabras, pareja: Pareja, a: SQL): (SQL | undefined)[] {
  return [
    ...guia.termino.palabras
      .filter((w) => w !== guia.palabra && (pareja.termino !== guia.termino || w !== pareja.palabra))
      .map((w) => empiezaPalabra(w, a)),
    ...f.busqueda.filter((t) => t !== guia.termino && t !== pareja.termino).map((t) => condicionTermino(t, a)),
  ];
}

/** The guide word's rows: its vocabulary words one by one, or its whole range. */
function rangoPalabra(guia: Palabra): SQL {
  return guia.vocabulario
    ? guia.vocabulario.length > 0
      ? sql`p.palabra in (${lista(guia.vocabulario)})`
      : sql`false`
    : sql`p.palabra >= ${guia.palabra} and p.palabra < ${siguiente(guia.palabra)}`;
}

/** `select count(*)` of a row source, stopping after `tope + 1` rows (all of them with `tope` null). */
const contar = (filas: SQL, tope: number | null) =>
  sql`(select count(*)::int from (${filas} ${tope === null ? sql`` : sql`limit ${sql.raw(String(Math.trunc(tope) + 1))}`}) c)`;

/**
 * A search of several words counted in parts that never overlap, each one a range of an index (the
 * other words checked on its rows):
 * - requests with both words: the pairs table, both words as bounds (their smaller one first);
 * - if the second word may also name statuses or institutions: requests without it, of each such
 *   status (and of none before it), then of those institutions (and none of those statuses), on the
 *   words table with the status or institution as a bound.
 */
function partesPareja(f: FiltroBandeja, guia: GuiaPalabras & { vocabulario: string[] }, pareja: Pareja) {
  // Neither start is the other's, so every word under the smaller one sorts before every word under
  // the other: a request's pair of them is stored in that order.
  const [menor, mayor] = guia.palabra < pareja.palabra ? [guia, pareja] : [pareja, guia];
  const ambas = sql`select q.id_solicitud as id, q.fecha_solicitud as fecha from solicitudes_pares q
    where ${and(
      guia.vocabulario.length > 0 && pareja.vocabulario.length > 0
        ? sql`q.palabra1 in (${lista(menor.vocabulario ?? [])}) and q.palabra2 in (${lista(mayor.vocabulario ?? [])})`
        : sql`false`,
      primeraDeLaRacha(menor, sql.raw("q.anterior1")),
      primeraDeLaRacha(mayor, sql.raw("q.anterior2")),
      filtrosBandeja(f, sql.raw("q")),
      ...resto(f, guia, pareja, sql.raw("q")),
    )}`;
  if (pareja.termino === guia.termino) return [ambas];
  const sinLaOtra = (codigos: readonly number[], ...mas: (SQL | undefined)[]) =>
    sql`select p.id_solicitud as id, p.fecha_solicitud as fecha from solicitudes_palabras p
      where ${and(rangoPalabra(guia), primeraDeLaRacha(guia), filtrosBandeja(f, sql.raw("p"), codigos), sql`not ${empiezaPalabra(pareja.palabra)}`, ...resto(f, guia, pareja, sql.raw("p")), ...mas)}`;
  const bandeja = codigosBandeja(f);
  const estatus = pareja.termino.estatus;
  const previas = (j: number) => estatus.slice(0, j).map((c) => sql`not ${condicionEstatus(c)}`);
  return [
    ambas,
    ...estatus.map((c, j) =>
      sinLaOtra(
        bandeja.filter((x) => c.codigos.includes(x)),
        condicionEstatus(c),
        ...previas(j),
      ),
    ),
    ...(pareja.termino.instituciones.length > 0
      ? [
          sinLaOtra(
            bandeja,
            sql`p.id_institucion in (${lista(pareja.termino.instituciones)})`,
            ...previas(estatus.length),
          ),
        ]
      : []),
  ];
}

/** The matching requests' ids and dates (`id`, `fecha`), in parts that never share one. */
function partes(f: FiltroBandeja, guia: GuiaPalabras): SQL[] {
  return guia.pareja && guia.vocabulario
    ? partesPareja(f, { ...guia, vocabulario: guia.vocabulario }, guia.pareja)
    : [
        sql`select p.id_solicitud as id, p.fecha_solicitud as fecha from solicitudes_palabras p where ${and(rangoPalabra(guia), condiciones(f, guia))}`,
      ];
}

/**
 * Every matching request's id and date (`id`, `fecha`), each once, from the indexes alone: a page
 * of a search of a few thousand matches sorts them by date and reads only its own rows.
 */
export function idsPorPalabras(f: FiltroBandeja, guia: GuiaPalabras): SQL {
  return sql.join(
    partes(f, guia).map((p) => sql`(${p})`),
    sql` union all `,
  );
}

/** How many requests the search matches, up to `tope + 1` (or all of them with `tope` null). */
export async function contarPorPalabras(tx: Tx, f: FiltroBandeja, guia: GuiaPalabras, tope: number | null) {
  const [fila] = await filas<{ n: number }>(
    tx,
    sql`select ${sql.join(
      partes(f, guia).map((p) => contar(p, tope)),
      sql` + `,
    )} as n`,
  );
  const n = Number(fila.n);
  return tope === null ? n : Math.min(n, Math.trunc(tope) + 1);
}

/**
 * The ids and name keys of one page sorted by name (`nombres`, `apellidos`, id): each vocabulary
 * word's rows in that order, at most as many as the page needs, merged; with the columns of the
 * page query's subquery (`columnas`, on `solicitudes`) and `k1`, `k2`. Only for a vocabulary known
 * word by word.
 */
export function paginaPorNombre(
  f: FiltroBandeja,
  guia: GuiaPalabras & { vocabulario: string[] },
  columnas: SQL,
  dir: SQL,
  pagina: { offset: number; limit: number },
): SQL {
  const cuantas = sql.raw(String(pagina.offset + pagina.limit));
  const donde = condiciones(f, guia);
  const ramas = guia.vocabulario.map(
    (w) => sql`(select p.id_solicitud as id, p.nombres, p.apellidos from solicitudes_palabras p
      where ${and(sql`p.palabra = ${w}`, donde)}
      order by p.nombres ${dir}, p.apellidos ${dir}, p.id_solicitud ${dir} limit ${cuantas})`,
  );
  const union =
    ramas.length > 0
      ? sql.join(ramas, sql` union all `)
      : sql`(select null::int as id, null::text as nombres, null::text as apellidos where false)`;
  return sql`select ${columnas}, x.nombres as k1, x.apellidos as k2
    from (${union}) x join solicitudes on solicitudes.id_solicitud = x.id
    order by x.nombres ${dir}, x.apellidos ${dir}, x.id ${dir}
    limit ${sql.raw(String(pagina.limit))} offset ${sql.raw(String(pagina.offset))}`;
}
