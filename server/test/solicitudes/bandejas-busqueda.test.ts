/**
 * Inbox searches with a capped total, against the plain queries on generated rows: the
 * capped count (`contarHasta`) is the plain count up to the cap; a searched page of any inbox, sort,
 * size and position (before, at and past the cap, past the end) holds the rows of the plain ordered
 * query, with the exact total or, while the page lies within a search matching more than the cap,
 * the cap and `totalLimitado`; the date order of several statuses with and without the
 * frequent-statuses hint. Every inbox also finds a request by one of its officials (issue 35): its
 * matches are checked against a reading written here in JavaScript (its own accent folding, each
 * person's words). Then the real cap through the API: a search matching 10,050 requests.
 */
import { CATALOGO_ESTATUS, CODIGOS_ESTATUS, rolesDeVistas, TOPE_TOTAL_BUSQUEDA } from "@registro/contracts";
import { type SQL, sql } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { Db } from "../../src/db/client.js";
import type { SesionUsuario } from "../../src/llamante/sesion.js";
import { fechaLocal } from "../../src/shared/tiempo.js";
import * as repo from "../../src/solicitudes/bandeja/bandeja.repository.js";
import type { FiltroBandeja, OrdenBandeja } from "../../src/solicitudes/bandeja/filtro.js";
import { type Bandeja, listarBandeja, prepararBandeja } from "../../src/solicitudes/bandejas.service.js";
import { crearTestApp, type TestApp } from "../support/app.js";

/** Today and the default notice days, for the inboxes' "Por vencer / Vencidas" filter. */
const VIGENCIA = { hoy: fechaLocal(new Date()), diasAviso: 30 };

vi.setConfig({ testTimeout: 120_000, hookTimeout: 120_000 });

const N = 1_200;
const CODIGOS = [...CODIGOS_ESTATUS] as number[];
// Few names and surnames, so that a word matches anything from a handful of requests to a third.
const NOMBRES = ["Abril", "Abigail", "Bruno", "Bartolo", "Celia", "Abigail Abril"];
const APELLIDOS = ["Quiroga", "Quintana", "Urbina", "Uribe", "Urdaneta", "Valdez"];
// The officials' own names (some shared with incumbents'), with accents and a ñ.
const NOMBRES_FUNCIONARIO = ["Éster", "Esteban", "Óscar", "Abril", "Ismael Íñigo"];
const APELLIDOS_FUNCIONARIO = ["Núñez", "Nuño", "Olivares", "Oliva", "Quiroga"];

let t: TestApp;
let instituciones: number[];
let institucionOriginador: number;

async function filas<T>(db: Db, consulta: SQL): Promise<T[]> {
  return ((await db.execute(consulta)) as unknown as { rows: T[] }).rows;
}

const sesion = (externo: boolean): SesionUsuario => ({
  idSesion: 0,
  idUsuario: 0,
  usuario: externo ? "originador" : "administrador",
  nombre: "Prueba",
  apellido: "Prueba",
  idPerfil: 0,
  perfil: "Prueba",
  externo,
  idInstitucion: externo ? institucionOriginador : null,
  institucion: null,
  cambioClave: false,
  segundoFactorPendiente: false,
  vistas: new Set(),
  roles: rolesDeVistas(new Set()),
});

beforeAll(async () => {
  t = await crearTestApp();
  [{ id: institucionOriginador }] = await filas<{ id: number }>(
    t.db,
    sql`select id_institucion as id from usuarios where usuario = 'originador'`,
  );
  instituciones = (
    await filas<{ id: number }>(
      t.db,
      sql`select id_institucion as id from instituciones order by id_institucion limit 4`,
    )
  ).map((r) => r.id);
  if (!instituciones.includes(institucionOriginador)) instituciones.push(institucionOriginador);
  const [{ cargo }] = await filas<{ cargo: number }>(t.db, sql`select min(id_cargo)::int as cargo from cargos`);
  // 240 incumbents from the small vocabulary, each with a few requests; repeated dates (ties).
  await t.db.execute(sql`
    insert into incumbentes (id_institucion, cedula, nombres, apellidos, cod_cargo, telefono)
    select ${instituciones[0]}::int, '402-' || lpad(g::text, 7, '0') || '-1',
           (${sql.raw(`array[${NOMBRES.map((n) => `'${n}'`).join(",")}]`)})[1 + (hashint4(g) & 1023) % ${NOMBRES.length}::int],
           (${sql.raw(`array[${APELLIDOS.map((n) => `'${n}'`).join(",")}]`)})[1 + (hashint4(g * 3) & 1023) % ${APELLIDOS.length}::int]
             || ' ' || (${sql.raw(`array[${APELLIDOS.map((n) => `'${n}'`).join(",")}]`)})[1 + (hashint4(g * 5) & 1023) % ${APELLIDOS.length}::int],
           ${cargo}::int, '(809) 555-0101'
    from generate_series(1, 240) g`);
  await t.db.execute(sql`
    insert into solicitudes (id_institucion, id_incumbente, estatus, fecha_solicitud, decidido_juridico, asignado_a)
    select (${sql.raw(`array[${instituciones.join(",")}]`)})[1 + (hashint4(g) & 1023) % ${instituciones.length}::int],
           inc.ids[1 + (hashint4(g * 7) & 1023) % array_length(inc.ids, 1)],
           (${sql.raw(`array[${CODIGOS.join(",")}]`)})[1 + (hashint4(g * 13) & 1023) % ${CODIGOS.length}::int],
           timestamptz '2025-01-01 08:00:00+00' + ((hashint4(g * 17) & 1023) % 150) * interval '1 hour',
           (hashint4(g * 19) & 1) = 1,
           case when (hashint4(g * 23) & 3) = 0 then (select min(id_usuario) from usuarios) end
    from generate_series(1, ${N}::int) g,
         (select array_agg(id_incumbente order by id_incumbente) as ids from incumbentes
          where cedula like '402-%') inc`);
  // Two requests in three get one or two officials of their own names.
  const arr = (xs: string[]) => sql.raw(`array[${xs.map((n) => `'${n}'`).join(",")}]`);
  await t.db.execute(sql`
    insert into funcionarios (id_solicitud, cedula, nombres, apellidos, cod_cargo, telefono)
    select s.id_solicitud, '403-' || lpad((s.id_solicitud * 2 + k)::text, 7, '0') || '-' || k,
           (${arr(NOMBRES_FUNCIONARIO)})[1 + (hashint4(s.id_solicitud * 29 + k) & 1023) % ${NOMBRES_FUNCIONARIO.length}::int],
           (${arr(APELLIDOS_FUNCIONARIO)})[1 + (hashint4(s.id_solicitud * 31 + k) & 1023) % ${APELLIDOS_FUNCIONARIO.length}::int],
           ${cargo}::int, '(809) 555-0102'
    from solicitudes s
    join incumbentes i on i.id_incumbente = s.id_incumbente and i.cedula like '402-%'
    cross join generate_series(1, 2) k
    where (hashint4(s.id_solicitud * 37) & 3) <> 0 and (k = 1 or (hashint4(s.id_solicitud * 41) & 1) = 0)`);
  // Half the requests written once more: their rows move to the table's end, so that in a tie of
  // dates an index lists them after the others whatever their numbers (a walk that took an index's
  // order for the number's would be caught).
  await t.db.execute(sql`update solicitudes set fecha_solicitud = fecha_solicitud + interval '0 s'
    where (hashint4(id_solicitud * 43) & 1) = 0`);
});
afterAll(() => t?.close());

// What users type: words and their starts, a cédula piece, an institution's or a status' word, in
// any case and with accents, one to three of them.
const arbPalabra = fc.oneof(
  fc
    .constantFrom(...NOMBRES, ...APELLIDOS, ...NOMBRES_FUNCIONARIO, ...APELLIDOS_FUNCIONARIO)
    .chain((w) => fc.integer({ min: 1, max: w.length }).map((n) => w.slice(0, n))),
  fc.constantFrom("402", "403", "0000", "00001", "ministerio", "hacienda", "santiago", "ayuntamiento"),
  fc.constantFrom("enviado", "activa", "pendiente", "revisión", "juridico", "inactivado", "ÚRBINA", "quirogá"),
);
const arbQ = fc.array(arbPalabra, { minLength: 1, maxLength: 3 }).map((ws) => ws.join(" "));
const BANDEJAS: Bandeja[] = ["originador", "analista", "juridico", "historico", "administrador", "consultor"];
const ORDENES = ["fechaSolicitud", "estatus", "institucion", "cedula", "nombres", "cantFuncionarios", "idSolicitud"];

// The orders written out plainly (the repository walks indexes or lets the planner choose).
const POR_TEXTO = [...CODIGOS].sort((a, b) =>
  CATALOGO_ESTATUS[a as keyof typeof CATALOGO_ESTATUS].estatus.localeCompare(
    CATALOGO_ESTATUS[b as keyof typeof CATALOGO_ESTATUS].estatus,
    "es",
  ),
);
const ORDEN_PLANO: Record<string, (d: SQL) => SQL> = {
  fechaSolicitud: (d) => sql`s.fecha_solicitud ${d}, s.id_solicitud ${d}`,
  idSolicitud: (d) => sql`s.id_solicitud ${d}`,
  cedula: (d) => sql`i.cedula ${d}, s.id_solicitud ${d}`,
  nombres: (d) => sql`i.nombres ${d}, i.apellidos ${d}, s.id_solicitud ${d}`,
  cantFuncionarios: (d) => sql`s.cant_funcionarios ${d}, s.id_solicitud ${d}`,
  estatus: (d) =>
    sql`array_position(${sql.raw(`array[${POR_TEXTO.join(",")}]`)}, s.estatus::int) ${d}, s.fecha_solicitud desc, s.id_solicitud desc`,
  institucion: (d) => sql`n.nombre ${d}, n.id_institucion ${d}, s.fecha_solicitud desc, s.id_solicitud desc`,
};

/** The ids matching the inbox's filters and search, with the plain count of them. */
async function coincidencias(filtro: FiltroBandeja): Promise<number[]> {
  const orden: OrdenBandeja = { campo: "idSolicitud", sentido: 1 };
  const todas = await repo.listarBandeja(t.db, filtro, orden, null);
  const ids = todas.map((f) => f.idSolicitud);
  expect(ids.length).toBe(await repo.contarFilas(t.db, filtro));
  return ids;
}

describe("capped count of a search", () => {
  it("is the plain count up to the cap, and the cap plus one beyond it", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...BANDEJAS),
        arbQ,
        fc.oneof(fc.constantFrom(0, 1, 10, 50), fc.integer({ min: 0, max: 400 })),
        fc.option(fc.constantFrom(...CODIGOS), { nil: undefined, freq: 3 }),
        async (bandeja, q, tope, estatus) => {
          const { filtro } = await prepararBandeja(
            t.db,
            sesion(bandeja === "originador"),
            bandeja,
            {
              page: 0,
              rows: 10,
              sortOrder: -1,
              q,
              estatus,
            },
            VIGENCIA,
          );
          const plano = await repo.contarFilas(t.db, filtro);
          expect(await repo.contarHasta(t.db, filtro, tope)).toBe(Math.min(plano, tope + 1));
        },
      ),
      { numRuns: 120 },
    );
  });
});

describe("two or three words: the pairs table (migration 0013) and the words table", () => {
  // Starts of the names, so that two of them often name several words of one request ("ur":
  // Urbina, Uribe, Urdaneta), plus words that also name institutions or statuses.
  const arbInicio = fc
    .constantFrom(...NOMBRES, ...APELLIDOS, ...NOMBRES_FUNCIONARIO, ...APELLIDOS_FUNCIONARIO)
    .chain((w) => fc.integer({ min: 1, max: w.length }).map((n) => w.slice(0, n)));
  const arbSegunda = fc.oneof(arbInicio, fc.constantFrom("u", "a", "in", "re", "pe", "activa", "juridico"));
  it("the capped and the exact count, and the page sorted by name, are the plain query's", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...BANDEJAS),
        arbInicio,
        arbSegunda,
        fc.oneof(fc.constantFrom(0, 1, 10, 10_000), fc.integer({ min: 0, max: 300 })),
        fc.option(fc.constantFrom(...CODIGOS), { nil: undefined, freq: 4 }),
        fc.option(fc.constantFrom(...instituciones), { nil: undefined, freq: 4 }),
        fc.constantFrom(1 as const, -1 as const),
        fc.option(arbSegunda, { nil: undefined, freq: 2 }),
        async (bandeja, a, b, tope, estatus, institucion, sortOrder, c) => {
          const { filtro } = await prepararBandeja(
            t.db,
            sesion(bandeja === "originador"),
            bandeja,
            {
              page: 0,
              rows: 10,
              sortOrder,
              q: [a, b, c].filter(Boolean).join(" "),
              estatus,
              institucion,
            },
            VIGENCIA,
          );
          const plano = await repo.contarFilas(t.db, filtro);
          expect(await repo.contarHasta(t.db, filtro, tope)).toBe(Math.min(plano, tope + 1));
          expect(await repo.contarBandeja(t.db, filtro)).toBe(plano);
          const orden: OrdenBandeja = { campo: "nombres", sentido: sortOrder };
          const todas = await repo.listarBandeja(t.db, filtro, orden, null);
          for (const pagina of [
            { offset: 0, limit: 10 },
            { offset: 7, limit: 5 },
          ]) {
            const filas = await repo.listarBandeja(t.db, filtro, orden, pagina);
            expect(filas.map((f) => f.idSolicitud)).toEqual(
              todas.slice(pagina.offset, pagina.offset + pagina.limit).map((f) => f.idSolicitud),
            );
          }
        },
      ),
      // One institution's search whose second word also names statuses ("in": Inactivado, Inactivar;
      // no institution but the Ministerio's and the Instituto's) and is held by officials (Íñigo).
      {
        numRuns: 150,
        examples: (["consultor", "historico", "administrador"] as const).map(
          (
            b,
          ): [Bandeja, string, string, number, number | undefined, number | undefined, 1 | -1, string | undefined] => [
            b,
            "quiroga",
            "in",
            10_000,
            undefined,
            instituciones[1],
            -1,
            undefined,
          ],
        ),
      },
    );
  });

  it("a date-ordered page past the first ones (the matches sorted, or walked) is the plain query's", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...BANDEJAS),
        arbInicio,
        fc.option(arbSegunda, { nil: undefined }),
        fc.constantFrom(1 as const, -1 as const),
        fc.integer({ min: 2, max: 40 }),
        fc.constantFrom(0, 50, 10_000),
        async (bandeja, a, b, sortOrder, page, tope) => {
          const externo = bandeja === "originador";
          const consulta = { rows: 10, q: b ? `${a} ${b}` : a, sortField: "fechaSolicitud", sortOrder };
          const { filtro } = await prepararBandeja(t.db, sesion(externo), bandeja, { ...consulta, page: 0 }, VIGENCIA);
          const ids = await coincidencias(filtro);
          const esperados =
            ids.length === 0
              ? []
              : (
                  await filas<{ id: number }>(
                    t.db,
                    sql`select s.id_solicitud as id from solicitudes s where s.id_solicitud in (${sql.raw(ids.join(","))})
                      order by ${ORDEN_PLANO.fechaSolicitud(sql.raw(sortOrder === 1 ? "asc" : "desc"))}
                      limit 10 offset ${page * 10}::int`,
                  )
                ).map((r) => r.id);
          const respuesta = await listarBandeja(t.db, sesion(externo), bandeja, { ...consulta, page }, VIGENCIA, tope);
          if (Array.isArray(respuesta)) throw new Error("a paged call answers a page");
          expect(respuesta.rows.map((r) => r.idSolicitud)).toEqual(esperados);
        },
      ),
      { numRuns: 120 },
    );
  });
});

describe("keyset pages (despuesDe, issue 40) against the plain query", () => {
  it("in date order, any inbox, search, size and cursor: the rows after the cursor, with the page's total", async () => {
    const arbConsulta = fc.record({
      bandeja: fc.constantFrom(...BANDEJAS),
      q: fc.option(arbQ, { nil: undefined, freq: 4 }),
      sortOrder: fc.constantFrom(1 as const, -1 as const),
      rows: fc.oneof(fc.constantFrom(1, 10, 25), fc.integer({ min: 1, max: 60 })),
      // Where the cursor falls, as a fraction of the matches.
      posicion: fc.oneof(fc.constantFrom(0, 0.5, 0.99, 1), fc.double({ min: 0, max: 1, noNaN: true })),
      tope: fc.oneof(fc.constantFrom(0, 10, 100, 10_000), fc.integer({ min: 0, max: 300 })),
      institucion: fc.option(fc.constantFrom(...instituciones), { nil: undefined, freq: 4 }),
    });
    await fc.assert(
      fc.asyncProperty(arbConsulta, async (c) => {
        const externo = c.bandeja === "originador";
        const base = {
          rows: c.rows,
          q: c.q,
          sortField: "fechaSolicitud",
          sortOrder: c.sortOrder,
          institucion: c.institucion,
        };
        const { filtro } = await prepararBandeja(t.db, sesion(externo), c.bandeja, { ...base, page: 0 }, VIGENCIA);
        const ids = await coincidencias(filtro);
        fc.pre(ids.length > 0);
        const enOrden = (
          await filas<{ id: number }>(
            t.db,
            sql`select s.id_solicitud as id from solicitudes s where s.id_solicitud in (${sql.raw(ids.join(","))})
              order by ${ORDEN_PLANO.fechaSolicitud(sql.raw(c.sortOrder === 1 ? "asc" : "desc"))}`,
          )
        ).map((r) => r.id);
        const k = Math.min(Math.floor(c.posicion * enOrden.length), enOrden.length - 1);
        const page = Math.floor((k + 1) / c.rows);
        const consulta = { ...base, page, despuesDe: enOrden[k] };
        const respuesta = await listarBandeja(t.db, sesion(externo), c.bandeja, consulta, VIGENCIA, c.tope);
        if (Array.isArray(respuesta)) throw new Error("a paged call answers a page");
        expect(respuesta.rows.map((r) => r.idSolicitud)).toEqual(enOrden.slice(k + 1, k + 1 + c.rows));
        const total = enOrden.length;
        const limitado = filtro.busqueda.length > 0 && total > c.tope && (page + 1) * c.rows <= c.tope;
        expect(respuesta.totalRecords).toBe(limitado ? c.tope : total);
        expect(respuesta.totalLimitado).toBe(limitado ? true : undefined);
      }),
      { numRuns: 150 },
    );
  });

  it("a cursor this inbox does not list, or another order, reads the page by its number", async () => {
    const { filtro } = await prepararBandeja(t.db, sesion(false), "analista", { rows: 10, sortOrder: -1 }, VIGENCIA);
    const ids = await coincidencias(filtro);
    const [{ id: fuera }] = await filas<{ id: number }>(
      t.db,
      sql`select min(id_solicitud) as id from solicitudes where estatus not in (${sql.raw(filtro.estatus?.join(",") ?? "0")})`,
    );
    for (const consulta of [
      { rows: 10, sortOrder: -1 as const, page: 3, despuesDe: fuera },
      { rows: 10, sortOrder: -1 as const, page: 3, despuesDe: 2_000_000_000 },
      { rows: 10, sortOrder: 1 as const, sortField: "idSolicitud", page: 3, despuesDe: ids[5] },
    ]) {
      const conCursor = await listarBandeja(t.db, sesion(false), "analista", consulta, VIGENCIA);
      const sinCursor = await listarBandeja(
        t.db,
        sesion(false),
        "analista",
        { ...consulta, despuesDe: undefined },
        VIGENCIA,
      );
      expect(conCursor).toEqual(sinCursor);
      if (Array.isArray(conCursor)) throw new Error("a paged call answers a page");
      expect(conCursor.rows).toHaveLength(10);
    }
  });
});

describe("searched pages against the plain query", () => {
  it("every inbox and sort, any page size and position, before and past the cap", async () => {
    const arbConsulta = fc.record({
      bandeja: fc.constantFrom(...BANDEJAS),
      q: arbQ,
      sortField: fc.constantFrom(...ORDENES),
      sortOrder: fc.constantFrom(1 as const, -1 as const),
      rows: fc.oneof(fc.constantFrom(1, 10, 25, 100), fc.integer({ min: 1, max: 100 })),
      // Where the page falls, as a fraction of the matches (past their end too).
      posicion: fc.oneof(fc.constantFrom(0, 0.49, 0.51, 0.99, 1, 1.2), fc.double({ min: 0, max: 1, noNaN: true })),
      tope: fc.oneof(fc.constantFrom(0, 10, 100, 10_000), fc.integer({ min: 0, max: 300 })),
      institucion: fc.option(fc.constantFrom(...instituciones), { nil: undefined, freq: 4 }),
    });
    await fc.assert(
      fc.asyncProperty(arbConsulta, async (c) => {
        const externo = c.bandeja === "originador";
        const base = {
          rows: c.rows,
          q: c.q,
          sortField: c.sortField,
          sortOrder: c.sortOrder,
          institucion: c.institucion,
        };
        const { filtro } = await prepararBandeja(t.db, sesion(externo), c.bandeja, { ...base, page: 0 }, VIGENCIA);
        const ids = await coincidencias(filtro);
        const total = ids.length;
        const page = Math.floor(Math.min(c.posicion * total, total + c.rows) / c.rows);
        const esperados =
          total === 0
            ? []
            : (
                await filas<{ id: number }>(
                  t.db,
                  sql`select s.id_solicitud as id from solicitudes s
                    join incumbentes i on i.id_incumbente = s.id_incumbente
                    join instituciones n on n.id_institucion = s.id_institucion
                    where s.id_solicitud in (${sql.raw(ids.join(","))})
                    order by ${ORDEN_PLANO[c.sortField](sql.raw(c.sortOrder === 1 ? "asc" : "desc"))}
                    limit ${c.rows}::int offset ${page * c.rows}::int`,
                )
              ).map((r) => r.id);
        const respuesta = await listarBandeja(t.db, sesion(externo), c.bandeja, { ...base, page }, VIGENCIA, c.tope);
        if (Array.isArray(respuesta)) throw new Error("a paged call answers a page");
        const limitado = total > c.tope && (page + 1) * c.rows <= c.tope;
        expect(respuesta.totalRecords).toBe(limitado ? c.tope : total);
        expect(respuesta.totalLimitado).toBe(limitado ? true : undefined);
        expect(respuesta.rows.map((r) => r.idSolicitud)).toEqual(esperados);
      }),
      { numRuns: 150 },
    );
  });
});

describe("the date order of an inbox of several statuses, with and without the frequent-statuses hint", () => {
  it("one walk of the date index and a branch per status give the plain query's page", async () => {
    const arb = fc.record({
      codigos: fc.subarray(CODIGOS, { minLength: 1 }),
      sortOrder: fc.constantFrom(1 as const, -1 as const),
      rows: fc.oneof(fc.constantFrom(1, 10, 50), fc.integer({ min: 1, max: 100 })),
      page: fc.integer({ min: 0, max: 40 }),
      institucion: fc.option(fc.constantFrom(...instituciones), { nil: null, freq: 3 }),
    });
    await fc.assert(
      fc.asyncProperty(arb, async (c) => {
        const dir = sql.raw(c.sortOrder === 1 ? "asc" : "desc");
        const esperados = (
          await filas<{ id: number }>(
            t.db,
            sql`select s.id_solicitud as id from solicitudes s
              where s.estatus in (${sql.raw(c.codigos.join(","))})
                and (${c.institucion}::int is null or s.id_institucion = ${c.institucion}::int)
              order by s.fecha_solicitud ${dir}, s.id_solicitud ${dir}
              limit ${c.rows}::int offset ${c.page * c.rows}::int`,
          )
        ).map((r) => r.id);
        for (const estatusFrecuentes of [false, true]) {
          const filtro: FiltroBandeja = {
            estatus: c.codigos,
            idInstitucionAlcance: c.institucion,
            busqueda: [],
            estatusFrecuentes,
          };
          const orden: OrdenBandeja = { campo: "fechaSolicitud", sentido: c.sortOrder };
          const pagina = await repo.listarBandeja(t.db, filtro, orden, { offset: c.page * c.rows, limit: c.rows });
          expect(pagina.map((f) => f.idSolicitud)).toEqual(esperados);
        }
      }),
      // A page that ends inside a tie of dates of one status (a branch cut at its page's count of rows,
      // not at the last of that instant, left out the tie's larger number: found by 1,500 runs).
      { numRuns: 80, examples: [[{ codigos: [106], sortOrder: -1, rows: 16, page: 2, institucion: null }]] },
    );
  });
});

/** Lower case without accents, as a reader would compare (Unicode's decomposition, not the app's table). */
const plegado = (texto: string) =>
  texto
    .normalize("NFD")
    .replace(/\p{Diacritic}/gu, "")
    .toLowerCase();
/** A person's words: names, surnames, the cédula's parts and the cédula without dashes. */
const palabrasDe = (p: { nombres: string; apellidos: string; cedula: string }) =>
  [...`${p.nombres} ${p.apellidos} ${p.cedula}`.split(/[^\p{L}0-9]+/u), p.cedula.replaceAll("-", "")]
    .filter(Boolean)
    .map(plegado);
/** Every word typed starts a word of the person. */
const nombraA = (escritas: string[], persona: string[]) => escritas.every((w) => persona.some((p) => p.startsWith(w)));

describe("every inbox's search finds a request by one of its officials", () => {
  // Starts of at least two letters of the officials' and the incumbents' names, or a cédula piece,
  // typed in any case with or without accents.
  const arbNombre = fc
    .constantFrom(...NOMBRES_FUNCIONARIO, ...APELLIDOS_FUNCIONARIO, ...NOMBRES, ...APELLIDOS)
    .chain((w) => fc.integer({ min: Math.min(2, w.length), max: w.length }).map((n) => w.slice(0, n)))
    .chain((w) => fc.constantFrom(w, w.toUpperCase(), plegado(w)));
  const arbCedula = fc
    .constantFrom("403", "4030000", "0000")
    .chain((w) => fc.integer({ min: 0, max: 999 }).map((n) => `${w}${n}`.slice(0, 7)));

  it("the matches are the inbox's requests whose incumbent, or one of whose officials, each word typed names", async () => {
    const personas = await filas<{
      id: number;
      estatus: number;
      decidido: boolean;
      institucion: number;
      nombres: string;
      apellidos: string;
      cedula: string;
      funcionarios: { nombres: string; apellidos: string; cedula: string }[] | null;
    }>(
      t.db,
      sql`select s.id_solicitud as id, s.estatus, s.decidido_juridico as decidido, s.id_institucion as institucion,
            i.nombres, i.apellidos, i.cedula,
            (select json_agg(json_build_object('nombres', f.nombres, 'apellidos', f.apellidos, 'cedula', f.cedula))
             from funcionarios f where f.id_solicitud = s.id_solicitud) as funcionarios
          from solicitudes s join incumbentes i on i.id_incumbente = s.id_incumbente`,
    );
    const arb = fc.record({
      bandeja: fc.constantFrom(...BANDEJAS),
      palabras: fc.array(fc.oneof(arbNombre, arbNombre, arbCedula), { minLength: 1, maxLength: 2 }),
      sortField: fc.constantFrom(...ORDENES),
      sortOrder: fc.constantFrom(1 as const, -1 as const),
    });
    let porFuncionario = 0;
    await fc.assert(
      fc.asyncProperty(arb, async (c) => {
        const q = c.palabras.join(" ");
        const consulta = { rows: 10, q, sortField: c.sortField, sortOrder: c.sortOrder };
        const externo = c.bandeja === "originador";
        const { filtro } = await prepararBandeja(t.db, sesion(externo), c.bandeja, { ...consulta, page: 0 }, VIGENCIA);
        // Only words that can name nothing but a person (no institution, status or request number).
        fc.pre(
          filtro.busqueda.every(
            (b) => b.instituciones.length === 0 && b.estatus.length === 0 && b.solicitud === undefined,
          ),
        );
        const escritas = c.palabras.flatMap((w) => plegado(w).split(/[^a-z0-9]+/)).filter(Boolean);
        const enLaBandeja = (p: (typeof personas)[number]) =>
          (!filtro.estatus || filtro.estatus.includes(p.estatus)) &&
          (!filtro.decididoJuridico || p.decidido) &&
          (filtro.idInstitucionAlcance === null || p.institucion === filtro.idInstitucionAlcance);
        const esperados = personas
          .filter(enLaBandeja)
          .filter(
            (p) =>
              nombraA(escritas, palabrasDe(p)) || (p.funcionarios ?? []).some((f) => nombraA(escritas, palabrasDe(f))),
          )
          .map((p) => p.id)
          .sort((a, b) => a - b);
        porFuncionario += personas.filter((p) => !nombraA(escritas, palabrasDe(p)) && esperados.includes(p.id)).length;
        expect(await coincidencias(filtro)).toEqual(esperados);
        const respuesta = await listarBandeja(t.db, sesion(externo), c.bandeja, { ...consulta, page: 0 }, VIGENCIA);
        if (Array.isArray(respuesta)) throw new Error("a paged call answers a page");
        expect(respuesta.totalRecords).toBe(esperados.length);
        expect(respuesta.rows.every((r) => esperados.includes(r.idSolicitud))).toBe(true);
        expect(respuesta.rows.length).toBe(Math.min(10, esperados.length));
      }),
      { numRuns: 300 },
    );
    // The officials' words did find requests their incumbents' would not have.
    expect(porFuncionario).toBeGreaterThan(0);
  });

  it("the reviewers' inboxes find a request by its official's name and cédula, with or without dashes", async () => {
    // An approved request with an official named Olivares whose incumbent is not.
    const [f] = await filas<{ id: number; cedula: string }>(
      t.db,
      sql`select s.id_solicitud as id, f.cedula from solicitudes s join incumbentes i on i.id_incumbente = s.id_incumbente
        join funcionarios f on f.id_solicitud = s.id_solicitud and f.apellidos = 'Olivares'
        where s.estatus = 106 and i.apellidos not ilike '%olivares%' order by s.id_solicitud limit 1`,
    );
    expect(f).toBeDefined();
    for (const q of ["olivares", f.cedula, f.cedula.replaceAll("-", "")]) {
      const { filtro } = await prepararBandeja(
        t.db,
        sesion(false),
        "consultor",
        { page: 0, rows: 10, sortOrder: -1, q },
        VIGENCIA,
      );
      expect(await coincidencias(filtro)).toContain(f.id);
    }
  });
});

describe("the cap through the API (10,050 matching requests)", () => {
  const MAS = TOPE_TOTAL_BUSQUEDA + 50;
  let idsEsperados: number[];
  beforeAll(async () => {
    const [{ cargo }] = await filas<{ cargo: number }>(t.db, sql`select min(id_cargo)::int as cargo from cargos`);
    await t.db.execute(sql`
      insert into incumbentes (id_institucion, cedula, nombres, apellidos, cod_cargo, telefono)
      values (${instituciones[0]}::int, '402-9999999-9', 'Zenaida', 'Zuloaga Zubizarreta', ${cargo}::int, '(809) 555-0101')`);
    // All approved (in the administrator's inbox), a quarter of them in a second institution.
    await t.db.execute(sql`
      insert into solicitudes (id_institucion, id_incumbente, estatus, fecha_solicitud)
      select case when g % 4 = 0 then ${instituciones[1]}::int else ${instituciones[0]}::int end,
             (select id_incumbente from incumbentes where cedula = '402-9999999-9'), 106,
             timestamptz '2024-01-01 00:00:00+00' + (g % 500) * interval '1 minute'
      from generate_series(1, ${MAS}::int) g`);
    idsEsperados = (
      await filas<{ id: number }>(
        t.db,
        sql`select s.id_solicitud as id from solicitudes s join incumbentes i on i.id_incumbente = s.id_incumbente
          where i.cedula = '402-9999999-9' order by s.fecha_solicitud desc, s.id_solicitud desc`,
      )
    ).map((r) => r.id);
    expect(idsEsperados.length).toBe(MAS);
  });

  const pagina = async (query: Record<string, string>) => {
    const res = await t.as("administrador", {
      method: "GET",
      url: "/api/SolicitudFirma/GetBandejaAdministradorRCC",
      query: { q: "zuloaga", ...query },
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { rows: { idSolicitud: number }[]; totalRecords: number; totalLimitado?: boolean };
  };

  it("the first and the paginator's last page: the cap, flagged, and the right rows", async () => {
    const primera = await pagina({ page: "0", rows: "10" });
    expect(primera.totalRecords).toBe(TOPE_TOTAL_BUSQUEDA);
    expect(primera.totalLimitado).toBe(true);
    expect(primera.rows.map((r) => r.idSolicitud)).toEqual(idsEsperados.slice(0, 10));
    const ultima = await pagina({ page: String(TOPE_TOTAL_BUSQUEDA / 10 - 1), rows: "10" });
    expect(ultima.totalLimitado).toBe(true);
    expect(ultima.rows.map((r) => r.idSolicitud)).toEqual(
      idsEsperados.slice(TOPE_TOTAL_BUSQUEDA - 10, TOPE_TOTAL_BUSQUEDA),
    );
  });

  it("a page past the cap gets the exact total and no flag; fewer matches than the cap count exactly", async () => {
    const pasada = await pagina({ page: String(TOPE_TOTAL_BUSQUEDA / 10 + 2), rows: "10" });
    expect(pasada.totalRecords).toBe(MAS);
    expect("totalLimitado" in pasada).toBe(false);
    expect(pasada.rows.map((r) => r.idSolicitud)).toEqual(
      idsEsperados.slice(TOPE_TOTAL_BUSQUEDA + 20, TOPE_TOTAL_BUSQUEDA + 30),
    );
    const pocas = await pagina({ page: "0", rows: "10", institucion: String(instituciones[1]) });
    expect(pocas.totalRecords).toBe(Math.floor(MAS / 4));
    expect("totalLimitado" in pocas).toBe(false);
    // Without a search nothing is capped: the counters' exact total.
    const res = await t.as("administrador", {
      method: "GET",
      url: "/api/SolicitudFirma/GetBandejaAdministradorRCC",
      query: { page: "0", rows: "10" },
    });
    expect(res.json().totalRecords).toBeGreaterThan(MAS);
    expect("totalLimitado" in res.json()).toBe(false);
  });
});
