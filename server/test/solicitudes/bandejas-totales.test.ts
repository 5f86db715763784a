/**
 * Inbox totals from counters (migration 0006) and every fast path of the inbox pages, against the
 * plain queries, on generated rows: the counters after random inserts, updates, deletes, status
 * transitions and rolled-back transactions; the total of any filter without a search; and pages of
 * every sort, both ways, of any size, before and past the middle, with and without filters.
 */
import { CATALOGO_ESTATUS, CODIGOS_ESTATUS, ESTATUS_BANDEJA } from "@registro/contracts";
import { type SQL, sql } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { Db } from "../../src/db/client.js";
import { contarFilas, contarPorTotales } from "../../src/solicitudes/bandeja/bandeja.repository.js";
import type { FiltroBandeja } from "../../src/solicitudes/bandeja/filtro.js";
import { crearTestApp, type TestApp } from "../support/app.js";
import { accion } from "../support/revision.js";

vi.setConfig({ testTimeout: 120_000, hookTimeout: 120_000 });

const N = 1_500;
const CODIGOS = [...CODIGOS_ESTATUS] as number[];

let t: TestApp;
let instituciones: number[];
let ultimaDemo: number;
let institucionOriginador: number;

async function filas<T>(db: Db, consulta: SQL): Promise<T[]> {
  return ((await db.execute(consulta)) as unknown as { rows: T[] }).rows;
}

beforeAll(async () => {
  t = await crearTestApp();
  ultimaDemo = (
    await filas<{ n: number }>(t.db, sql`select coalesce(max(id_solicitud), 0)::int as n from solicitudes`)
  )[0].n;
  [{ id: institucionOriginador }] = await filas<{ id: number }>(
    t.db,
    sql`select id_institucion as id from usuarios where usuario = 'originador'`,
  );
  // A few institutions (the originator's among them), so that filters hit and miss.
  instituciones = (
    await filas<{ id: number }>(
      t.db,
      sql`select id_institucion as id from instituciones order by id_institucion limit 5`,
    )
  ).map((r) => r.id);
  if (!instituciones.includes(institucionOriginador)) instituciones.push(institucionOriginador);
  // Rows spread over every status, these institutions and both legal-decided values, with repeated
  // dates (ties) and repeated incumbents (ties on names and cédulas).
  await t.db.execute(sql`
    insert into solicitudes (id_institucion, id_incumbente, estatus, fecha_solicitud, decidido_juridico)
    select (${sql.raw(`array[${instituciones.join(",")}]`)})[1 + (hashint4(g) & 1023) % ${instituciones.length}::int],
           inc.ids[1 + (hashint4(g * 7) & 1023) % array_length(inc.ids, 1)],
           (${sql.raw(`array[${CODIGOS.join(",")}]`)})[1 + (hashint4(g * 13) & 1023) % ${CODIGOS.length}::int],
           timestamptz '2025-01-01 08:00:00+00' + ((hashint4(g * 17) & 1023) % 200) * interval '1 hour',
           (hashint4(g * 19) & 1) = 1
    from generate_series(1, ${N}::int) g,
         (select array_agg(id_incumbente order by id_incumbente) as ids from incumbentes) inc`);
});
afterAll(() => t?.close());

type Clave = `${number}|${number}|${boolean}`;

/** The counters (zeros left out) and the plain count per key. */
async function contadores() {
  const deTotales = await filas<{ e: number; i: number; d: boolean; n: string | number }>(
    t.db,
    sql`select estatus as e, id_institucion as i, decidido_juridico as d, n from solicitudes_totales where n <> 0`,
  );
  const deFilas = await filas<{ e: number; i: number; d: boolean; n: string | number }>(
    t.db,
    sql`select estatus as e, id_institucion as i, decidido_juridico as d, count(*) as n from solicitudes group by 1, 2, 3`,
  );
  const mapa = (rs: typeof deTotales) =>
    new Map(
      rs.map((r) => [`${r.e}|${r.i}|${r.d}` as Clave, Number(r.n)] as const).sort(([a], [b]) => a.localeCompare(b)),
    );
  return { totales: mapa(deTotales), reales: mapa(deFilas) };
}

async function expectContadoresExactos() {
  const { totales, reales } = await contadores();
  expect([...totales]).toEqual([...reales]);
  const negativos = await filas<{ n: number }>(
    t.db,
    sql`select count(*)::int as n from solicitudes_totales where n < 0`,
  );
  expect(negativos[0].n).toBe(0);
}

const arbEstatus = fc.constantFrom(...CODIGOS);
const arbInstitucion = () => fc.constantFrom(...instituciones);
const arbSeleccion = fc.record({ modulo: fc.integer({ min: 2, max: 17 }), resto: fc.integer({ min: 0, max: 16 }) });
/** Rows this test seeded or inserted (the demo's own have history and files that keep them). */
const seleccion = (s: { modulo: number; resto: number }) =>
  sql`id_solicitud > ${ultimaDemo}::int and id_solicitud % ${s.modulo}::int = ${s.resto % s.modulo}::int`;

describe("inbox totals: counters kept by the database", () => {
  it("the back-fill and the triggers agree with the rows after the seed", async () => {
    await expectContadoresExactos();
  });

  it("after random inserts, updates, status transitions, deletes and rolled-back transactions", async () => {
    const arbOperacion = () =>
      fc.oneof(
        fc.record({
          tipo: fc.constant("insertar" as const),
          n: fc.integer({ min: 1, max: 25 }),
          estatus: arbEstatus,
          institucion: arbInstitucion(),
          decidido: fc.boolean(),
        }),
        fc.record({ tipo: fc.constant("estatus" as const), s: arbSeleccion, estatus: arbEstatus }),
        fc.record({ tipo: fc.constant("institucion" as const), s: arbSeleccion, institucion: arbInstitucion() }),
        fc.record({ tipo: fc.constant("decidido" as const), s: arbSeleccion, valor: fc.boolean() }),
        fc.record({ tipo: fc.constant("todo" as const), s: arbSeleccion, estatus: arbEstatus, valor: fc.boolean() }),
        fc.record({ tipo: fc.constant("comentario" as const), s: arbSeleccion }),
        fc.record({ tipo: fc.constant("borrar" as const), s: arbSeleccion }),
        fc.record({ tipo: fc.constant("revertida" as const), s: arbSeleccion, estatus: arbEstatus }),
      );
    await fc.assert(
      fc.asyncProperty(fc.array(arbOperacion(), { minLength: 1, maxLength: 6 }), async (ops) => {
        for (const op of ops) {
          switch (op.tipo) {
            case "insertar":
              await t.db.execute(sql`
                insert into solicitudes (id_institucion, id_incumbente, estatus, decidido_juridico)
                select ${op.institucion}::int, (select min(id_incumbente) from incumbentes), ${op.estatus}::int,
                       ${op.decidido}::boolean
                from generate_series(1, ${op.n}::int)`);
              break;
            case "estatus":
              await t.db.execute(sql`update solicitudes set estatus = ${op.estatus}::int where ${seleccion(op.s)}`);
              break;
            case "institucion":
              await t.db.execute(
                sql`update solicitudes set id_institucion = ${op.institucion}::int where ${seleccion(op.s)}`,
              );
              break;
            case "decidido":
              await t.db.execute(
                sql`update solicitudes set decidido_juridico = ${op.valor}::boolean where ${seleccion(op.s)}`,
              );
              break;
            case "todo":
              await t.db.execute(sql`update solicitudes set estatus = ${op.estatus}::int,
                decidido_juridico = not decidido_juridico, id_institucion = ${instituciones[0]}::int
                where ${seleccion(op.s)}`);
              break;
            case "comentario":
              await t.db.execute(sql`update solicitudes set comentario = 'revisada' where ${seleccion(op.s)}`);
              break;
            case "borrar":
              await t.db.execute(sql`delete from solicitudes where ${seleccion(op.s)}`);
              break;
            case "revertida":
              await expect(
                t.db.transaction(async (tx) => {
                  await tx.execute(sql`update solicitudes set estatus = ${op.estatus}::int where ${seleccion(op.s)}`);
                  await tx.execute(sql`insert into solicitudes (id_institucion, id_incumbente, estatus)
                    values (${instituciones[0]}::int, (select min(id_incumbente) from incumbentes), 101)`);
                  throw new Error("revertir");
                }),
              ).rejects.toThrow("revertir");
              break;
          }
        }
        await expectContadoresExactos();
      }),
      { numRuns: 25 },
    );
  });

  it("after a status transition through the API (analyst takes and approves: 101 → 102)", async () => {
    const [{ id }] = await filas<{ id: number }>(
      t.db,
      sql`select min(id_solicitud)::int as id from solicitudes where estatus = 101 and id_solicitud <= ${ultimaDemo}::int`,
    );
    const total = async (url: string, usuario: "analista" | "juridico") =>
      (await t.as(usuario, { method: "GET", url: `/api/SolicitudFirma/${url}?page=0&rows=5` })).json().totalRecords;
    const [analista, juridico] = [
      await total("GetBandejaAnalista", "analista"),
      await total("GetBandejaJuridico", "juridico"),
    ];
    expect((await accion(t, "analista", "AssignProcess", id)).json().success).toBe(true);
    expect((await accion(t, "analista", "AprobarRcc", id)).json().success).toBe(true);
    expect(await total("GetBandejaAnalista", "analista")).toBe(analista - 1);
    expect(await total("GetBandejaJuridico", "juridico")).toBe(juridico + 1);
    await expectContadoresExactos();
  });

  it("the total of any filter without a search is the plain count", async () => {
    const arbFiltro = fc.record({
      estatus: fc.option(fc.subarray(CODIGOS, { minLength: 0 }), { nil: undefined }),
      decididoJuridico: fc.option(fc.boolean(), { nil: undefined }),
      idInstitucionAlcance: fc.option(arbInstitucion(), { nil: null }),
      institucion: fc.option(fc.oneof(arbInstitucion(), fc.constant(999_999)), { nil: undefined }),
      estatusFiltro: fc.option(fc.oneof(arbEstatus, fc.constant(999)), { nil: undefined }),
    });
    await fc.assert(
      fc.asyncProperty(arbFiltro, async (f) => {
        const filtro: FiltroBandeja = { ...f, busqueda: [] };
        expect(await contarPorTotales(t.db, filtro)).toBe(await contarFilas(t.db, filtro));
      }),
      { numRuns: 150 },
    );
  });
});

// The inboxes' orders, written out plainly (the repository walks indexes to produce them).
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

const BANDEJAS = [
  {
    url: "GetBandejaAdministradorRCC",
    usuario: "administrador" as const,
    donde: sql`s.estatus in (${sql.raw(ESTATUS_BANDEJA.administrador.join(","))})`,
  },
  { url: "GetHistorico", usuario: "juridico" as const, donde: sql`s.decidido_juridico` },
  // The originator's institution is known once the app is up (see the property below).
  { url: "GetBandejaOriginador", usuario: "originador" as const, donde: sql`true` },
];

describe("inbox pages against the plain query", () => {
  it("every sort, both ways, any page size, pages before and past the middle, with filters", async () => {
    const arbConsulta = fc.record({
      bandeja: fc.integer({ min: 0, max: BANDEJAS.length - 1 }),
      sortField: fc.constantFrom(...Object.keys(ORDEN_PLANO)),
      sortOrder: fc.constantFrom(1, -1),
      rows: fc.oneof(fc.constantFrom(1, 10, 25, 100), fc.integer({ min: 1, max: 100 })),
      // Where the page falls, as a fraction of the whole list (past its end too).
      posicion: fc.oneof(fc.constantFrom(0, 0.49, 0.51, 0.99, 1, 1.2), fc.double({ min: 0, max: 1, noNaN: true })),
      institucion: fc.option(arbInstitucion(), { nil: undefined, freq: 3 }),
      estatus: fc.option(arbEstatus, { nil: undefined, freq: 3 }),
    });
    await fc.assert(
      fc.asyncProperty(arbConsulta, async (c) => {
        const b = BANDEJAS[c.bandeja];
        const donde = sql.join(
          [
            b.usuario === "originador" ? sql`s.id_institucion = ${institucionOriginador}::int` : b.donde,
            c.institucion !== undefined ? sql`s.id_institucion = ${c.institucion}::int` : sql`true`,
            c.estatus !== undefined ? sql`s.estatus = ${c.estatus}::int` : sql`true`,
          ],
          sql` and `,
        );
        const desde = sql`from solicitudes s join incumbentes i on i.id_incumbente = s.id_incumbente
          join instituciones n on n.id_institucion = s.id_institucion where ${donde}`;
        const [{ total }] = await filas<{ total: number }>(t.db, sql`select count(*)::int as total ${desde}`);
        const page = Math.floor(Math.min(c.posicion * total, total + c.rows) / c.rows);
        const esperados = (
          await filas<{ id: number }>(
            t.db,
            sql`select s.id_solicitud as id ${desde} order by ${ORDEN_PLANO[c.sortField](sql.raw(c.sortOrder === 1 ? "asc" : "desc"))}
              limit ${c.rows}::int offset ${page * c.rows}::int`,
          )
        ).map((r) => r.id);
        const query: Record<string, string> = {
          page: String(page),
          rows: String(c.rows),
          sortField: c.sortField,
          sortOrder: String(c.sortOrder),
        };
        if (c.institucion !== undefined) query.institucion = String(c.institucion);
        if (c.estatus !== undefined) query.estatus = String(c.estatus);
        const res = await t.as(b.usuario, { method: "GET", url: `/api/SolicitudFirma/${b.url}`, query });
        expect(res.statusCode, res.body).toBe(200);
        const body = res.json() as { rows: { idSolicitud: number }[]; totalRecords: number };
        expect(body.totalRecords).toBe(total);
        expect(body.rows.map((r) => r.idSolicitud)).toEqual(esperados);
      }),
      { numRuns: 120 },
    );
  });
});
