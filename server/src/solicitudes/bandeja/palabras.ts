/**
 * The SQL of name searches through the words table (`solicitudes_palabras`, migration 0013): one
 * row per request and word holding a letter, with the request's filter columns and its incumbent's
 * names copied beside it. A typed word is a range of that table's first column, so:
 * - a search's total is an index-only scan of the word's rows that stops at the cap, with the
 *   inbox's statuses and institution as bounds of the index and every other word and term checked
 *   on the same index row (`consultaContarPorPalabras`);
 * - a search sorted by name walks each vocabulary word of the range in name order and merges them
 *   (`paginaPorNombre`);
 * - a search of two words counts the requests with both in the pairs table (`solicitudes_pares`),
 *   both words as bounds, instead of checking the second word on every request of the first; when
 *   the second word also names statuses or institutions, those are counted apart, as bounds of the
 *   words table (`partesPareja`).
 * It applies when one term of the search can only name a person (no institution or status shares
 * its words) and has a word with a letter in it: that word guides the scan (`elegirGuia`, pure).
 * Digits only (cédula pieces) and the expiry filter keep the plain query and its GIN indexes.
 * A search that also finds officials (issue 35) adds one part: the officials' words table
 * (`funcionarios_palabras`, migration 0033), one row per official and word, for the requests whose
 * incumbent the guide term does not name but one official does (`parteFuncionarios`).
 * A request whose words start with the typed word more than once is read once: its words are
 * stored in byte order with the previous one (`anterior`), and only the first of the run, whose
 * previous word sorts before the typed text, is kept.
 * Longer than 300 lines: the incumbents' and the officials' parts of one search share its guide,
 * its ranges and its run rule, and must never count a request twice.
 */
import { and, type SQL, sql } from "drizzle-orm";
import { entero } from "../../db/filas.js";
import { plegar } from "../../db/schema.js";
import {
  type CoincidenciaEstatus,
  codigosBandeja,
  condicionEstatus,
  deFuncionario,
  type FiltroBandeja,
  filaDePalabras,
  lista,
  type Pagina,
  predicado,
  SOLICITUDES,
  SOLICITUDES_RECORRIDO,
  siguiente,
  type TerminoBusqueda,
} from "./filtro.js";

/** Above this many vocabulary words under the typed start, the scan takes the range as a whole. */
export const MAX_VOCABULARIO = 32;
/** Above this many pairs of vocabulary words, two words are not looked up as pairs. */
export const MAX_PARES = 64;

/** A typed start and the vocabulary words that start with it (null: too many). */
export interface Palabra {
  palabra: string;
  vocabulario: string[] | null;
}

/**
 * The second word of a search of several words, looked up with the guide in the pairs table, and
 * the term it belongs to (the guide's own term, or one whose word may also name an institution or
 * a status).
 */
export interface Pareja extends Palabra {
  vocabulario: string[];
  termino: TerminoBusqueda;
}

/** The word a search is scanned by, and the second word of a two-word search. */
export interface GuiaPalabras extends Palabra {
  termino: TerminoBusqueda;
  pareja: Pareja | null;
}

/** Which words guide a search, before their vocabularies are read. */
export interface EleccionGuia {
  termino: TerminoBusqueda;
  palabra: string;
  segunda: { palabra: string; termino: TerminoBusqueda } | null;
}

/**
 * The guide of a search through the words table, or null when the plain query must answer: the
 * longest word with a letter of the term that only names the incumbent (the service gathers all
 * such words into one term). A search of several words also gets a second word to look up in pairs
 * with it: one with a letter, neither the start of the other, of the same term if it has one, else
 * a word that alone is a term (and may name statuses or institutions); the other words are checked
 * on the pair's row.
 */
export function elegirGuia(f: FiltroBandeja): EleccionGuia | null {
  // The words tables copy neither the holder nor the stage: those filters keep the plain query.
  if (f.vencimiento || f.busquedaSinPalabras || f.asignadoA !== undefined || f.enEsperaDesdeAntes !== undefined) {
    return null;
  }
  const termino = f.busqueda.find(
    (t) => t.instituciones.length === 0 && t.estatus.length === 0 && t.solicitud === undefined,
  );
  const palabra = termino?.palabras
    .filter((p) => /[a-z]/.test(p))
    .reduce<string | undefined>((a, p) => (a === undefined || p.length > a.length ? p : a), undefined);
  if (!termino || palabra === undefined) return null;
  const otras = f.busqueda.flatMap((t) =>
    t.palabras.filter((w) => t !== termino || w !== palabra).map((w) => ({ palabra: w, termino: t })),
  );
  // A word of another term pairs when it is that term's only word; with officials, the requests
  // whose incumbent lacks it but an official holds it are one more part (`partesPareja`).
  const candidatas = otras.filter(
    ({ palabra: w, termino: t }) =>
      /[a-z]/.test(w) && !w.startsWith(palabra) && !palabra.startsWith(w) && (t === termino || t.palabras.length === 1),
  );
  const segunda = candidatas.find((c) => c.termino === termino) ?? candidatas[0] ?? null;
  return { termino, palabra, segunda };
}

/** The guide once the vocabularies are read: a pair only when both are known and few enough. */
export function armarGuia(e: EleccionGuia, guia: string[] | null, otra: string[] | null): GuiaPalabras {
  const pareja =
    e.segunda && guia && otra && guia.length * otra.length <= MAX_PARES
      ? { palabra: e.segunda.palabra, vocabulario: otra, termino: e.segunda.termino }
      : null;
  return { termino: e.termino, palabra: e.palabra, vocabulario: guia, pareja };
}

/** The vocabulary words under a typed start, read by skipping along the index (`p`; one more than the maximum). */
export function consultaVocabulario(palabra: string): SQL {
  const hasta = siguiente(palabra);
  return sql`with recursive v(p) as (
      select (select min(palabra) from solicitudes_palabras where palabra >= ${palabra} and palabra < ${hasta})
      union all
      select (select min(palabra) from solicitudes_palabras where palabra > v.p and palabra < ${hasta})
      from v where v.p is not null
    )
    select p from v where p is not null limit ${MAX_VOCABULARIO + 1}`;
}

/**
 * What a search's words name before it is planned, in one statement for all of them (issue 40: one
 * round trip instead of one per word and one per guide word): for each word (`palabra`), the
 * institutions whose folded name contains it (`instituciones`) and, for a word with a letter, the
 * vocabulary words under it as `consultaVocabulario` reads them (`vocabulario`, one more than the
 * maximum at most; null for digits only).
 */
export function consultaPalabrasBuscadas(palabras: readonly string[]): SQL {
  const escapar = (w: string) => w.replace(/[\\%_]/g, (c) => `\\${c}`);
  return sql`select w.palabra as palabra,
      array(select i.id_institucion from instituciones i
        where ${plegar(sql`i.nombre`)} like w.patron order by i.id_institucion) as instituciones,
      ${
        // Digits only (cédula pieces): no vocabulary, nor its subquery to plan.
        palabras.some((w) => /[a-z]/.test(w))
          ? sql`case when w.palabra ~ '[a-z]' then array(with recursive v(p) as (
          select (select min(palabra) from solicitudes_palabras where palabra >= w.palabra and palabra < w.hasta)
          union all
          select (select min(palabra) from solicitudes_palabras where palabra > v.p and palabra < w.hasta)
          from v where v.p is not null
        ) select p from v where p is not null limit ${MAX_VOCABULARIO + 1}) end`
          : sql`null::text[]`
      } as vocabulario
    from unnest(array[${lista(palabras)}]::text[], array[${lista(palabras.map(siguiente))}]::text[],
      array[${lista(palabras.map((w) => `%${escapar(w)}%`))}]::text[]) as w(palabra, hasta, patron)`;
}

const P = filaDePalabras("p");
const Q = filaDePalabras("q");
/** A row of the officials' words table: the incumbent's words are its `incumbente`. */
const FP = filaDePalabras("fp", "incumbente");

/** `starts a word of the request`, on the words stored with row `a` (its column `columna`). */
const empiezaPalabra = (w: string, a = "p", columna = "palabras") =>
  sql`strpos(${sql.raw(`${a}.${columna}`)}, ${` ${w}`}) > 0`;

/** One request per guide-word run: the first of its words that start with the typed word. */
const primeraDeLaRacha = (guia: Palabra, anterior: SQL = sql.raw("p.anterior")) =>
  sql`(${anterior} is null or ${anterior} < ${guia.palabra})`;

/**
 * A term of these words alone (what is left of a term once the scan's own words are taken out):
 * the row's person must hold them too.
 */
const soloPalabras = (palabras: readonly string[]): TerminoBusqueda => ({
  palabras,
  instituciones: [],
  estatus: [],
  soloPersonaDeLaFila: true,
});

/** The terms a scan by the guide word still checks: the guide term's other words, every other term. */
const restoDeLaGuia = (f: FiltroBandeja, guia: GuiaPalabras): TerminoBusqueda[] => [
  soloPalabras(guia.termino.palabras.filter((w) => w !== guia.palabra)),
  ...f.busqueda.filter((t) => t !== guia.termino),
];

/** The terms a scan by the guide and its pair still checks. */
const restoDelPar = (f: FiltroBandeja, guia: GuiaPalabras, pareja: Pareja): TerminoBusqueda[] => [
  soloPalabras(
    guia.termino.palabras.filter(
      (w) => w !== guia.palabra && (pareja.termino !== guia.termino || w !== pareja.palabra),
    ),
  ),
  ...f.busqueda.filter((t) => t !== guia.termino && t !== pareja.termino),
];

/** Everything but the word itself, on the words table's row `p`. */
const condiciones = (f: FiltroBandeja, guia: GuiaPalabras) =>
  and(primeraDeLaRacha(guia), predicado(f, P, { busqueda: restoDeLaGuia(f, guia) }));

/** The guide word's rows: its vocabulary words one by one, or its whole range. */
function rangoPalabra(guia: Palabra): SQL {
  return guia.vocabulario
    ? guia.vocabulario.length > 0
      ? sql`p.palabra in (${lista(guia.vocabulario)})`
      : sql`false`
    : sql`p.palabra >= ${guia.palabra} and p.palabra < ${siguiente(guia.palabra)}`;
}

/**
 * A search of several words counted in parts that never overlap, each one a range of an index (the
 * other words checked on its rows):
 * - requests with both words: the pairs table, both words as bounds (their smaller one first);
 * - if the second word may also name statuses or institutions: requests without it, of each such
 *   status (and of none before it), then of those institutions (and none of those statuses), on the
 *   words table with the status or institution as a bound;
 * - if the second word is another term's and officials are searched too: requests without it and
 *   none of those statuses or institutions, one of whose officials holds it (probed per row).
 * Cheapest first: a count capped by one limit over them all (`consultaContarPorPalabras`) stops
 * in the first parts when they hold enough.
 */
function partesPareja(f: FiltroBandeja, guia: GuiaPalabras & { vocabulario: string[] }, pareja: Pareja): SQL[] {
  // Neither start is the other's, so every word under the smaller one sorts before every word under
  // the other: a request's pair of them is stored in that order.
  const [menor, mayor] = guia.palabra < pareja.palabra ? [guia, pareja] : [pareja, guia];
  const resto = restoDelPar(f, guia, pareja);
  const ambas = sql`select q.id_solicitud as id, q.fecha_solicitud as fecha from solicitudes_pares q
    where ${and(
      guia.vocabulario.length > 0 && pareja.vocabulario.length > 0
        ? sql`q.palabra1 in (${lista(menor.vocabulario ?? [])}) and q.palabra2 in (${lista(mayor.vocabulario ?? [])})`
        : sql`false`,
      primeraDeLaRacha(menor, sql.raw("q.anterior1")),
      primeraDeLaRacha(mayor, sql.raw("q.anterior2")),
      predicado(f, Q, { busqueda: resto }),
    )}`;
  if (pareja.termino === guia.termino) return [ambas];
  const sinLaOtra = (codigos: readonly number[], ...mas: (SQL | undefined)[]) =>
    sql`select p.id_solicitud as id, p.fecha_solicitud as fecha from solicitudes_palabras p
      where ${and(
        rangoPalabra(guia),
        primeraDeLaRacha(guia),
        predicado(f, P, { codigos, busqueda: resto }),
        sql`not ${empiezaPalabra(pareja.palabra)}`,
        ...mas,
      )}`;
  const bandeja = codigosBandeja(f);
  const estatus = pareja.termino.estatus;
  const previas = (j: number) =>
    estatus.slice(0, j).map((c: CoincidenciaEstatus) => sql`not ${condicionEstatus(c, P)}`);
  const instituciones = pareja.termino.instituciones;
  // In one institution, the officials holding the second word are few: its words (read by skipping
  // along the officials' words table, a start of 2 letters or more) with the inbox's statuses and the
  // institution as bounds of that table's index, the incumbent's words on the same row. Read them
  // rather than walk the guide word's requests probing each one's officials (issue 40: Originador's
  // "ana núñez" probed 2,100 requests for 416). The second word is its term's only word (`elegirGuia`).
  const enUnaInstitucion =
    pareja.palabra.length >= 2 && (f.idInstitucionAlcance !== null || f.institucion !== undefined);
  const porFuncionario = !f.buscarFuncionarios
    ? []
    : enUnaInstitucion
      ? [
          sql`select distinct fp.id_solicitud as id, fp.fecha_solicitud as fecha from funcionarios_palabras fp
          where ${and(
            sql`fp.palabra = any(${palabrasDeFuncionarios(pareja.palabra)})`,
            empiezaPalabra(guia.palabra, "fp", "incumbente"),
            sql`not ${empiezaPalabra(pareja.palabra, "fp", "incumbente")}`,
            predicado(f, FP, { codigos: bandeja, busqueda: resto }),
            ...estatus.map((c) => sql`not ${condicionEstatus(c, FP)}`),
            instituciones.length > 0 ? sql`fp.id_institucion not in (${lista(instituciones)})` : undefined,
          )}`,
        ]
      : [
          sinLaOtra(
            bandeja,
            ...previas(estatus.length),
            instituciones.length > 0 ? sql`p.id_institucion not in (${lista(instituciones)})` : undefined,
            deFuncionario(sql`p.id_solicitud`, true)(pareja.termino.palabras),
          ),
        ];
  return [
    ambas,
    ...estatus.map((c, j) =>
      sinLaOtra(
        bandeja.filter((x) => c.codigos.includes(x)),
        condicionEstatus(c, P),
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
    ...porFuncionario,
  ];
}

/** The officials' words under a typed start, read by skipping along their index (an array). */
const palabrasDeFuncionarios = (palabra: string) =>
  sql`array(with recursive v(p) as (
      select (select min(palabra) from funcionarios_palabras where palabra >= ${palabra} and palabra < ${siguiente(palabra)})
      union all
      select (select min(palabra) from funcionarios_palabras where palabra > v.p and palabra < ${siguiente(palabra)})
      from v where v.p is not null
    ) select p from v where p is not null)`;

/** `every word starts a word of these words` (' word word …'). */
const todasEn = (columna: SQL, ws: readonly string[]) =>
  and(...ws.map((w) => sql`strpos(${columna}, ${` ${w}`}) > 0`)) as SQL;

/**
 * The requests whose incumbent the guide term does not name but one of whose officials it does
 * (every other term checked as usual), each once (`id`, `fecha`). One word: the officials' words
 * under it, the first row of the request (`anterior`). More, with one that neither starts the guide
 * nor is started by it: the pairs of one official's words (`parteFuncionariosPares`). Otherwise the
 * words under the guide, the term's other words on the official's own, the first row whose official
 * holds them all (an index lookup in the request's rows, only for rows that match).
 */
export function parteFuncionarios(f: FiltroBandeja, guia: GuiaPalabras): SQL {
  const desde = guia.palabra;
  const hasta = siguiente(guia.palabra);
  const otras = guia.termino.palabras.filter((w) => w !== guia.palabra);
  const par = otras.find((w) => /[a-z]/.test(w) && !w.startsWith(desde) && !desde.startsWith(w));
  if (par !== undefined) return parteFuncionariosPares(f, guia, par);
  const unaVez =
    otras.length === 0
      ? primeraDeLaRacha(guia, sql.raw("fp.anterior"))
      : sql`not exists (select 1 from funcionarios_palabras f2
          where f2.id_solicitud = fp.id_solicitud and f2.palabra >= ${desde} and f2.palabra < ${hasta}
            and (f2.palabra, f2.id_funcionario) < (fp.palabra, fp.id_funcionario)
            and ${todasEn(sql.raw("f2.palabras"), otras)})`;
  return sql`select fp.id_solicitud as id, fp.fecha_solicitud as fecha from funcionarios_palabras fp
    where ${and(
      sql`fp.palabra >= ${desde} and fp.palabra < ${hasta}`,
      otras.length > 0 ? todasEn(sql.raw("fp.palabras"), otras) : undefined,
      sql`not (${todasEn(sql.raw("fp.incumbente"), guia.termino.palabras)})`,
      predicado(f, FP, { busqueda: f.busqueda.filter((t) => t !== guia.termino) }),
      unaVez,
    )}`;
}

/**
 * The officials' part of a search whose guide term has a second word `par` (neither starts the
 * other): the pairs table (`funcionarios_pares`, migration 0040), its first word each word under the
 * smaller start (read by skipping along its index) and its second the other's range, both bounds of
 * the index; the term's other words on the official's own. Each request once: `distinct` over the
 * rows that match, a hash of those few (issue 40: the anti-join that kept the first of a request's
 * matching pairs looked each match up in the request's pairs, 0.3 ms a probe: 33 of a 50 ms count).
 */
function parteFuncionariosPares(f: FiltroBandeja, guia: GuiaPalabras, par: string): SQL {
  // Neither start is the other's: every word under the smaller sorts before every word under the other.
  const [menor, mayor] = guia.palabra < par ? [guia.palabra, par] : [par, guia.palabra];
  const resto = guia.termino.palabras.filter((w) => w !== guia.palabra && w !== par);
  const hasta1 = siguiente(menor);
  const hasta2 = siguiente(mayor);
  const primeras = sql`array(with recursive v(p) as (
      select (select min(palabra1) from funcionarios_pares where palabra1 >= ${menor} and palabra1 < ${hasta1})
      union all
      select (select min(palabra1) from funcionarios_pares where palabra1 > v.p and palabra1 < ${hasta1})
      from v where v.p is not null
    ) select p from v where p is not null)`;
  // With both starts of three letters or more (a few words under each), the second word's words too
  // (the officials' words under it: every pair is made of them), so that the statuses and the
  // institution after it are bounds of the index as well: a range of the second word lets them
  // only filter (issue 40: "pedro gómez medina" read 13,500 pairs for 117 in the consultant's inbox).
  const segundas =
    menor.length >= 3 && mayor.length >= 3
      ? sql`fq.palabra2 = any(array(with recursive v(p) as (
      select (select min(palabra) from funcionarios_palabras where palabra >= ${mayor} and palabra < ${hasta2})
      union all
      select (select min(palabra) from funcionarios_palabras where palabra > v.p and palabra < ${hasta2})
      from v where v.p is not null
    ) select p from v where p is not null))`
      : sql`fq.palabra2 >= ${mayor} and fq.palabra2 < ${hasta2}`;
  const FQ = filaDePalabras("fq", "incumbente");
  return sql`select distinct fq.id_solicitud as id, fq.fecha_solicitud as fecha from funcionarios_pares fq
    where ${and(
      sql`fq.palabra1 = any(${primeras}) and ${segundas}`,
      resto.length > 0 ? todasEn(sql.raw("fq.palabras"), resto) : undefined,
      sql`not (${todasEn(sql.raw("fq.incumbente"), guia.termino.palabras)})`,
      predicado(f, FQ, { busqueda: f.busqueda.filter((t) => t !== guia.termino) }),
    )}`;
}

/** The matching requests' ids and dates (`id`, `fecha`), in parts that never share one. */
function partes(f: FiltroBandeja, guia: GuiaPalabras): SQL[] {
  const delIncumbente =
    guia.pareja && guia.vocabulario
      ? partesPareja(f, { ...guia, vocabulario: guia.vocabulario }, guia.pareja)
      : [
          sql`select p.id_solicitud as id, p.fecha_solicitud as fecha from solicitudes_palabras p where ${and(rangoPalabra(guia), condiciones(f, guia))}`,
        ];
  return f.buscarFuncionarios ? [...delIncumbente, parteFuncionarios(f, guia)] : delIncumbente;
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

/** How many requests the search matches (`n`), up to `tope + 1` (or all of them with `tope` null). */
export function consultaContarPorPalabras(f: FiltroBandeja, guia: GuiaPalabras, tope: number | null): SQL {
  if (tope === null) {
    const contar = (filas: SQL) => sql`(select count(*)::int from (${filas}) c)`;
    return sql`select ${sql.join(partes(f, guia).map(contar), sql` + `)} as n`;
  }
  // One limit over the parts in order: once the first ones hold more than the cap, the rest are never read.
  return sql`select count(*)::int as n from (${idsPorPalabras(f, guia)} limit ${entero(Math.trunc(tope) + 1)}) c`;
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
  pagina: Pagina,
): SQL {
  const cuantas = entero(pagina.offset + pagina.limit);
  const donde = condiciones(f, guia);
  const ramas = guia.vocabulario.map(
    (w) => sql`(select p.id_solicitud as id, p.nombres, p.apellidos from solicitudes_palabras p
      where ${and(sql`p.palabra = ${w}`, donde)}
      order by p.nombres ${dir}, p.apellidos ${dir}, p.id_solicitud ${dir} limit ${cuantas})`,
  );
  // The requests found by an official: the incumbents walked in name order, each one's request
  // checked as the plain query checks it (its own filters first, then its officials probed), the
  // guide term held by an official and not by the incumbent; for a rare word, the planner drives it
  // from the officials' words instead. Joined to the officials' part instead,
  // the walk probed the officials of every institution's requests (issue 40: Originador's "núñez"
  // sorted by name, 2,570 probes for ten requests of its own institution).
  if (f.buscarFuncionarios) {
    const incumbente = SOLICITUDES.palabras as NonNullable<typeof SOLICITUDES.palabras>;
    ramas.push(sql`(select solicitudes.id_solicitud as id, ix.nombres, ix.apellidos from incumbentes ix
      join solicitudes on solicitudes.id_incumbente = ix.id_incumbente
      where ${and(
        predicado(f, SOLICITUDES_RECORRIDO, { busqueda: f.busqueda.filter((t) => t !== guia.termino) }),
        sql`not (${incumbente(guia.termino.palabras)})`,
        // Not forced per row: for a word few officials hold, the planner reads them first instead
        // (a walk would read every incumbent, 4.9 s at 1M for a name no official has).
        deFuncionario(sql`"solicitudes"."id_solicitud"`)(guia.termino.palabras),
      )}
      order by ix.nombres ${dir}, ix.apellidos ${dir}, solicitudes.id_solicitud ${dir} limit ${cuantas})`);
  }
  const union =
    ramas.length > 0
      ? sql.join(ramas, sql` union all `)
      : sql`(select null::int as id, null::text as nombres, null::text as apellidos where false)`;
  return sql`select ${columnas}, x.nombres as k1, x.apellidos as k2
    from (${union}) x join solicitudes on solicitudes.id_solicitud = x.id
    order by x.nombres ${dir}, x.apellidos ${dir}, x.id ${dir}
    limit ${entero(pagina.limit)} offset ${entero(pagina.offset)}`;
}
