/**
 * The officials' words table of the inboxes' searches (migration 0033), kept by the database: after
 * the back-fill and after random officials added, renamed, given another cédula, moved and removed,
 * requests changed (status, institution, legal, holder, date, incumbent), incumbents renamed,
 * requests deleted and rolled-back transactions, its rows are exactly what a plain reading of the
 * officials gives — computed here in JavaScript from each official's and incumbent's search words.
 * So are the pairs of one official's words (migration 0040), computed from those rows.
 * The searches that read them are compared with the plain queries in bandejas-busqueda.test.ts.
 */
import { CODIGOS_ESTATUS } from "@registro/contracts";
import { type SQL, sql } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { Db } from "../../src/db/client.js";
import { crearTestApp, type TestApp } from "../support/app.js";

vi.setConfig({ testTimeout: 120_000, hookTimeout: 120_000 });

const CODIGOS = [...CODIGOS_ESTATUS] as number[];
const NOMBRES = ["Pedro", "Pedro José", "Ána", "Ñoño", "Herrera Ortiz"];
const APELLIDOS = ["Gómez", "Gomez-Pérez", "Herrera Ortiz", "D'Oleo", "Ana"];

let t: TestApp;
let instituciones: number[];
let incumbentes: number[];
let ultimaDemo: number;
let usuario: number;
let cargo: number;

async function filas<T>(db: Db, consulta: SQL): Promise<T[]> {
  return ((await db.execute(consulta)) as unknown as { rows: T[] }).rows;
}
const arr = (xs: string[]) => sql.raw(`array[${xs.map((n) => `'${n.replace("'", "''")}'`).join(",")}]`);

beforeAll(async () => {
  t = await crearTestApp();
  [{ n: ultimaDemo }] = await filas<{ n: number }>(
    t.db,
    sql`select coalesce(max(id_solicitud), 0)::int as n from solicitudes`,
  );
  [{ id: usuario }] = await filas<{ id: number }>(t.db, sql`select min(id_usuario)::int as id from usuarios`);
  [{ cargo }] = await filas<{ cargo: number }>(t.db, sql`select min(id_cargo)::int as cargo from cargos`);
  instituciones = (
    await filas<{ id: number }>(t.db, sql`select id_institucion as id from instituciones order by 1 limit 3`)
  ).map((r) => r.id);
  incumbentes = (
    await filas<{ id: number }>(
      t.db,
      sql`insert into incumbentes (id_institucion, cedula, nombres, apellidos, cod_cargo, telefono)
        select ${instituciones[0]}::int, '404-' || lpad(g::text, 7, '0') || '-1',
               (${arr(NOMBRES)})[1 + g % ${NOMBRES.length}::int], (${arr(APELLIDOS)})[1 + (g * 7) % ${APELLIDOS.length}::int],
               ${cargo}::int, '(809) 555-0101'
        from generate_series(1, 12) g
        returning id_incumbente as id`,
    )
  ).map((r) => r.id);
  await t.db.execute(sql`
    insert into solicitudes (id_institucion, id_incumbente, estatus, decidido_juridico)
    select (${sql.raw(`array[${instituciones.join(",")}]`)})[1 + g % ${instituciones.length}::int],
           (${sql.raw(`array[${incumbentes.join(",")}]`)})[1 + (g * 11) % ${incumbentes.length}::int],
           (${sql.raw(`array[${CODIGOS.join(",")}]`)})[1 + (g * 13) % ${CODIGOS.length}::int], g % 2 = 0
    from generate_series(1, 60) g`);
  await agregarFuncionarios(sql`id_solicitud > ${ultimaDemo}::int`, 2);
});
afterAll(() => t?.close());

/** `n` officials for each selected request, named from the lists by their number. */
async function agregarFuncionarios(donde: SQL, n: number) {
  await t.db.execute(sql`
    insert into funcionarios (id_solicitud, cedula, nombres, apellidos, cod_cargo, telefono)
    select s.id_solicitud, '405-' || lpad((s.id_solicitud * 10 + k)::text, 7, '0') || '-' || k,
           (${arr(NOMBRES)})[1 + (s.id_solicitud + k) % ${NOMBRES.length}::int],
           (${arr(APELLIDOS)})[1 + (s.id_solicitud * 3 + k) % ${APELLIDOS.length}::int],
           ${cargo}::int, '(809) 555-0102'
    from solicitudes s cross join generate_series(1, ${n}::int) k where ${donde}`);
}

/** Bytewise order, as the table's "C" collation sorts. */
const porBytes = (a: string, b: string) => Buffer.compare(Buffer.from(a), Buffer.from(b));

/** The words of a tsvector's text form ('a':1 'b':2,3 …). */
function lexemas(tsvector: string): string[] {
  return [...tsvector.matchAll(/'((?:[^']|'')*)'/g)].map((m) => m[1].replaceAll("''", "'"));
}

type Fila = {
  palabra: string;
  id: number;
  funcionario: number;
  anterior: string | null;
  estatus: number;
  institucion: number;
  decidido: boolean;
  asignado: boolean;
  /** The request's date, as seconds since the epoch. */
  fecha: number;
  palabras: string;
  incumbente: string;
};
const ordenar = (fs: Fila[]) =>
  [...fs].sort((a, b) => a.id - b.id || porBytes(a.palabra, b.palabra) || a.funcionario - b.funcionario);

/** The rows the table must hold, from the officials, requests and incumbents as they are now. */
async function esperadas(): Promise<Fila[]> {
  const funcionarios = await filas<
    Omit<Fila, "palabra" | "anterior" | "palabras" | "incumbente"> & { busqueda: string; delIncumbente: string }
  >(
    t.db,
    sql`select f.id_funcionario as funcionario, s.id_solicitud as id, s.estatus, s.id_institucion as institucion,
          s.decidido_juridico as decidido, s.asignado_a is not null as asignado,
          extract(epoch from s.fecha_solicitud)::float8 as fecha,
          -- the official's own words, as a reader computes them from the names and cédula
          rf_documento_busqueda(f.nombres, f.apellidos, f.cedula)::text as busqueda,
          rf_documento_busqueda(i.nombres, i.apellidos, i.cedula)::text as "delIncumbente"
        from funcionarios f join solicitudes s on s.id_solicitud = f.id_solicitud
        join incumbentes i on i.id_incumbente = s.id_incumbente`,
  );
  const sueltas = funcionarios.flatMap((f) => {
    const todas = lexemas(f.busqueda);
    return todas
      .filter((w) => /[a-z]/.test(w))
      .map((palabra) => ({
        palabra,
        id: f.id,
        funcionario: f.funcionario,
        anterior: null as string | null,
        estatus: f.estatus,
        institucion: f.institucion,
        decidido: f.decidido,
        asignado: f.asignado,
        fecha: f.fecha,
        palabras: ` ${todas.join(" ")}`,
        incumbente: ` ${lexemas(f.delIncumbente).join(" ")}`,
      }));
  });
  // Each row's previous word among its request's officials, in (word, official) order.
  const ordenadas = ordenar(sueltas);
  return ordenadas.map((f, k) => ({
    ...f,
    anterior: k > 0 && ordenadas[k - 1].id === f.id ? ordenadas[k - 1].palabra : null,
  }));
}

async function guardadas(): Promise<Fila[]> {
  return filas<Fila>(
    t.db,
    sql`select palabra, id_solicitud as id, id_funcionario as funcionario, anterior, estatus,
          id_institucion as institucion, decidido_juridico as decidido, asignado,
          extract(epoch from fecha_solicitud)::float8 as fecha, palabras, incumbente
        from funcionarios_palabras`,
  );
}

type Par = Omit<Fila, "palabra" | "anterior"> & { palabra1: string; palabra2: string };
const ordenarPares = (ps: Par[]) =>
  [...ps].sort(
    (a, b) =>
      a.id - b.id ||
      porBytes(a.palabra1, b.palabra1) ||
      porBytes(a.palabra2, b.palabra2) ||
      a.funcionario - b.funcionario,
  );

/** The pairs table's rows (migration 0040): every two words of one official, the smaller first. */
function paresEsperados(filasEsperadas: Fila[]): Par[] {
  const pares = filasEsperadas.flatMap(({ palabra: a, anterior: _, ...resto }) =>
    filasEsperadas
      .filter((b) => b.id === resto.id && b.funcionario === resto.funcionario && porBytes(a, b.palabra) < 0)
      .map((b) => ({ ...resto, palabra1: a, palabra2: b.palabra })),
  );
  return ordenarPares(pares);
}

async function paresGuardados(): Promise<Par[]> {
  return filas<Par>(
    t.db,
    sql`select palabra1, palabra2, id_solicitud as id, id_funcionario as funcionario, estatus,
          id_institucion as institucion, decidido_juridico as decidido, asignado,
          extract(epoch from fecha_solicitud)::float8 as fecha, palabras, incumbente
        from funcionarios_pares`,
  );
}

async function expectTablaExacta() {
  const esperadasAhora = await esperadas();
  expect(ordenar(await guardadas())).toEqual(esperadasAhora);
  expect(ordenarPares(await paresGuardados())).toEqual(paresEsperados(esperadasAhora));
}

const arbSeleccion = fc.record({ modulo: fc.integer({ min: 2, max: 13 }), resto: fc.integer({ min: 0, max: 12 }) });
const seleccion = (s: { modulo: number; resto: number }, columna = "id_solicitud") =>
  sql`id_solicitud > ${ultimaDemo}::int and ${sql.raw(columna)} % ${s.modulo}::int = ${s.resto % s.modulo}::int`;

describe("the officials' words table of the inboxes' searches", () => {
  it("holds every official's words after the back-fill and the inserts", async () => {
    expect((await guardadas()).length).toBeGreaterThan(200);
    expect((await paresGuardados()).length).toBeGreaterThan(200);
    await expectTablaExacta();
  });

  it("follows random writes of officials, requests and incumbents, and rolled-back transactions", async () => {
    const arbOperacion = fc.oneof(
      fc.record({ tipo: fc.constant("agregar" as const), s: arbSeleccion, n: fc.integer({ min: 1, max: 3 }) }),
      fc.record({
        tipo: fc.constant("renombrar" as const),
        s: arbSeleccion,
        nombres: fc.constantFrom(...NOMBRES, "PEDRO", "Zoë 2da"),
        apellidos: fc.constantFrom(...APELLIDOS),
      }),
      fc.record({ tipo: fc.constant("cedula" as const), s: arbSeleccion, n: fc.integer({ min: 0, max: 999 }) }),
      fc.record({ tipo: fc.constant("mover" as const), s: arbSeleccion, a: fc.integer({ min: 1, max: 60 }) }),
      fc.record({ tipo: fc.constant("quitar" as const), s: arbSeleccion }),
      fc.record({ tipo: fc.constant("estado" as const), s: arbSeleccion }),
      fc.record({ tipo: fc.constant("estatus" as const), s: arbSeleccion, estatus: fc.constantFrom(...CODIGOS) }),
      fc.record({ tipo: fc.constant("institucion" as const), s: arbSeleccion, i: fc.constantFrom(...instituciones) }),
      fc.record({ tipo: fc.constant("decidido" as const), s: arbSeleccion, valor: fc.boolean() }),
      fc.record({ tipo: fc.constant("asignar" as const), s: arbSeleccion, valor: fc.boolean() }),
      fc.record({ tipo: fc.constant("fecha" as const), s: arbSeleccion, horas: fc.integer({ min: -500, max: 500 }) }),
      fc.record({ tipo: fc.constant("incumbente" as const), s: arbSeleccion, inc: fc.constantFrom(...incumbentes) }),
      fc.record({
        tipo: fc.constant("renombrarIncumbente" as const),
        inc: fc.constantFrom(...incumbentes),
        apellidos: fc.constantFrom(...APELLIDOS),
      }),
      fc.record({ tipo: fc.constant("borrar" as const), s: arbSeleccion }),
      fc.record({ tipo: fc.constant("revertida" as const), s: arbSeleccion }),
    );
    await fc.assert(
      fc.asyncProperty(fc.array(arbOperacion, { minLength: 1, maxLength: 6 }), async (ops) => {
        for (const op of ops) {
          switch (op.tipo) {
            case "agregar":
              await agregarFuncionarios(seleccion(op.s), op.n);
              break;
            case "renombrar":
              await t.db.execute(sql`update funcionarios set nombres = ${op.nombres}, apellidos = ${op.apellidos}
                where ${seleccion(op.s, "id_funcionario")}`);
              break;
            case "cedula":
              await t.db.execute(sql`update funcionarios set cedula = '406-' || lpad(${op.n}::text, 7, '0') || '-2'
                where ${seleccion(op.s, "id_funcionario")}`);
              break;
            case "mover":
              await t.db.execute(sql`update funcionarios set id_solicitud = coalesce(
                  (select min(id_solicitud) from solicitudes where id_solicitud >= ${ultimaDemo + op.a}::int), id_solicitud)
                where ${seleccion(op.s, "id_funcionario")}`);
              break;
            case "quitar":
              await t.db.execute(sql`delete from funcionarios where ${seleccion(op.s, "id_funcionario")}`);
              break;
            case "estado":
              // Not a search word: nothing to rewrite.
              await t.db.execute(sql`update funcionarios set telefono = '(809) 555-0199'
                where ${seleccion(op.s, "id_funcionario")}`);
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
            case "fecha":
              await t.db.execute(sql`update solicitudes set fecha_solicitud = fecha_solicitud + ${op.horas}::int * interval '1 hour'
                where ${seleccion(op.s)}`);
              break;
            case "incumbente":
              await t.db.execute(sql`update solicitudes set id_incumbente = ${op.inc}::int where ${seleccion(op.s)}`);
              break;
            case "renombrarIncumbente":
              await t.db.execute(
                sql`update incumbentes set apellidos = ${op.apellidos} where id_incumbente = ${op.inc}::int`,
              );
              break;
            case "borrar":
              await t.db.execute(sql`delete from solicitudes where ${seleccion(op.s)}`);
              break;
            case "revertida":
              await expect(
                t.db.transaction(async (tx) => {
                  await tx.execute(sql`update solicitudes set estatus = 102 where ${seleccion(op.s)}`);
                  await tx.execute(sql`update funcionarios set nombres = 'Revertido' where ${seleccion(op.s)}`);
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

  it("is emptied with the officials (TRUNCATE … CASCADE of the requests)", async () => {
    const otra = await crearTestApp();
    try {
      await otra.db.execute(sql`truncate solicitudes cascade`);
      const [{ n }] = await filas<{ n: number }>(
        otra.db,
        sql`select (select count(*) from funcionarios_palabras)::int + (select count(*) from funcionarios_pares)::int as n`,
      );
      expect(n).toBe(0);
    } finally {
      await otra.close();
    }
  });
});
