/**
 * Batch verification benchmark: the registry of the verification benchmark (BENCH_N requests,
 * 100,000 by default: 250,000 officials, about 150,000 people; see verificacion.ts), then
 * POST api/Verificacion/Lote with 1,000 questions per call as a system key with the scope
 * verificacion-lote: a mix of people with several entries, questions with signature, amount and a
 * past date, with an institution, and cédulas not in the registry; every call different people.
 * Target: p95 < 1 s per call of 1,000 questions on PostgreSQL.
 *
 * Usage (from the repository root):
 *   BENCH_DB=postgres node --import tsx server/bench/verificacion-lote.ts
 * Settings (environment): DATABASE_URL / TEST_PG_URL, BENCH_DB (pglite | postgres | both),
 *   BENCH_N (requests, default 100000), BENCH_ITER (timed calls, default 30).
 */
import os from "node:os";
import { performance } from "node:perf_hooks";
import { sql } from "drizzle-orm";
import { buildApp } from "../src/app.js";
import { prepararBase } from "../src/bootstrap.js";
import { hashClave, nuevaClave } from "../src/claves/clave.js";
import { loadConfig } from "../src/config.js";
import type { Database } from "../src/db/client.js";
import { clavesSistema } from "../src/db/schema.js";
import { relojDelSistema } from "../src/shared/tiempo.js";
import { BASES, conBase, percentil } from "./bases.js";
import { cedulaDe, sembrar } from "./verificacion.js";

const N = Number(process.env.BENCH_N ?? 100_000);
const ITER = Number(process.env.BENCH_ITER ?? 30);
const WARMUP = 3;
const PREGUNTAS = 1000;
const PERSONAS = Math.round(N * 1.5);

async function medir(database: Database) {
  const config = loadConfig({ LOG_LEVEL: "silent", LOGIN_RATE_LIMIT: "1000", API_KEY_RATE_LIMIT: "100000" });
  const app = await buildApp({ db: database.db, reloj: relojDelSistema, config }, { logger: false });
  await app.ready();
  // The key written as the "Claves de sistema" screen writes it (its administrator may need a second factor).
  const { clave, prefijo } = nuevaClave();
  await database.db.insert(clavesSistema).values({
    nombre: "Banco del benchmark",
    prefijo,
    hash: hashClave(clave),
    alcances: ["verificacion-lote"],
  });
  const r = (await database.db.execute(
    sql`select count(*)::int as funcionarios, min(id_institucion)::int as inst from funcionarios f
        join solicitudes s on s.id_solicitud = f.id_solicitud`,
  )) as unknown as { rows: { funcionarios: number; inst: number }[] };
  const { funcionarios, inst } = r.rows[0];
  let k = 0;
  const persona = () => cedulaDe(Math.floor((k++ * 7919) % PERSONAS));
  const pregunta = (i: number): Record<string, unknown> => {
    const tipo = i % 10;
    if (tipo < 6) return { cedula: persona() };
    if (tipo < 8) return { cedula: persona(), idFirma: 101, monto: 40000, fecha: "2025-03-10" };
    if (tipo < 9) return { cedula: persona(), institucion: inst + (k % 40) };
    return { cedula: cedulaDe(PERSONAS + 1000 + k++) };
  };
  const llamar = async () => {
    const preguntas = Array.from({ length: PREGUNTAS }, (_, i) => pregunta(i));
    const t0 = performance.now();
    const res = await app.inject({
      method: "POST",
      url: "/api/Verificacion/Lote",
      headers: { "x-api-key": clave },
      payload: { preguntas },
    });
    const ms = performance.now() - t0;
    if (res.statusCode !== 200) throw new Error(`Lote: ${res.statusCode} ${res.body.slice(0, 300)}`);
    const resultados = res.json().resultados as { autorizado: boolean | null }[];
    if (resultados.length !== PREGUNTAS) throw new Error(`Lote: ${resultados.length} resultados`);
    return { ms, autorizados: resultados.filter((x) => x.autorizado).length };
  };
  for (let i = 0; i < WARMUP; i++) await llamar();
  const tiempos: number[] = [];
  let autorizados = 0;
  for (let i = 0; i < ITER; i++) {
    const x = await llamar();
    tiempos.push(x.ms);
    autorizados += x.autorizados;
  }
  tiempos.sort((a, b) => a - b);
  await app.close();
  return {
    funcionarios,
    p50: percentil(tiempos, 50),
    p95: percentil(tiempos, 95),
    max: tiempos.at(-1) ?? 0,
    autorizados,
  };
}

for (const kind of BASES) {
  await conBase(kind, async (database) => {
    await prepararBase(database, { demoData: "always", padronFile: undefined });
    // The derived tables' triggers (inbox totals and words) are not what this measures, and firing
    // them row by row made seeding 250,000 officials take longer than the measurement itself.
    const disparadores = async (accion: "enable" | "disable") => {
      for (const t of ["funcionarios", "solicitudes", "incumbentes", "historial"]) {
        await database.db.execute(sql.raw(`alter table ${t} ${accion} trigger user`));
      }
    };
    await disparadores("disable");
    const sembrado = await sembrar(database.db, N);
    await disparadores("enable");
    const m = await medir(database);
    console.log(
      `\n${kind === "pglite" ? "PGlite" : "PostgreSQL"}: ${m.funcionarios.toLocaleString("es-ES")} funcionarios ` +
        `sembrados en ${(sembrado / 1000).toFixed(1)} s; ${ITER} llamadas de ${PREGUNTAS} preguntas ` +
        `(carga media ${os.loadavg()[0].toFixed(2)} en ${os.cpus().length} CPU)`,
    );
    console.log(
      `lote de ${PREGUNTAS}: p50 ${m.p50.toFixed(0)} ms, p95 ${m.p95.toFixed(0)} ms, máx ${m.max.toFixed(0)} ms; ` +
        `autorizadas ${m.autorizados} de ${ITER * PREGUNTAS}`,
    );
  });
}
