/**
 * The words and pairs tables of name searches (migration 0013), kept by the database: after the back-fill and
 * after random inserts, status/institution/legal/holder changes, incumbent swaps and renames
 * (accents only too), deletes and rolled-back transactions, its rows are exactly what a plain
 * reading of the requests gives — computed here in JavaScript from each request's search words.
 * The searches that read it are compared with the plain queries in bandejas-busqueda.test.ts.
 */
import { CODIGOS_ESTATUS } from "@registro/contracts";
import { type SQL, sql } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { Db } from "../../src/db/client.js";
import { crearTestApp, type TestApp } from "../support/app.js";

vi.setConfig({ testTimeout: 120_000, hookTimeout: 120_000 });

const CODIGOS = [...CODIGOS_ESTATUS] as number[];
const NOMBRES = ["Ana", "Anabel", "José", "Jose María", "Ñoño", "Úrsula Ursulina"];
const APELLIDOS = ["Núñez Nuñez", "Pérez-Gómez", "Anaya", "D'Oleo", "Uribe Urbina"];

let t: TestApp;
let instituciones: number[];
let incumbentes: number[];
let ultimaDemo: number;
let usuario: number;

async function filas<T>(db: Db, consulta: SQL): Promise<T[]> {
  return ((await db.execute(consulta)) as unknown as { rows: T[] }).rows;
}

beforeAll(async () => {
  t = await crearTestApp();
  [{ n: ultimaDemo }] = await filas<{ n: number }>(
    t.db,
    sql`select coalesce(max(id_solicitud), 0)::int as n from solicitudes`,
  );
  [{ id: usuario }] = await filas<{ id: number }>(t.db, sql`select min(id_usuario)::int as id from usuarios`);
  instituciones = (
    await filas<{ id: number }>(t.db, sql`select id_institucion as id from instituciones order by 1 limit 3`)
  ).map((r) => r.id);
  const [{ cargo }] = await filas<{ cargo: number }>(t.db, sql`select min(id_cargo)::int as cargo from cargos`);
  incumbentes = (
    await filas<{ id: number }>(
      t.db,
      sql`insert into incumbentes (id_institucion, cedula, nombres, apellidos, cod_cargo, telefono)
        select ${instituciones[0]}::int, '403-' || lpad(g::text, 7, '0') || '-1',
               (${sql.raw(`array[${NOMBRES.map((n) => `'${n}'`).join(",")}]`)})[1 + g % ${NOMBRES.length}::int],
               (${sql.raw(`array[${APELLIDOS.map((n) => `'${n.replace("'", "''")}'`).join(",")}]`)})[1 + (g * 7) % ${APELLIDOS.length}::int],
               ${cargo}::int, '(809) 555-0101'
        from generate_series(1, 30) g
        returning id_incumbente as id`,
    )
  ).map((r) => r.id);
  await t.db.execute(sql`
    insert into solicitudes (id_institucion, id_incumbente, estatus, decidido_juridico)
    select (${sql.raw(`array[${instituciones.join(",")}]`)})[1 + g % ${instituciones.length}::int],
           (${sql.raw(`array[${incumbentes.join(",")}]`)})[1 + (g * 11) % ${incumbentes.length}::int],
           (${sql.raw(`array[${CODIGOS.join(",")}]`)})[1 + (g * 13) % ${CODIGOS.length}::int], g % 2 = 0
    from generate_series(1, 200) g`);
});
afterAll(() => t?.close());

/** Bytewise order, as the table's "C" collation sorts. */
const porBytes = (a: string, b: string) => Buffer.compare(Buffer.from(a), Buffer.from(b));

/** The words of a tsvector's text form ('a':1 'b':2,3 …). */
function lexemas(tsvector: string): string[] {
  return [...tsvector.matchAll(/'((?:[^']|'')*)'/g)].map((m) => m[1].replaceAll("''", "'"));
}

type Fila = {
  palabra: string;
  id: number;
  anterior: string | null;
  estatus: number;
  institucion: number;
  decidido: boolean;
  asignado: boolean;
  nombres: string;
  apellidos: string;
  palabras: string;
  /** The request's date, as seconds since the epoch. */
  fecha: number;
};
const clave = (f: Fila) => `${f.id}|${f.palabra}`;
const ordenar = (fs: Fila[]) => [...fs].sort((a, b) => a.id - b.id || porBytes(a.palabra, b.palabra));

/** The rows the words table must hold, from the requests and incumbents as they are now. */
async function esperadas(): Promise<Fila[]> {
  const solicitudes = await filas<Omit<Fila, "palabra" | "anterior" | "palabras"> & { busqueda: string }>(
    t.db,
    sql`select s.id_solicitud as id, s.estatus, s.id_institucion as institucion, s.decidido_juridico as decidido,
          s.asignado_a is not null as asignado, i.nombres, i.apellidos, s.busqueda::text as busqueda,
          extract(epoch from s.fecha_solicitud)::float8 as fecha
        from solicitudes s join incumbentes i on i.id_incumbente = s.id_incumbente`,
  );
  return solicitudes.flatMap((s) => {
    const todas = lexemas(s.busqueda);
    const conLetra = todas.filter((w) => /[a-z]/.test(w)).sort(porBytes);
    return conLetra.map((palabra, k) => ({
      palabra,
      id: s.id,
      anterior: k === 0 ? null : conLetra[k - 1],
      estatus: s.estatus,
      institucion: s.institucion,
      decidido: s.decidido,
      asignado: s.asignado,
      nombres: s.nombres,
      apellidos: s.apellidos,
      palabras: ` ${todas.join(" ")}`,
      fecha: s.fecha,
    }));
  });
}

async function guardadas(): Promise<Fila[]> {
  return filas<Fila>(
    t.db,
    sql`select palabra, id_solicitud as id, anterior, estatus, id_institucion as institucion,
          decidido_juridico as decidido, asignado, nombres, apellidos, palabras,
          extract(epoch from fecha_solicitud)::float8 as fecha
        from solicitudes_palabras`,
  );
}

type Par = Omit<Fila, "palabra" | "anterior" | "nombres" | "apellidos"> & {
  palabra1: string;
  palabra2: string;
  anterior1: string | null;
  anterior2: string | null;
};

/** Every two words of a request, the smaller first, with each one's previous word. */
function paresDe(palabras: Fila[]): Par[] {
  // Node 20: no Map.groupBy.
  const porSolicitud = new Map<number, Fila[]>();
  for (const f of palabras) porSolicitud.set(f.id, [...(porSolicitud.get(f.id) ?? []), f]);
  return [...porSolicitud.values()].flatMap((fs) =>
    fs.flatMap((a) =>
      fs
        .filter((b) => porBytes(a.palabra, b.palabra) < 0)
        .map((b) => ({
          palabra1: a.palabra,
          palabra2: b.palabra,
          id: a.id,
          anterior1: a.anterior,
          anterior2: b.anterior,
          estatus: a.estatus,
          institucion: a.institucion,
          decidido: a.decidido,
          asignado: a.asignado,
          fecha: a.fecha,
          palabras: a.palabras,
        })),
    ),
  );
}

const ordenarPares = (ps: Par[]) =>
  [...ps].sort((a, b) => a.id - b.id || porBytes(a.palabra1, b.palabra1) || porBytes(a.palabra2, b.palabra2));

async function expectTablaExacta() {
  const debe = ordenar(await esperadas());
  const hay = ordenar(await guardadas());
  expect(hay.map(clave)).toEqual(debe.map(clave));
  expect(hay).toEqual(debe);
  const pares = await filas<Par>(
    t.db,
    sql`select palabra1, palabra2, id_solicitud as id, anterior1, anterior2, estatus, id_institucion as institucion,
          decidido_juridico as decidido, asignado, extract(epoch from fecha_solicitud)::float8 as fecha,
          palabras
        from solicitudes_pares`,
  );
  expect(ordenarPares(pares)).toEqual(ordenarPares(paresDe(debe)));
}

const arbSeleccion = fc.record({ modulo: fc.integer({ min: 2, max: 13 }), resto: fc.integer({ min: 0, max: 12 }) });
const seleccion = (s: { modulo: number; resto: number }) =>
  sql`id_solicitud > ${ultimaDemo}::int and id_solicitud % ${s.modulo}::int = ${s.resto % s.modulo}::int`;

describe("the words and pairs tables of name searches", () => {
  it("holds every request's words after the back-fill and the seed's inserts", async () => {
    expect((await guardadas()).length).toBeGreaterThan(600);
    await expectTablaExacta();
  });

  it("follows random inserts, updates, renames, deletes and rolled-back transactions", async () => {
    const arbIncumbente = () => fc.constantFrom(...incumbentes);
    const arbOperacion = () =>
      fc.oneof(
        fc.record({ tipo: fc.constant("insertar" as const), n: fc.integer({ min: 1, max: 8 }), inc: arbIncumbente() }),
        fc.record({ tipo: fc.constant("estatus" as const), s: arbSeleccion, estatus: fc.constantFrom(...CODIGOS) }),
        fc.record({ tipo: fc.constant("institucion" as const), s: arbSeleccion, i: fc.constantFrom(...instituciones) }),
        fc.record({ tipo: fc.constant("decidido" as const), s: arbSeleccion, valor: fc.boolean() }),
        fc.record({ tipo: fc.constant("asignar" as const), s: arbSeleccion, valor: fc.boolean() }),
        fc.record({ tipo: fc.constant("incumbente" as const), s: arbSeleccion, inc: arbIncumbente() }),
        fc.record({
          tipo: fc.constant("renombrar" as const),
          inc: arbIncumbente(),
          nombres: fc.constantFrom(...NOMBRES, "JOSÉ", "Ana  Lucía", "Zoë 2da"),
          apellidos: fc.constantFrom(...APELLIDOS, "NÚÑEZ NUÑEZ"),
        }),
        // The same folded words, other sort keys: only the incumbent's own trigger sees it.
        fc.record({ tipo: fc.constant("mayusculas" as const), inc: arbIncumbente() }),
        fc.record({ tipo: fc.constant("cantidad" as const), s: arbSeleccion }),
        fc.record({ tipo: fc.constant("fecha" as const), s: arbSeleccion, horas: fc.integer({ min: -500, max: 500 }) }),
        fc.record({ tipo: fc.constant("borrar" as const), s: arbSeleccion }),
        fc.record({ tipo: fc.constant("revertida" as const), s: arbSeleccion, inc: arbIncumbente() }),
      );
    await fc.assert(
      fc.asyncProperty(fc.array(arbOperacion(), { minLength: 1, maxLength: 6 }), async (ops) => {
        for (const op of ops) {
          switch (op.tipo) {
            case "insertar":
              await t.db.execute(sql`
                insert into solicitudes (id_institucion, id_incumbente, estatus)
                select ${instituciones[0]}::int, ${op.inc}::int, 101 from generate_series(1, ${op.n}::int)`);
              break;
            case "estatus":
              await t.db.execute(sql`update solicitudes set estatus = ${op.estatus}::int where ${seleccion(op.s)}`);
              break;
            case "institucion":
              await t.db.execute(sql`update solicitudes set id_institucion = ${op.i}::int where ${seleccion(op.s)}`);
              break;
            case "decidido":
              await t.db.execute(
                sql`update solicitudes set decidido_juridico = ${op.valor}::boolean where ${seleccion(op.s)}`,
              );
              break;
            case "asignar":
              await t.db.execute(
                sql`update solicitudes set asignado_a = ${op.valor ? usuario : null}::int where ${seleccion(op.s)}`,
              );
              break;
            case "incumbente":
              await t.db.execute(sql`update solicitudes set id_incumbente = ${op.inc}::int where ${seleccion(op.s)}`);
              break;
            case "renombrar":
              await t.db.execute(sql`update incumbentes set nombres = ${op.nombres}, apellidos = ${op.apellidos}
                where id_incumbente = ${op.inc}::int`);
              break;
            case "mayusculas":
              await t.db.execute(sql`update incumbentes set nombres = case when nombres = upper(nombres)
                then lower(nombres) else upper(nombres) end where id_incumbente = ${op.inc}::int`);
              break;
            case "fecha":
              await t.db.execute(sql`update solicitudes set fecha_solicitud = fecha_solicitud + ${op.horas}::int * interval '1 hour'
                where ${seleccion(op.s)}`);
              break;
            case "cantidad":
              await t.db.execute(
                sql`update solicitudes set cant_funcionarios = cant_funcionarios + 1 where ${seleccion(op.s)}`,
              );
              break;
            case "borrar":
              await t.db.execute(sql`delete from solicitudes where ${seleccion(op.s)}`);
              break;
            case "revertida":
              await expect(
                t.db.transaction(async (tx) => {
                  await tx.execute(sql`update solicitudes set estatus = 102, id_incumbente = ${op.inc}::int
                    where ${seleccion(op.s)}`);
                  await tx.execute(
                    sql`update incumbentes set nombres = 'Revertido' where id_incumbente = ${op.inc}::int`,
                  );
                  throw new Error("revertir");
                }),
              ).rejects.toThrow("revertir");
              break;
          }
        }
        await expectTablaExacta();
      }),
      { numRuns: 30 },
    );
  });

  it("is emptied with the requests (TRUNCATE)", async () => {
    const otra = await crearTestApp();
    try {
      await otra.db.execute(sql`truncate solicitudes cascade`);
      const [{ n }] = await filas<{ n: number }>(
        otra.db,
        sql`select (select count(*) from solicitudes_palabras) + (select count(*) from solicitudes_pares) as n`,
      );
      expect(Number(n)).toBe(0);
    } finally {
      await otra.close();
    }
  });
});
