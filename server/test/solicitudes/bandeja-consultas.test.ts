/**
 * The SQL text of every path of the inbox planner, kept beside its builders in
 * `src/solicitudes/bandeja/queries/*.sql` (as immich keeps `queries/*.sql` beside its
 * repositories): each scenario is planned by `planear`, its step built into SQL and formatted, and
 * the text must equal the file. A change to a fast path then shows as an SQL diff in review;
 * `npx vitest run test/solicitudes/bandeja-consultas.test.ts --update` rewrites the files after an
 * intended change. Also: every shape of query has a scenario, and no file is left without one.
 */
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { SQL } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";
import { format } from "sql-formatter";
import { describe, expect, it } from "vitest";
import { consultaConteo, consultaLectura, sumaTotales } from "../../src/solicitudes/bandeja/consultas.js";
import type { FiltroBandeja, OrdenBandeja, Pagina, TerminoBusqueda } from "../../src/solicitudes/bandeja/filtro.js";
import { armarGuia, consultaVocabulario } from "../../src/solicitudes/bandeja/palabras.js";
import {
  type Cursor,
  type Forma,
  type Hechos,
  type Paso,
  planear,
} from "../../src/solicitudes/bandeja/planificador.js";

const CARPETA = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../src/solicitudes/bandeja/queries");
const dialecto = new PgDialect();

const nombre = (...palabras: string[]): TerminoBusqueda => ({ palabras, instituciones: [], estatus: [] });
// Every inbox's search also finds officials (issue 35), as the service asks.
const ANALISTA: FiltroBandeja = {
  estatus: [101, 204],
  idInstitucionAlcance: null,
  busqueda: [],
  buscarFuncionarios: true,
};
const ORIGINADOR: FiltroBandeja = { idInstitucionAlcance: 7, busqueda: [], buscarFuncionarios: true };
const HISTORICO: FiltroBandeja = {
  decididoJuridico: true,
  idInstitucionAlcance: null,
  busqueda: [],
  buscarFuncionarios: true,
};
const NUNEZ = nombre("nunez");
const ANA_NUNEZ = nombre("ana", "nunez");
const ACTIVA: TerminoBusqueda = {
  palabras: ["activa"],
  instituciones: [],
  estatus: [{ codigos: [106] }, { codigos: [101], asignado: true }],
};
const HACIENDA: TerminoBusqueda = { palabras: ["hacienda"], instituciones: [3, 9], estatus: [] };
const fecha: OrdenBandeja = { campo: "fechaSolicitud", sentido: -1 };
const primera: Pagina = { offset: 0, limit: 10 };

const guia = (f: FiltroBandeja, vocabulario: string[] | null, otra: string[] | null = null) => {
  const p = planear({ filtro: f, orden: fecha, pagina: primera, tope: 10_000 });
  if (p.paso !== "guia") throw new Error(`no guide for ${JSON.stringify(f.busqueda)}`);
  return armarGuia(p.eleccion, vocabulario, otra);
};

interface Escenario {
  /** The file's name, without `.sql`. */
  archivo: string;
  descripcion: string;
  filtro: FiltroBandeja;
  orden: OrdenBandeja;
  pagina: Pagina | null;
  hechos?: Hechos;
  /** A keyset page's cursor (issue 40). */
  despues?: Cursor;
  /** The step the planner must give. */
  paso: Paso["paso"];
}

const ESCENARIOS: Escenario[] = [
  {
    archivo: "todas-fecha",
    descripcion: "Every matching row in date order (an export): one plain walk of the dates",
    filtro: { ...ANALISTA, busqueda: [NUNEZ] },
    orden: fecha,
    pagina: null,
    paso: "leer",
  },
  {
    archivo: "primera-fecha-por-estatus",
    descripcion:
      "The analyst's inbox as it opens: each status' newest requests merged, the counters' total on every row",
    filtro: ANALISTA,
    orden: fecha,
    pagina: primera,
    paso: "leer",
  },
  {
    archivo: "primera-id-originador",
    descripcion:
      "The originator's inbox by request number: its institution's requests, the counters' total on every row",
    filtro: ORIGINADOR,
    orden: { campo: "idSolicitud", sentido: -1 },
    pagina: primera,
    paso: "leer",
  },
  {
    archivo: "primera-cantidad",
    descripcion: "By officials' count, with the institution and status dropdowns",
    filtro: { ...ANALISTA, institucion: 3, estatusFiltro: 101 },
    orden: { campo: "cantFuncionarios", sentido: -1 },
    pagina: primera,
    paso: "leer",
  },
  {
    archivo: "primera-recorrido-estatus-historico",
    descripcion: "The legal history by status: one branch per status through the (decided status, date) index",
    filtro: HISTORICO,
    orden: { campo: "estatus", sentido: 1 },
    pagina: primera,
    paso: "leer",
  },
  {
    archivo: "primera-recorrido-institucion",
    descripcion: "By institution: each institution in name order, its newest requests from its index",
    filtro: ANALISTA,
    orden: { campo: "institucion", sentido: 1 },
    pagina: primera,
    paso: "leer",
  },
  {
    archivo: "vocabulario",
    descripcion: "A search's guide word: its vocabulary words, skipping along the words table's index",
    filtro: { ...ANALISTA, busqueda: [NUNEZ] },
    orden: fecha,
    pagina: primera,
    paso: "guia",
  },
  {
    archivo: "total-palabras",
    descripcion: "A searched page in date order: first the capped total, an index-only scan of the word's rows",
    filtro: { ...ANALISTA, busqueda: [NUNEZ] },
    orden: fecha,
    pagina: primera,
    hechos: { guia: guia({ ...ANALISTA, busqueda: [NUNEZ] }, ["nunez"]) },
    paso: "total",
  },
  {
    archivo: "total-pares",
    descripcion:
      "Two words, the second also naming statuses: the pairs table, then each status without the second word",
    filtro: { ...ANALISTA, busqueda: [NUNEZ, ACTIVA] },
    orden: fecha,
    pagina: primera,
    hechos: { guia: guia({ ...ANALISTA, busqueda: [NUNEZ, ACTIVA] }, ["nunez"], ["activa", "activo"]) },
    paso: "total",
  },
  {
    archivo: "total-pares-institucion",
    descripcion:
      "Two words in one institution, the second also naming statuses: the requests without it whose official holds it read from the officials' words",
    filtro: { ...ORIGINADOR, busqueda: [NUNEZ, ACTIVA] },
    orden: fecha,
    pagina: primera,
    hechos: { guia: guia({ ...ORIGINADOR, busqueda: [NUNEZ, ACTIVA] }, ["nunez"], ["activa", "activo"]) },
    paso: "total",
  },
  {
    archivo: "primera-fecha-coincidencias",
    descripcion:
      "A searched page in date order of a few thousand matches: their ids and dates from the words and pairs tables, sorted",
    filtro: { ...ANALISTA, busqueda: [ANA_NUNEZ] },
    orden: fecha,
    pagina: primera,
    hechos: {
      guia: guia({ ...ANALISTA, busqueda: [ANA_NUNEZ] }, ["nunez"], ["ana", "anabel"]),
      total: { totalRecords: 2812 },
    },
    paso: "leer",
  },
  {
    archivo: "primera-fecha-buscada",
    descripcion: "A searched page in date order of more than the cap's matches: along the dates, the search checked",
    filtro: { ...ANALISTA, busqueda: [NUNEZ, HACIENDA] },
    orden: fecha,
    pagina: primera,
    hechos: {
      guia: guia({ ...ANALISTA, busqueda: [NUNEZ, HACIENDA] }, null),
      total: { totalRecords: 10_000, totalLimitado: true },
    },
    paso: "leer",
  },
  {
    archivo: "siguiente-fecha-buscada",
    descripcion:
      "The paginator's next page (page 50) of a searched date order over the cap: the rows after its cursor, walked",
    filtro: { ...ANALISTA, busqueda: [NUNEZ, HACIENDA] },
    orden: fecha,
    pagina: { offset: 490, limit: 10 },
    despues: { fecha: "2025-03-01T08:00:00.000Z", idSolicitud: 4321 },
    hechos: {
      guia: guia({ ...ANALISTA, busqueda: [NUNEZ, HACIENDA] }, null),
      total: { totalRecords: 10_000, totalLimitado: true },
    },
    paso: "leer",
  },
  {
    archivo: "siguiente-fecha-coincidencias",
    descripcion: "The next page of a searched date order under the cap: the sorted matches after its cursor",
    filtro: { ...HISTORICO, busqueda: [ANA_NUNEZ] },
    orden: fecha,
    pagina: { offset: 30, limit: 10 },
    despues: { fecha: "2025-03-01T08:00:00.000Z", idSolicitud: 4321 },
    hechos: { guia: guia({ ...HISTORICO, busqueda: [ANA_NUNEZ] }, ["ana"], ["nunez"]), total: { totalRecords: 812 } },
    paso: "leer",
  },
  {
    archivo: "primera-nombre-por-palabras",
    descripcion:
      "A search sorted by name: each vocabulary word's requests in name order, merged (the total counted beside it)",
    filtro: { ...ANALISTA, busqueda: [NUNEZ] },
    orden: { campo: "nombres", sentido: 1 },
    pagina: primera,
    hechos: { guia: guia({ ...ANALISTA, busqueda: [NUNEZ] }, ["nunez", "nunezz"]) },
    paso: "leer",
  },
  {
    archivo: "primera-cedula-buscada",
    descripcion: "A cédula piece sorted by cédula: the search index and a join, the rows counted up to the cap",
    filtro: { ...ANALISTA, busqueda: [nombre("0010001")] },
    orden: { campo: "cedula", sentido: 1 },
    pagina: primera,
    paso: "leer",
  },
  {
    archivo: "primera-fecha-cedula",
    descripcion:
      "An official's cédula in date order: the requests the two GIN indexes name, read by primary key, then sorted",
    filtro: { ...HISTORICO, busqueda: [nombre("00100030040")] },
    orden: fecha,
    pagina: primera,
    hechos: { total: { totalRecords: 1 } },
    paso: "leer",
  },
  {
    archivo: "primera-institucion-buscada",
    descripcion: "A search sorted by institution: what the search finds, sorted by name",
    filtro: { ...ANALISTA, busqueda: [nombre("0010001")] },
    orden: { campo: "institucion", sentido: -1 },
    pagina: primera,
    paso: "leer",
  },
  {
    archivo: "primera-vencimiento",
    descripcion: "Por vencer: an active temporary official ending within the dates, counted exactly beside the page",
    filtro: { ...ORIGINADOR, vencimiento: { desde: "2026-11-26", hasta: "2026-12-26" } },
    orden: fecha,
    pagina: primera,
    paso: "leer",
  },
  {
    archivo: "primera-espera",
    descripcion: "The legal inbox by days waiting: the open stay in a reviewer's stage joined, oldest entry first",
    filtro: { ...ANALISTA, estatus: [102, 103] },
    orden: { campo: "diasEspera", sentido: -1 },
    pagina: primera,
    paso: "leer",
  },
  {
    archivo: "primera-mis-asignadas-en-espera",
    descripcion: "Mis asignadas, waiting long: the held-requests index, the stage's entry checked",
    filtro: { ...ANALISTA, asignadoA: 12, enEsperaDesdeAntes: "2026-11-21T00:00:00-04:00" },
    orden: fecha,
    pagina: primera,
    paso: "leer",
  },
  {
    archivo: "primera-numero",
    descripcion: "A number alone: the request with that number, or cédulas with a part starting with it",
    filtro: { ...ANALISTA, busqueda: [{ ...nombre("46"), solicitud: 46 }] },
    orden: fecha,
    pagina: primera,
    hechos: { total: { totalRecords: 3 } },
    paso: "leer",
  },
  {
    archivo: "primera-fecha-funcionarios",
    descripcion:
      "A searched page in date order of more matches than the cap: the dates walked, each request's incumbent's words or one official's (their index, the requests hashed once) checked",
    filtro: { ...ORIGINADOR, busqueda: [ANA_NUNEZ] },
    orden: fecha,
    pagina: primera,
    hechos: {
      guia: guia({ ...ORIGINADOR, busqueda: [ANA_NUNEZ] }, ["nunez"], ["ana", "anabel"]),
      total: { totalRecords: 10_000, totalLimitado: true },
    },
    paso: "leer",
  },
  {
    archivo: "profunda-total",
    descripcion: "A deep page: the exact total first, from the counters",
    filtro: ANALISTA,
    orden: { campo: "cedula", sentido: 1 },
    pagina: { offset: 90_000, limit: 10 },
    paso: "total",
  },
  {
    archivo: "profunda-invertida",
    descripcion: "A page past the middle: read from the other end in the reverse order",
    filtro: ANALISTA,
    orden: { campo: "cedula", sentido: 1 },
    pagina: { offset: 90_000, limit: 10 },
    hechos: { total: { totalRecords: 100_000 } },
    paso: "leer",
  },
];

/** The SQL a step runs (a page with its total beside it or on its rows: both). */
function consultasDe(e: Escenario, paso: Paso): SQL[] {
  switch (paso.paso) {
    case "guia":
      return [paso.eleccion.palabra, ...(paso.eleccion.segunda ? [paso.eleccion.segunda.palabra] : [])].map(
        consultaVocabulario,
      );
    case "total":
      return [consultaConteo(e.filtro, paso.conteo)];
    case "vacia":
      return [];
    case "leer":
      if (paso.total?.como === "enLasFilas") return [consultaLectura(paso.lectura, sumaTotales(e.filtro))];
      if (paso.total?.como === "aparte")
        return [consultaLectura(paso.lectura), consultaConteo(e.filtro, paso.total.conteo)];
      return [consultaLectura(paso.lectura)];
  }
}

function texto(e: Escenario, paso: Paso): string {
  const partes = consultasDe(e, paso).map((q) => {
    const { sql: s, params } = dialecto.sqlToQuery(q);
    return `${format(s, { language: "postgresql" })};\n-- params: ${JSON.stringify(params)}\n`;
  });
  return `-- ${e.descripcion}\n-- paso: ${paso.paso}${paso.paso === "leer" ? ` (${paso.lectura.forma.forma})` : ""}\n\n${partes.join("\n")}`;
}

describe("the SQL of each path of the inbox planner", () => {
  for (const e of ESCENARIOS) {
    it(`${e.archivo}: ${e.descripcion}`, async () => {
      const paso = planear(
        { filtro: e.filtro, orden: e.orden, pagina: e.pagina, tope: 10_000, despues: e.despues },
        e.hechos,
      );
      expect(paso.paso).toBe(e.paso);
      await expect(texto(e, paso)).toMatchFileSnapshot(path.join(CARPETA, `${e.archivo}.sql`));
    });
  }

  it("every shape of page query has a scenario", () => {
    const formas = new Set(
      ESCENARIOS.map((e) =>
        planear({ filtro: e.filtro, orden: e.orden, pagina: e.pagina, tope: 10_000, despues: e.despues }, e.hechos),
      ).flatMap((p) => (p.paso === "leer" ? [p.lectura.forma.forma] : [])),
    );
    const todas: Forma["forma"][] = [
      "fecha",
      "fechaPorEstatus",
      "fechaCoincidencias",
      "id",
      "incumbente",
      "nombrePorPalabras",
      "cantidad",
      "espera",
      "institucionBuscada",
      "recorridoEstatus",
      "recorridoInstitucion",
    ];
    expect([...formas].sort()).toEqual([...todas].sort());
  });

  it("no SQL file is left without its scenario", () => {
    const archivos = fs.readdirSync(CARPETA).filter((a) => a.endsWith(".sql"));
    expect(archivos.sort()).toEqual(ESCENARIOS.map((e) => `${e.archivo}.sql`).sort());
  });
});
