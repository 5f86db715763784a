/**
 * Export benchmark: seeds BENCH_N requests (default 1,000,000; incumbents and requests
 * written by generate_series, spread over the institutions and the tracking list's statuses) into a
 * fresh database on the PostgreSQL server of DATABASE_URL / TEST_PG_URL, starts the app in this
 * process on a free port, and downloads the tracking list (every request) as CSV and as Excel over
 * HTTP, reading slowly enough to be a real client. Prints time to first byte, total time, rows,
 * bytes and this process's RSS before the export and its peak during it (sampled every 50 ms).
 *
 * Usage (from the repository root):
 *   DATABASE_URL=postgres://… node --import tsx server/bench/exportar.ts
 * Settings: BENCH_N (requests to seed), BENCH_FORMATOS (csv,xlsx).
 */
import crypto from "node:crypto";
import os from "node:os";
import { performance } from "node:perf_hooks";
import { sql } from "drizzle-orm";
import pg from "pg";
import { buildApp } from "../src/app.js";
import { prepararBase } from "../src/bootstrap.js";
import { loadConfig } from "../src/config.js";
import { openDatabase } from "../src/db/client.js";
import { DEMO_PASSWORD } from "../src/seed/demo.js";
import { relojDelSistema } from "../src/shared/tiempo.js";

const N = Number(process.env.BENCH_N ?? 1_000_000);
const FORMATOS = (process.env.BENCH_FORMATOS ?? "csv,xlsx").split(",") as ("csv" | "xlsx")[];
const PG_URL = process.env.DATABASE_URL ?? process.env.TEST_PG_URL;
if (!PG_URL) {
  console.error("DATABASE_URL (or TEST_PG_URL) must point at a PostgreSQL server");
  process.exit(2);
}

const mb = (b: number) => (b / 1_048_576).toFixed(0);
const carga = () =>
  `carga media ${os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(" ")} en ${os.cpus().length} CPU`;

async function main() {
  const nombre = `rf_bench_exportar_${crypto.randomBytes(4).toString("hex")}`;
  const admin = new pg.Client({ connectionString: PG_URL });
  await admin.connect();
  await admin.query(`create database ${nombre}`);
  const url = new URL(PG_URL!);
  url.pathname = `/${nombre}`;
  const database = await openDatabase({ databaseUrl: url.toString() });
  try {
    await prepararBase(database, { demoData: "always", padronFile: undefined });
    const t0 = performance.now();
    // Statuses of the tracking list, spread evenly; institutions and positions from the catalogues.
    await database.db.execute(sql`
      insert into incumbentes (id_institucion, cedula, nombres, apellidos, cod_cargo, telefono)
      select i.id_institucion, lpad((g % 100000000000)::text, 11, '0'), 'Nombre ' || g, 'Apellido ' || (g % 977),
        (select id_cargo from cargos where tipo = 1 order by id_cargo limit 1), '(809) 555-0101'
      from generate_series(1, ${N}) g
      join (select id_institucion, row_number() over (order by id_institucion) - 1 as r,
              count(*) over () as n from instituciones) i on i.r = g % i.n`);
    await database.db.execute(sql`
      insert into solicitudes (id_institucion, id_incumbente, estatus, fecha_solicitud, fue_activa)
      select x.id_institucion, x.id_incumbente,
        (array[101,102,103,104,105,106,108,201,203,204])[1 + x.id_incumbente % 10],
        now() - (x.id_incumbente % 100000) * interval '1 minute', false
      from (select id_institucion, id_incumbente from incumbentes order by id_incumbente desc limit ${N}) x`);
    await database.db.execute(sql`analyze`);
    const sembrado = (performance.now() - t0) / 1000;
    console.log(
      `PostgreSQL: ${N.toLocaleString("es-DO")} solicitudes sembradas en ${sembrado.toFixed(1)} s (${carga()})`,
    );

    const config = loadConfig({ LOG_LEVEL: "silent", LOGIN_RATE_LIMIT: "1000" });
    const app = await buildApp({ db: database.db, reloj: relojDelSistema, config }, { logger: false });
    await app.listen({ port: 0, host: "127.0.0.1" });
    const base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
    const login = await fetch(`${base}/api/Account/LogIn`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ userName: "administrador", password: DEMO_PASSWORD }),
    });
    const token = ((await login.json()) as { token: string }).token;

    console.log("formato  filas        bytes     TTFB ms   total s   RSS antes MB   RSS pico MB");
    for (const formato of FORMATOS) {
      global.gc?.();
      const antes = process.memoryUsage().rss;
      let pico = antes;
      const muestreo = setInterval(() => {
        pico = Math.max(pico, process.memoryUsage().rss);
      }, 50);
      const inicio = performance.now();
      const res = await fetch(`${base}/api/Exportar/Seguimiento?formato=${formato}`, {
        headers: { Authorization: token },
      });
      const ttfb = performance.now() - inicio;
      if (!res.ok || !res.body) throw new Error(`export failed: ${res.status}`);
      let bytes = 0;
      let saltos = 0;
      for await (const trozo of res.body as unknown as AsyncIterable<Uint8Array>) {
        bytes += trozo.length;
        if (formato === "csv") for (const b of trozo) if (b === 10) saltos++;
      }
      const total = (performance.now() - inicio) / 1000;
      clearInterval(muestreo);
      const filas = formato === "csv" ? String(saltos - 1) : "—";
      console.log(
        `${formato.padEnd(8)} ${filas.padStart(9)} ${String(bytes).padStart(12)} ${ttfb.toFixed(0).padStart(9)} ${total
          .toFixed(1)
          .padStart(9)} ${mb(antes).padStart(14)} ${mb(pico).padStart(13)}`,
      );
    }
    await app.close();
  } finally {
    await database.close();
    await admin.query(`drop database if exists ${nombre} with (force)`);
    await admin.end();
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
