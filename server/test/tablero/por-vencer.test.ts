/**
 * The dashboard's officials "por vencer" (migration 0045), kept by the database: after the
 * back-fill and after random officials added, given other statuses, validity, start and end dates,
 * moved and removed, requests given other statuses and institutions or deleted, and rolled-back
 * transactions, `funcionarios_por_vencer` holds exactly the officials a plain reading of
 * `funcionarios` and `solicitudes` (here, in JavaScript) says are in force with an end date on a
 * request neither inactivated nor annulled; and the dashboard's count and list (`porVencer`) for
 * any day, window and institution are what that plain reading filters. The list's standing per
 * official is also held to contracts' estadoFirma by test/solicitudes/bandeja-vencimiento.test.ts.
 */
import { CODIGOS_ESTATUS } from "@registro/contracts";
import { type SQL, sql } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { sumarDias } from "../../src/shared/tiempo.js";
import { porVencer } from "../../src/tablero/tablero.repository.js";
import { crearTestApp, type TestApp } from "../support/app.js";

vi.setConfig({ testTimeout: 120_000, hookTimeout: 120_000 });

const CODIGOS = [...CODIGOS_ESTATUS] as number[];
const HOY = "2026-03-18";

let t: TestApp;
let instituciones: number[];
let ultimaDemo: number;
let cargo: number;

async function filas<T>(consulta: SQL): Promise<T[]> {
  return ((await t.db.execute(consulta)) as unknown as { rows: T[] }).rows;
}

beforeAll(async () => {
  t = await crearTestApp();
  [{ n: ultimaDemo }] = await filas<{ n: number }>(
    sql`select coalesce(max(id_solicitud), 0)::int as n from solicitudes`,
  );
  [{ cargo }] = await filas<{ cargo: number }>(sql`select min(id_cargo)::int as cargo from cargos`);
  instituciones = (
    await filas<{ id: number }>(sql`select id_institucion as id from instituciones order by 1 limit 3`)
  ).map((r) => r.id);
  const [{ inc }] = await filas<{ inc: number }>(sql`
    insert into incumbentes (id_institucion, cedula, nombres, apellidos, cod_cargo, telefono)
    values (${instituciones[0]}, '407-0000001-1', 'Incumbente', 'Por Vencer', ${cargo}, '(809) 555-0101')
    returning id_incumbente as inc`);
  await t.db.execute(sql`
    insert into solicitudes (id_institucion, id_incumbente, estatus)
    select (${sql.raw(`array[${instituciones.join(",")}]`)})[1 + g % ${instituciones.length}::int], ${inc}::int,
           (${sql.raw(`array[${CODIGOS.join(",")}]`)})[1 + (g * 13) % ${CODIGOS.length}::int]
    from generate_series(1, 40) g`);
  await agregar(sql`id_solicitud > ${ultimaDemo}::int`, 2, 0);
});
afterAll(() => t?.close());

/**
 * `n` officials for each selected request, with statuses, validity and dates spread by their
 * number around HOY (`sal` varies them between calls).
 */
async function agregar(donde: SQL, n: number, sal: number) {
  await t.db.execute(sql`
    insert into funcionarios (id_solicitud, cedula, nombres, apellidos, cod_cargo, telefono, id_estatus,
                              firma_vigencia, fecha_desde, fecha_hasta, enviado)
    select s.id_solicitud, '408-' || lpad((s.id_solicitud * 10 + k)::text, 7, '0') || '-' || k, 'Funcionario',
           'De Prueba', ${cargo}::int, '(809) 555-0102', 1 + (s.id_solicitud + k + ${sal}::int) % 3,
           (s.id_solicitud * 7 + k + ${sal}::int) % 4 <> 0,
           case when (s.id_solicitud + k * 5 + ${sal}::int) % 3 = 0 then null
                else ${HOY}::date + ((s.id_solicitud * 11 + k + ${sal}::int) % 41 - 30) end,
           case when (s.id_solicitud + k + ${sal}::int) % 5 = 0 then null
                else ${HOY}::date + ((s.id_solicitud * 13 + k * 3 + ${sal}::int) % 71 - 20) end,
           true
    from solicitudes s cross join generate_series(1, ${n}::int) k where ${donde}`);
}

type Fila = { id: number; hasta: string; institucion: number; desde: string | null };
const ordenar = (fs: Fila[]) => [...fs].sort((a, b) => a.id - b.id);

/** The officials that must be in the table: a plain reading of the officials and their requests. */
async function esperadas(): Promise<Fila[]> {
  const todos = await filas<Fila & { estatus: number; vigencia: boolean; estatusSolicitud: number }>(sql`
    select f.id_funcionario as id, f.id_estatus as estatus, f.firma_vigencia as vigencia,
           to_char(f.fecha_desde, 'YYYY-MM-DD') as desde, to_char(f.fecha_hasta, 'YYYY-MM-DD') as hasta,
           s.estatus as "estatusSolicitud", s.id_institucion as institucion
    from funcionarios f join solicitudes s on s.id_solicitud = f.id_solicitud`);
  return ordenar(
    todos
      .filter((f) => f.estatus === 2 && f.vigencia && f.hasta !== null && ![201, 109].includes(f.estatusSolicitud))
      .map(({ id, hasta, institucion, desde }) => ({ id, hasta, institucion, desde })),
  );
}

async function guardadas(): Promise<Fila[]> {
  return filas<Fila>(sql`
    select id_funcionario as id, to_char(fecha_hasta, 'YYYY-MM-DD') as hasta, id_institucion as institucion,
           case when desde = '-infinity'::date then null else to_char(desde, 'YYYY-MM-DD') end as desde
    from funcionarios_por_vencer`);
}

/** The dashboard's answer for a day, a window and an institution, against the plain reading. */
async function expectTablero(esperadasAhora: Fila[], hoy: string, dias: number, idInstitucion: number | null) {
  const hasta = sumarDias(hoy, dias);
  const deben = esperadasAhora
    .filter(
      (f) =>
        f.hasta >= hoy &&
        f.hasta <= hasta &&
        (f.desde === null || f.desde <= hoy) &&
        (idInstitucion === null || f.institucion === idInstitucion),
    )
    .sort((a, b) => (a.hasta < b.hasta ? -1 : a.hasta > b.hasta ? 1 : a.id - b.id));
  const r = await porVencer(t.db, hoy, hasta, idInstitucion, 5);
  expect(r.total).toBe(deben.length);
  expect(r.lista.map((f) => [f.idFuncionario, f.fechaHasta])).toEqual(deben.slice(0, 5).map((f) => [f.id, f.hasta]));
}

const arbSeleccion = fc.record({ modulo: fc.integer({ min: 2, max: 9 }), resto: fc.integer({ min: 0, max: 8 }) });
const seleccion = (s: { modulo: number; resto: number }, columna = "id_solicitud") =>
  sql`id_solicitud > ${ultimaDemo}::int and ${sql.raw(columna)} % ${s.modulo}::int = ${s.resto % s.modulo}::int`;
const arbFecha = fc.option(fc.integer({ min: -40, max: 60 }), { nil: null });
const fecha = (d: number | null) => (d === null ? null : sumarDias(HOY, d));

describe("the dashboard's officials por vencer, kept by the database", () => {
  it("holds the officials in force with an end date after the back-fill and the inserts", async () => {
    const e = await esperadas();
    expect(e.length).toBeGreaterThan(5);
    expect(ordenar(await guardadas())).toEqual(e);
  });

  it("follows random writes of officials and requests, and rolled-back transactions", async () => {
    const arbOperacion = fc.oneof(
      fc.record({ tipo: fc.constant("agregar" as const), s: arbSeleccion, n: fc.integer({ min: 1, max: 2 }) }),
      fc.record({ tipo: fc.constant("estado" as const), s: arbSeleccion, estado: fc.integer({ min: 1, max: 3 }) }),
      fc.record({ tipo: fc.constant("vigencia" as const), s: arbSeleccion, valor: fc.boolean() }),
      fc.record({ tipo: fc.constant("fechas" as const), s: arbSeleccion, desde: arbFecha, hasta: arbFecha }),
      fc.record({ tipo: fc.constant("mover" as const), s: arbSeleccion, a: fc.integer({ min: 1, max: 40 }) }),
      fc.record({ tipo: fc.constant("quitar" as const), s: arbSeleccion }),
      fc.record({ tipo: fc.constant("telefono" as const), s: arbSeleccion }),
      fc.record({ tipo: fc.constant("estatus" as const), s: arbSeleccion, estatus: fc.constantFrom(...CODIGOS) }),
      fc.record({ tipo: fc.constant("institucion" as const), s: arbSeleccion, i: fc.constantFrom(...instituciones) }),
      fc.record({ tipo: fc.constant("borrar" as const), s: arbSeleccion }),
      fc.record({ tipo: fc.constant("revertida" as const), s: arbSeleccion }),
    );
    const arbConsulta = fc.record({
      dia: fc.integer({ min: -10, max: 30 }),
      dias: fc.integer({ min: 0, max: 45 }),
      institucion: fc.option(fc.constantFrom(...instituciones), { nil: null }),
    });
    let sal = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(arbOperacion, { minLength: 1, maxLength: 6 }), arbConsulta, async (ops, consulta) => {
        for (const op of ops) {
          switch (op.tipo) {
            case "agregar":
              await agregar(seleccion(op.s), op.n, ++sal);
              break;
            case "estado":
              await t.db.execute(
                sql`update funcionarios set id_estatus = ${op.estado}::int where ${seleccion(op.s, "id_funcionario")}`,
              );
              break;
            case "vigencia":
              await t.db.execute(
                sql`update funcionarios set firma_vigencia = ${op.valor}::boolean where ${seleccion(op.s, "id_funcionario")}`,
              );
              break;
            case "fechas":
              await t.db.execute(sql`update funcionarios set fecha_desde = ${fecha(op.desde)}::date,
                fecha_hasta = ${fecha(op.hasta)}::date where ${seleccion(op.s, "id_funcionario")}`);
              break;
            case "mover":
              await t.db.execute(sql`update funcionarios set id_solicitud = coalesce(
                  (select min(id_solicitud) from solicitudes where id_solicitud >= ${ultimaDemo + op.a}::int), id_solicitud)
                where ${seleccion(op.s, "id_funcionario")}`);
              break;
            case "quitar":
              await t.db.execute(sql`delete from funcionarios where ${seleccion(op.s, "id_funcionario")}`);
              break;
            case "telefono":
              await t.db.execute(
                sql`update funcionarios set telefono = '(809) 555-0199' where ${seleccion(op.s, "id_funcionario")}`,
              );
              break;
            case "estatus":
              await t.db.execute(sql`update solicitudes set estatus = ${op.estatus}::int where ${seleccion(op.s)}`);
              break;
            case "institucion":
              await t.db.execute(sql`update solicitudes set id_institucion = ${op.i}::int where ${seleccion(op.s)}`);
              break;
            case "borrar":
              await t.db.execute(sql`delete from solicitudes where ${seleccion(op.s)}`);
              break;
            case "revertida":
              await expect(
                t.db.transaction(async (tx) => {
                  await tx.execute(sql`update solicitudes set estatus = 201 where ${seleccion(op.s)}`);
                  await tx.execute(sql`update funcionarios set id_estatus = 2, firma_vigencia = true,
                    fecha_hasta = ${HOY}::date where ${seleccion(op.s)}`);
                  throw new Error("revertir");
                }),
              ).rejects.toThrow("revertir");
              break;
          }
        }
        const e = await esperadas();
        expect(ordenar(await guardadas())).toEqual(e);
        await expectTablero(e, sumarDias(HOY, consulta.dia), consulta.dias, consulta.institucion);
      }),
      { numRuns: 30 },
    );
  });

  it("is emptied with the officials (TRUNCATE … CASCADE of the requests)", async () => {
    const otra = await crearTestApp();
    try {
      await otra.db.execute(sql`truncate solicitudes cascade`);
      const [{ n }] = (
        (await otra.db.execute(sql`select count(*)::int as n from funcionarios_por_vencer`)) as unknown as {
          rows: { n: number }[];
        }
      ).rows;
      expect(n).toBe(0);
    } finally {
      await otra.close();
    }
  });
});
