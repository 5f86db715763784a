/**
 * Searches by name through the words table (`solicitudes_palabras`, migration 0013, issue 12): one
 * row per request and word holding a letter, with the request's filter columns and its incumbent's
 * names copied beside it. A typed word is a range of that table's first column, so:
 * - a search's total is an index-only scan of the word's rows that stops at the cap, with the
 *   inbox's statuses and institution as bounds of the index and every other word and term checked
 *   on the same index row (`contarPorPalabras`);
 * - a search sorted by name walks each vocabulary word of the range in name order and merges them
 *   (`paginaPorNombre`).
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

/** The word a search is scanned by, and the vocabulary words that start with it (null: too many). */
export interface GuiaPalabras {
  termino: TerminoBusqueda;
  palabra: string;
  vocabulario: string[] | null;
}

/** The first text after every text that starts with `p` (the words are ASCII letters and digits). */
const siguiente = (p: string) => p.slice(0, -1) + String.fromCharCode(p.charCodeAt(p.length - 1) + 1);

async function filas<T>(tx: Tx, consulta: SQL): Promise<T[]> {
  return ((await tx.execute(consulta)) as unknown as { rows: T[] }).rows;
}

/**
 * The guide of a search through the words table, or null when the plain query must answer: the
 * longest word with a letter of the term that only names the incumbent (the service gathers all
 * such words into one term), and the vocabulary under it, read by skipping along the index.
 */
export async function guiaPalabras(tx: Tx, f: FiltroBandeja): Promise<GuiaPalabras | null> {
  if (f.vencimiento || f.busquedaSinPalabras) return null;
  const termino = f.busqueda.find((t) => t.instituciones.length === 0 && t.estatus.length === 0);
  const palabra = termino?.palabras
    .filter((p) => /[a-z]/.test(p))
    .reduce<string | undefined>((a, p) => (a === undefined || p.length > a.length ? p : a), undefined);
  if (!termino || palabra === undefined) return null;
  const hasta = siguiente(palabra);
  const vocabulario = await filas<{ p: string }>(
    tx,
    sql`with recursive v(p) as (
          select (select min(palabra) from solicitudes_palabras where palabra >= ${palabra} and palabra < ${hasta})
          union all
          select (select min(palabra) from solicitudes_palabras where palabra > v.p and palabra < ${hasta})
          from v where v.p is not null
        )
        select p from v where p is not null limit ${MAX_VOCABULARIO + 1}`,
  );
  return {
    termino,
    palabra,
    vocabulario: vocabulario.length > MAX_VOCABULARIO ? null : vocabulario.map((v) => v.p),
  };
}

const lista = (valores: readonly (number | string)[]) =>
  sql.join(
    valores.map((v) => sql`${v}`),
    sql`, `,
  );

/** `starts a word of the request`, checked on the words stored with the row (strpos: cheaper than like). */
const empiezaPalabra = (w: string) => sql`strpos(p.palabras, ${` ${w}`}) > 0`;

function condicionEstatus(c: CoincidenciaEstatus): SQL | undefined {
  if (c.codigos.length === 0) return undefined;
  const porCodigo = sql`p.estatus in (${lista(c.codigos)})`;
  if (c.asignado === undefined) return porCodigo;
  return and(porCodigo, c.asignado ? sql`p.asignado` : sql`not p.asignado`);
}

/**
 * Everything but the word itself, on the words table's row `p`: the inbox's filters (the statuses
 * always listed, so that they bound the index), the first-of-the-run condition, the guide term's
 * other words and every other term.
 */
function condiciones(f: FiltroBandeja, guia: GuiaPalabras): SQL | undefined {
  const codigos = CODIGOS_ESTATUS.filter(
    (c) => (!f.estatus || f.estatus.includes(c)) && (f.estatusFiltro === undefined || f.estatusFiltro === c),
  );
  return and(
    sql`(p.anterior is null or p.anterior < ${guia.palabra})`,
    codigos.length > 0 ? sql`p.estatus in (${lista(codigos)})` : sql`false`,
    f.decididoJuridico ? sql`p.decidido_juridico` : undefined,
    f.idInstitucionAlcance !== null ? sql`p.id_institucion = ${f.idInstitucionAlcance}` : undefined,
    f.institucion !== undefined ? sql`p.id_institucion = ${f.institucion}` : undefined,
    ...guia.termino.palabras.filter((w) => w !== guia.palabra).map(empiezaPalabra),
    ...f.busqueda
      .filter((t) => t !== guia.termino)
      .map((t) =>
        // The integer comparisons first: a row they let through is not searched for the words.
        or(
          t.instituciones.length > 0 ? sql`p.id_institucion in (${lista(t.instituciones)})` : undefined,
          ...t.estatus.map(condicionEstatus),
          and(...t.palabras.map(empiezaPalabra)),
        ),
      ),
  );
}

/** The guide word's rows: its vocabulary words one by one, or its whole range. */
function rangoPalabra(guia: GuiaPalabras): SQL {
  return guia.vocabulario
    ? guia.vocabulario.length > 0
      ? sql`p.palabra in (${lista(guia.vocabulario)})`
      : sql`false`
    : sql`p.palabra >= ${guia.palabra} and p.palabra < ${siguiente(guia.palabra)}`;
}

/** How many requests the search matches, up to `tope + 1` (or all of them with `tope` null). */
export async function contarPorPalabras(tx: Tx, f: FiltroBandeja, guia: GuiaPalabras, tope: number | null) {
  const limite = tope === null ? sql`` : sql`limit ${sql.raw(String(Math.trunc(tope) + 1))}`;
  const [fila] = await filas<{ n: number }>(
    tx,
    sql`select count(*)::int as n from (
          select 1 from solicitudes_palabras p where ${and(rangoPalabra(guia), condiciones(f, guia))} ${limite}) c`,
  );
  return Number(fila.n);
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
