/**
 * A process that only runs the scheduler with one "unica" task that never ends (it prints
 * "empezada" when it starts): the planificador test kills it mid-task, as production would.
 * Arguments: the PostgreSQL URL, the task's name, the lease in seconds.
 */
import { drizzle } from "drizzle-orm/node-postgres";
import pg from "pg";
import type { Db } from "../../src/db/client.js";
import * as schema from "../../src/db/schema.js";
import { relojDelSistema } from "../../src/shared/tiempo.js";
import { crearPlanificador } from "../../src/tareas/planificador.js";

const [url, nombre, plazo] = process.argv.slice(2);
const pool = new pg.Pool({ connectionString: url, max: 2 });
const db = drizzle(pool, { schema }) as unknown as Db;
const planificador = crearPlanificador({
  db,
  reloj: relojDelSistema,
  config: { tasksTickMs: 20, tasksLeaseSeconds: Number(plazo), tasksRetryFirstSeconds: 1, tasksRetryMaxSeconds: 1 },
  log: { warn: (_o, m) => process.stderr.write(`${m}\n`) },
});
planificador.registrar({
  nombre,
  cuando: { cadaMs: 3_600_000 },
  alcance: "unica",
  ejecutar: () => {
    process.stdout.write("empezada\n");
    return new Promise(() => {});
  },
});
planificador.iniciar();
