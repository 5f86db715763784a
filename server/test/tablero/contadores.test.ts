/**
 * The dashboard's stage counters, kept by the database: after random history written the ways the
 * app and its tools write it (one entry per transaction, several requests' entries in one
 * statement, many entries of one request in one transaction, rolled-back transactions and
 * savepoints, the pending changes moved early by SET CONSTRAINTS … IMMEDIATE and written again
 * after), the per-institution counters `etapas_semanas` and `etapas_espera` (migration 0011) and
 * their sums over all institutions `etapas_semanas_todas` and `etapas_espera_todas` (migration
 * 0047, written at commit from the pending `_cambios` tables) hold exactly what a plain walk of the
 * whole history (here, in JavaScript) counts, the pending tables are empty, and the dashboard
 * without an institution gives that walk's waiting figures (median included) and weekly movements.
 * Then two transactions moving requests of one institution in opposite orders, at once on
 * PostgreSQL: both commit (before 0047 one of them died of a deadlock on the weekly counters).
 */
import { ETAPAS, etapaTablero, type Tablero } from "@registro/contracts";
import { type SQL, sql } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { Tx } from "../../src/db/client.js";
import { crearTestApp, type TestApp } from "../support/app.js";

vi.setConfig({ testTimeout: 180_000, hookTimeout: 120_000 });

// The app's clock: Wednesday 18 March 2026, 12:00 in Santo Domingo (UTC−4).
const AHORA = new Date("2026-03-18T16:00:00Z");
const ESTATUS_HISTORIA = [101, 108, 102, 204, 104, 105, 103, 106, 203, 201, 109];

let t: TestApp;
let instituciones: number[];
let incumbente: number;
const creadas: number[] = [];

async function filas<T>(consulta: SQL): Promise<T[]> {
  return ((await t.db.execute(consulta)) as unknown as { rows: T[] }).rows;
}

beforeAll(async () => {
  t = await crearTestApp({}, { reloj: () => new Date(AHORA) });
  instituciones = (
    await filas<{ id: number }>(sql`select id_institucion as id from instituciones order by 1 limit 3`)
  ).map((r) => r.id);
  [{ incumbente }] = await filas<{ incumbente: number }>(sql`
    insert into incumbentes (id_institucion, cedula, nombres, apellidos, cod_cargo, telefono)
    values (${instituciones[0]}, '407-0000001-1', 'Incumbente', 'Contadores', (select min(id_cargo) from cargos),
            '(809) 555-0101')
    returning id_incumbente as incumbente`);
});
afterAll(() => t?.close());

type Ejecutor = { execute: Tx["execute"] };

/** A history entry of a request: `horas` after its last one (or its start, up to 20 weeks back), never after AHORA. */
const paso = (db: Ejecutor, idSolicitud: number, estatus: number, horas: number) =>
  db.execute(sql`
    insert into historial (id_solicitud, estatus, fecha)
    select ${idSolicitud}::int, ${estatus}::int,
           least(coalesce(max(fecha), ${AHORA.toISOString()}::timestamptz - interval '20 weeks')
                 + ${horas}::int * interval '1 hour', ${AHORA.toISOString()}::timestamptz)
    from historial where id_solicitud = ${idSolicitud}::int`);

async function nueva(db: Ejecutor, inst: number): Promise<number> {
  const [{ id }] = (
    (await db.execute(sql`
      insert into solicitudes (id_institucion, id_incumbente, estatus)
      values (${inst}::int, ${incumbente}::int, 101) returning id_solicitud as id`)) as unknown as {
      rows: { id: number }[];
    }
  ).rows;
  return id;
}

const arbPaso = fc.record({ estatus: fc.constantFrom(...ESTATUS_HISTORIA), horas: fc.integer({ min: 0, max: 300 }) });
const arbOperacion = fc.oneof(
  // A new request and its first entries, each in a transaction of its own (as the app writes them).
  fc.record({
    tipo: fc.constant("nueva" as const),
    inst: fc.nat(2),
    pasos: fc.array(arbPaso, { minLength: 1, maxLength: 4 }),
  }),
  // A new request and all its entries in one transaction (an import, a seeding).
  fc.record({
    tipo: fc.constant("nuevaEnUna" as const),
    inst: fc.nat(2),
    pasos: fc.array(arbPaso, { minLength: 1, maxLength: 6 }),
  }),
  // One entry for several requests in one statement.
  fc.record({ tipo: fc.constant("lote" as const), cada: fc.integer({ min: 1, max: 3 }), p: arbPaso }),
  fc.record({ tipo: fc.constant("paso" as const), cual: fc.nat(), p: arbPaso }),
  // Entries, the pending changes moved early, then more entries in the same transaction.
  fc.record({ tipo: fc.constant("inmediata" as const), cual: fc.nat(), a: arbPaso, b: arbPaso }),
  // A rolled-back transaction; a savepoint rolled back between two kept entries.
  fc.record({ tipo: fc.constant("revertida" as const), cual: fc.nat(), p: arbPaso }),
  fc.record({ tipo: fc.constant("savepoint" as const), cual: fc.nat(), a: arbPaso, b: arbPaso, c: arbPaso }),
);
type Operacion = typeof arbOperacion extends fc.Arbitrary<infer O> ? O : never;

async function aplicar(op: Operacion) {
  const cual = (n: number) => creadas[n % creadas.length];
  switch (op.tipo) {
    case "nueva": {
      const id = await nueva(t.db, instituciones[op.inst]);
      creadas.push(id);
      for (const p of op.pasos) await paso(t.db, id, p.estatus, p.horas);
      return;
    }
    case "nuevaEnUna":
      creadas.push(
        await t.db.transaction(async (tx) => {
          const id = await nueva(tx, instituciones[op.inst]);
          for (const p of op.pasos) await paso(tx, id, p.estatus, p.horas);
          return id;
        }),
      );
      return;
    case "lote":
      if (creadas.length === 0) return;
      await t.db.execute(sql`
        insert into historial (id_solicitud, estatus, fecha)
        select h.id_solicitud, ${op.p.estatus}::int,
               least(max(h.fecha) + ${op.p.horas}::int * interval '1 hour', ${AHORA.toISOString()}::timestamptz)
        from historial h
        where h.id_solicitud in (${sql.join(
          creadas.filter((_, i) => i % op.cada === 0).map((id) => sql`${id}::int`),
          sql`, `,
        )})
        group by h.id_solicitud order by h.id_solicitud`);
      return;
    case "paso":
      if (creadas.length > 0) await paso(t.db, cual(op.cual), op.p.estatus, op.p.horas);
      return;
    case "inmediata":
      if (creadas.length === 0) return;
      await t.db.transaction(async (tx) => {
        await paso(tx, cual(op.cual), op.a.estatus, op.a.horas);
        await tx.execute(sql`set constraints all immediate`);
        await tx.execute(sql`set constraints all deferred`);
        await paso(tx, cual(op.cual + 1), op.b.estatus, op.b.horas);
      });
      return;
    case "revertida":
      if (creadas.length === 0) return;
      await expect(
        t.db.transaction(async (tx) => {
          await paso(tx, cual(op.cual), op.p.estatus, op.p.horas);
          await nueva(tx, instituciones[0]).then((id) => paso(tx, id, 101, 1));
          throw new Error("revertir");
        }),
      ).rejects.toThrow("revertir");
      return;
    case "savepoint":
      if (creadas.length === 0) return;
      await t.db.transaction(async (tx) => {
        await paso(tx, cual(op.cual), op.a.estatus, op.a.horas);
        await expect(
          tx.transaction(async (sp) => {
            await paso(sp, cual(op.cual + 1), op.b.estatus, op.b.horas);
            throw new Error("revertir");
          }),
        ).rejects.toThrow("revertir");
        await paso(tx, cual(op.cual + 2), op.c.estatus, op.c.horas);
      });
      return;
  }
}

/** Monday (YYYY-MM-DD) of an instant's week in UTC−4. */
function lunes(ms: number): string {
  const local = new Date(ms - 4 * 3600_000);
  local.setUTCDate(local.getUTCDate() - ((local.getUTCDay() + 6) % 7));
  return local.toISOString().slice(0, 10);
}

/** The plain walk of the whole history: movements per week, stage and institution; the open stays. */
async function recorrer() {
  const historia = await filas<{ id: number; inst: number; estatus: number; ms: string }>(sql`
    select h.id_solicitud as id, s.id_institucion as inst, h.estatus::int as estatus,
           (extract(epoch from h.fecha) * 1000)::text as ms
    from historial h join solicitudes s on s.id_solicitud = h.id_solicitud
    order by h.id_solicitud, h.id_historial`);
  const semanas = new Map<string, number[]>();
  const abiertas = new Map<number, { inst: number; etapa: number; ms: number }>();
  const mover = (ms: number, etapa: number, inst: number, k: 0 | 1) => {
    const c = `${lunes(ms)}|${etapa}|${inst}`;
    const v = semanas.get(c) ?? [0, 0];
    v[k]++;
    semanas.set(c, v);
  };
  for (const h of historia) {
    const ms = Number(h.ms);
    const etapa = etapaTablero(h.estatus);
    const abierta = abiertas.get(h.id);
    if ((abierta?.etapa ?? null) === etapa) continue;
    if (abierta) {
      mover(ms, abierta.etapa, abierta.inst, 1);
      abiertas.delete(h.id);
    }
    if (etapa !== null) {
      mover(ms, etapa, h.inst, 0);
      abiertas.set(h.id, { inst: h.inst, etapa, ms });
    }
  }
  const espera = new Map<string, number[]>();
  for (const a of abiertas.values()) {
    if (a.etapa === 4) continue;
    const c = `${a.etapa}|${lunes(a.ms)}|${a.inst}`;
    espera.set(c, [(espera.get(c)?.[0] ?? 0) + 1]);
  }
  return { semanas, espera, abiertas };
}

/** A map's counts summed over the key's part `sin` leaves out (the institution), zeros dropped. */
function sumar(m: Map<string, number[]>, sin: number): Map<string, number[]> {
  const r = new Map<string, number[]>();
  for (const [k, v] of m) {
    const c = k
      .split("|")
      .filter((_, i) => i !== sin)
      .join("|");
    const a = r.get(c);
    r.set(c, a === undefined ? [...v] : a.map((x, i) => x + v[i]));
  }
  for (const [k, v] of r) if (v.every((x) => x === 0)) r.delete(k);
  return r;
}

async function guardados() {
  const semanas = await filas<{ c: string; e: number; s: number }>(sql`
    select to_char(semana, 'YYYY-MM-DD') || '|' || etapa || '|' || id_institucion as c, entradas as e, salidas as s
    from etapas_semanas where entradas <> 0 or salidas <> 0`);
  const semanasTodas = await filas<{ c: string; e: number; s: number }>(sql`
    select to_char(semana, 'YYYY-MM-DD') || '|' || etapa as c, entradas as e, salidas as s
    from etapas_semanas_todas where entradas <> 0 or salidas <> 0`);
  const espera = await filas<{ c: string; n: number }>(sql`
    select etapa || '|' || to_char(semana, 'YYYY-MM-DD') || '|' || id_institucion as c, n
    from etapas_espera where n <> 0`);
  const esperaTodas = await filas<{ c: string; n: number }>(sql`
    select etapa || '|' || to_char(semana, 'YYYY-MM-DD') as c, n from etapas_espera_todas where n <> 0`);
  const [{ pendientes }] = await filas<{ pendientes: number }>(sql`
    select ((select count(*) from etapas_semanas_cambios) + (select count(*) from etapas_espera_cambios))::int
      as pendientes`);
  return {
    semanas: new Map(semanas.map((r) => [r.c, [r.e, r.s]])),
    semanasTodas: new Map(semanasTodas.map((r) => [r.c, [r.e, r.s]])),
    espera: new Map(espera.map((r) => [r.c, [r.n]])),
    esperaTodas: new Map(esperaTodas.map((r) => [r.c, [r.n]])),
    pendientes,
  };
}

/** The dashboard over all institutions, its waiting figures and weekly movements, against the walk. */
async function expectTablero(walk: Awaited<ReturnType<typeof recorrer>>) {
  const res = await t.as("administrador", { method: "GET", url: "/api/Tablero?desde=2025-10-27&hasta=2026-03-18" });
  expect(res.statusCode, res.body).toBe(200);
  const b = res.json() as Tablero;
  const dias = (ms: number) => (AHORA.getTime() - ms) / 86_400_000;
  for (let etapa = 0; etapa < 4; etapa++) {
    const esperando = [...walk.abiertas.entries()]
      .filter(([, a]) => a.etapa === etapa)
      .map(([id, a]) => ({ id, ms: a.ms }))
      .sort((x, y) => x.ms - y.ms || x.id - y.id);
    const e = b.etapas[etapa].espera;
    if (esperando.length === 0) {
      expect(e).toBeNull();
      continue;
    }
    const medio = (esperando.length - 1) >> 1;
    const mediana =
      esperando.length % 2
        ? dias(esperando[medio].ms)
        : (dias(esperando[medio].ms) + dias(esperando[medio + 1].ms)) / 2;
    expect(e?.solicitudes).toBe(esperando.length);
    expect(e?.idSolicitudMasAntigua).toBe(esperando[0].id);
    expect(e?.maximoDias).toBeCloseTo(Math.round(dias(esperando[0].ms) * 10) / 10, 5);
    expect(Math.abs((e?.medianaDias ?? Number.NaN) - mediana)).toBeLessThanOrEqual(0.05 + 1e-9);
  }
  const todas = sumar(walk.semanas, 2);
  for (const s of b.semanas) {
    expect(
      s.etapas.map((x) => [x.entradas, x.salidas]),
      s.semana,
    ).toEqual(ETAPAS.map((_, i) => todas.get(`${s.semana}|${i}`) ?? [0, 0]));
  }
}

describe("the dashboard's stage counters, per institution and over all, kept by the database", () => {
  it("equal a plain walk of the whole history after random writes, and the dashboard over all reads them", async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(arbOperacion, { minLength: 1, maxLength: 6 }), async (ops) => {
        for (const op of ops) await aplicar(op);
        const walk = await recorrer();
        const g = await guardados();
        expect(g.pendientes).toBe(0);
        const sinCeros = new Map([...walk.semanas].filter(([, v]) => v[0] !== 0 || v[1] !== 0));
        expect(g.semanas).toEqual(sinCeros);
        expect(g.espera).toEqual(walk.espera);
        expect(g.semanasTodas).toEqual(sumar(walk.semanas, 2));
        expect(g.esperaTodas).toEqual(sumar(walk.espera, 2));
        await expectTablero(walk);
      }),
      { numRuns: 30 },
    );
  });
});

describe("two transactions moving requests of one institution in opposite orders", () => {
  it("both commit (no deadlock: the counter rows are locked at commit, in key order) and the counters add up", async () => {
    // Four requests of one institution, arrived the same week: A and E in Originador, C and D in
    // Revisión legal. One transaction moves A on (stages 0 and 1) and then C (2 and 3); the other
    // D (2 and 3) and then E (0 and 1). Counter rows locked as each entry was written (before
    // 0047), each transaction held the pair the other then waited for: PostgreSQL's deadlock.
    const inst = instituciones[1];
    const [a, c, d, e] = [
      await nueva(t.db, inst),
      await nueva(t.db, inst),
      await nueva(t.db, inst),
      await nueva(t.db, inst),
    ];
    creadas.push(a, c, d, e);
    for (const [id, estatus] of [
      [a, 108],
      [c, 102],
      [d, 102],
      [e, 108],
    ])
      await paso(t.db, id, estatus, 0);
    let listo1 = () => {};
    let listo2 = () => {};
    const paso1 = new Promise<void>((r) => {
      listo1 = r;
    });
    const paso2 = new Promise<void>((r) => {
      listo2 = r;
    });
    // PGlite runs one transaction at a time: there, one after the other.
    const aLaVez = t.kind === "postgres";
    const t1 = () =>
      t.db.transaction(async (tx) => {
        await paso(tx, a, 101, 1);
        listo1();
        if (aLaVez) await paso2;
        await paso(tx, c, 105, 1);
      });
    const t2 = () =>
      t.db.transaction(async (tx) => {
        await paso(tx, d, 105, 1);
        listo2();
        if (aLaVez) await paso1;
        await paso(tx, e, 101, 1);
      });
    if (aLaVez) await Promise.all([t1(), t2()]);
    else {
      await t1();
      await t2();
    }
    const walk = await recorrer();
    const g = await guardados();
    expect(g.pendientes).toBe(0);
    expect(g.semanas).toEqual(new Map([...walk.semanas].filter(([, v]) => v[0] !== 0 || v[1] !== 0)));
    expect(g.espera).toEqual(walk.espera);
    expect(g.semanasTodas).toEqual(sumar(walk.semanas, 2));
    expect(g.esperaTodas).toEqual(sumar(walk.espera, 2));
  });
});
