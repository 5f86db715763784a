/**
 * The one scheduler (tareas/planificador.ts) failing as production fails: two instances on one
 * database never run a task twice in one period; a process killed mid-task leaves a lease that
 * another instance takes over once it has ended (a real process, SIGKILLed, on PostgreSQL); a task
 * that throws is tried again after doubling waits and counted on /metrics. On PGlite the instances
 * share one connection; with TEST_PG_URL each has a pool of its own.
 */
import { spawn } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { drizzle } from "drizzle-orm/node-postgres";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "../../src/db/client.js";
import * as schema from "../../src/db/schema.js";
import { relojDelSistema } from "../../src/shared/tiempo.js";
import { crearPlanificador, type Planificador, type Tarea } from "../../src/tareas/planificador.js";
import { crearTestApp, type TestApp } from "../support/app.js";

const aqui = path.dirname(fileURLToPath(import.meta.url));
const T0 = new Date("2026-11-26T15:00:00Z").getTime();

let t: TestApp;
const pools: pg.Pool[] = [];
beforeAll(async () => {
  t = await crearTestApp({ METRICS_ALLOW: "127.0.0.1" }, { reloj: () => new Date(ahora) });
});
afterAll(async () => {
  for (const p of pools) await p.end();
  await t?.close();
});

let ahora = T0;
const reloj = () => new Date(ahora);

/** Another process's connection to the test database: a pool of its own on PostgreSQL. */
function otraConexion(): Db {
  if (t.kind !== "postgres") return t.db;
  const url = (t.db as unknown as { $client: pg.Pool }).$client.options.connectionString;
  const pool = new pg.Pool({ connectionString: url, max: 4 });
  // pool.end() does not wait for sockets to close: the test database's forced drop may reach a
  // closing client, whose "terminating connection" must not surface as an unhandled error (it
  // failed the PostgreSQL step of CI with every test green).
  pool.on("error", () => {});
  pools.push(pool);
  return drizzle(pool, { schema }) as unknown as Db;
}

function instancia(db: Db, r = reloj, plazo = 300): Planificador {
  return crearPlanificador({
    db,
    reloj: r,
    config: { tasksTickMs: 20, tasksLeaseSeconds: plazo, tasksRetryFirstSeconds: 10, tasksRetryMaxSeconds: 40 },
    log: { warn: () => {} },
  });
}

const pausa = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe("two instances on one database", () => {
  it("never run an 'unica' task twice in one period", async () => {
    const corridas: string[] = [];
    const tarea = (quien: string): Tarea => ({
      nombre: "prueba.dos-instancias",
      cuando: { cadaMs: 60_000 },
      alcance: "unica",
      ejecutar: async () => {
        corridas.push(quien);
        await pausa(30);
      },
    });
    const a = instancia(otraConexion());
    const b = instancia(otraConexion());
    a.registrar(tarea("a"));
    b.registrar(tarea("b"));
    ahora = T0;
    for (let i = 0; i < 5; i++) await Promise.all([a.vuelta(), b.vuelta(), a.vuelta(), b.vuelta()]);
    expect(corridas).toHaveLength(1);
    ahora = T0 + 59_000;
    await Promise.all([a.vuelta(), b.vuelta()]);
    expect(corridas).toHaveLength(1);
    ahora = T0 + 61_000;
    for (let i = 0; i < 3; i++) await Promise.all([a.vuelta(), b.vuelta()]);
    expect(corridas).toHaveLength(2);
  });

  it("running their loops side by side, still run it once per period", async () => {
    let corridas = 0;
    const tarea: Tarea = {
      nombre: "prueba.bucles",
      cuando: { cadaMs: 60_000 },
      alcance: "unica",
      ejecutar: async () => {
        corridas++;
      },
    };
    ahora = T0 + 10 * 60_000;
    const lista = [instancia(otraConexion()), instancia(otraConexion()), instancia(otraConexion())];
    for (const p of lista) {
      p.registrar({ ...tarea });
      p.iniciar();
    }
    await pausa(400);
    for (const p of lista) await p.detener();
    expect(corridas).toBe(1);
  });
});

describe("a process that dies mid-task", () => {
  it("leaves a lease another instance takes over once it has ended (same clock moved on)", async () => {
    let corridas = 0;
    const tarea = (ejecutar: () => Promise<unknown>): Tarea => ({
      nombre: "prueba.muerta",
      cuando: { cadaMs: 3_600_000 },
      alcance: "unica",
      ejecutar,
    });
    ahora = T0 + 20 * 60_000;
    const muerta = instancia(otraConexion(), reloj, 300);
    // Never ends and never renews in time: its process is gone (renewal comes every 100 s of real time).
    muerta.registrar(tarea(() => new Promise(() => {})));
    void muerta.vuelta();
    await pausa(100);
    const viva = instancia(otraConexion(), reloj, 300);
    viva.registrar(
      tarea(async () => {
        corridas++;
      }),
    );
    await viva.vuelta();
    expect(corridas).toBe(0);
    ahora += 299_000;
    await viva.vuelta();
    expect(corridas).toBe(0);
    ahora += 2_000;
    await viva.vuelta();
    expect(corridas).toBe(1);
  });

  // A second process shares the database on PostgreSQL only (PGlite is this process's own).
  const enPostgres = process.env.TEST_PG_URL ? it : null;
  enPostgres?.("killed with SIGKILL, is taken over after its lease, and not before", { timeout: 30_000 }, async () => {
    const url = (t.db as unknown as { $client: pg.Pool }).$client.options.connectionString as string;
    const hijo = spawn(
      process.execPath,
      ["--import", "tsx", path.join(aqui, "proceso-tarea.ts"), url, "prueba.sigkill", "2"],
      {
        stdio: ["ignore", "pipe", "pipe"],
      },
    );
    let salida = "";
    await new Promise<void>((resolve, reject) => {
      hijo.stdout.on("data", (d) => {
        salida += d;
        if (salida.includes("empezada")) resolve();
      });
      hijo.on("exit", (c) => reject(new Error(`child ended (${c})`)));
    });
    let corridas = 0;
    const viva = instancia(otraConexion(), relojDelSistema, 2);
    viva.registrar({
      nombre: "prueba.sigkill",
      cuando: { cadaMs: 3_600_000 },
      alcance: "unica",
      ejecutar: async () => {
        corridas++;
      },
    });
    // Alive, the child renews its lease: past the first lease's end nobody else runs the task.
    await pausa(2_500);
    await viva.vuelta();
    expect(corridas).toBe(0);
    hijo.kill("SIGKILL");
    await new Promise((r) => hijo.once("exit", r));
    await viva.vuelta();
    expect(corridas).toBe(0);
    await pausa(2_200);
    await viva.vuelta();
    expect(corridas).toBe(1);
  });
});

describe("a task that throws", () => {
  it("is tried again after doubling waits, and its runs and failures are on /metrics", async () => {
    let llamadas = 0;
    ahora = new Date("2026-11-26T05:00:00Z").getTime(); // 01:00 in the country
    t.app.tareas.registrar({
      nombre: "prueba.falla",
      cuando: { diaria: { hora: 1 } },
      alcance: "unica",
      ejecutar: async () => {
        llamadas++;
        if (llamadas <= 2) throw new Error(`fallo ${llamadas}`);
      },
    });
    const inicio = ahora;
    await t.app.tareas.vuelta();
    expect(llamadas).toBe(1);
    // TASKS_RETRY_FIRST_SECONDS (30) after the first failure, then 60.
    ahora = inicio + 29_000;
    await t.app.tareas.vuelta();
    expect(llamadas).toBe(1);
    ahora = inicio + 31_000;
    await t.app.tareas.vuelta();
    expect(llamadas).toBe(2);
    ahora = inicio + 31_000 + 59_000;
    await t.app.tareas.vuelta();
    expect(llamadas).toBe(2);
    ahora = inicio + 31_000 + 61_000;
    await t.app.tareas.vuelta();
    expect(llamadas).toBe(3);
    // Done for the day: tomorrow at 01:00.
    ahora = inicio + 23 * 3_600_000;
    await t.app.tareas.vuelta();
    expect(llamadas).toBe(3);
    ahora = inicio + 24 * 3_600_000;
    await t.app.tareas.vuelta();
    expect(llamadas).toBe(4);

    const r = await t.app.inject({ method: "GET", url: "/metrics" });
    expect(r.statusCode).toBe(200);
    expect(r.body).toMatch(/rf_task_runs_total\{task="prueba\.falla"\} 4\b/);
    expect(r.body).toMatch(/rf_task_failures_total\{task="prueba\.falla"\} 2\b/);
    const exito = Number(/rf_task_last_success_timestamp_seconds\{task="prueba\.falla"\} (\S+)/.exec(r.body)?.[1]);
    expect(exito).toBe(ahora / 1000);
    expect(r.body).toMatch(/rf_task_lag_seconds\{task="prueba\.falla"\} 0\b/);
  });
});
