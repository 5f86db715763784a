/**
 * Inbox searches with a capped total, against the plain queries on generated rows: the
 * capped count (`contarHasta`) is the plain count up to the cap; a searched page of any inbox, sort,
 * size and position (before, at and past the cap, past the end) holds the rows of the plain ordered
 * query, with the exact total or, while the page lies within a search matching more than the cap,
 * the cap and `totalLimitado`; the date order of several statuses with and without the
 * frequent-statuses hint. Then the real cap through the API: a search matching 10,050 requests.
 */
import { CATALOGO_ESTATUS, CODIGOS_ESTATUS, rolesDeVistas, TOPE_TOTAL_BUSQUEDA } from "@registro/contracts";
import { type SQL, sql } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { SesionUsuario } from "../../src/auth/sesion.js";
import type { Db } from "../../src/db/client.js";
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
});
afterAll(() => t?.close());

// What users type: words and their starts, a cédula piece, an institution's or a status' word, in
// any case and with accents, one to three of them.
const arbPalabra = fc.oneof(
  fc
    .constantFrom(...NOMBRES, ...APELLIDOS)
    .chain((w) => fc.integer({ min: 1, max: w.length }).map((n) => w.slice(0, n))),
  fc.constantFrom("402", "0000", "00001", "ministerio", "hacienda", "santiago", "ayuntamiento"),
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
    .constantFrom(...NOMBRES, ...APELLIDOS)
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
      { numRuns: 150 },
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
      { numRuns: 80 },
    );
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
