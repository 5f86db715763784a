/**
 * Dashboard benchmark: seeds BENCH_N requests (100,000 unless told) over 40 institutions
 * and every status, each with the status history that brought it there spread over the last two
 * years (so the history trigger of migration 0011 builds the stays and weekly counters as in real
 * use), into a fresh embedded PGlite and/or a fresh database on the PostgreSQL server of
 * DATABASE_URL / TEST_PG_URL; then times GET api/Tablero through `app.inject` for every filter the
 * screen offers — the default (12 weeks, all institutions), one institution, the longest period
 * (a year, all institutions and one), a past period — and prints p50/p95.
 *
 * Usage (from the repository root): node --import tsx server/bench/tablero.ts
 * Settings: BENCH_N, BENCH_ITER (default 100), BENCH_DB (pglite | postgres | both), BENCH_KEEP=1 to
 * keep the PostgreSQL database (to read EXPLAIN ANALYZE), BENCH_REUSE=<its URL> to measure it again
 * without seeding (PostgreSQL only), as in inbox.ts.
 */
import os from "node:os";
import { performance } from "node:perf_hooks";
import { sql } from "drizzle-orm";
import { buildApp } from "../src/app.js";
import { derivarClave, establecerClave } from "../src/auditoria/clave.js";
import { prepararBase } from "../src/bootstrap.js";
import { loadConfig } from "../src/config.js";
import type { Database, Db } from "../src/db/client.js";
import { DEMO_PASSWORD } from "../src/seed/demo.js";
import { relojDelSistema } from "../src/shared/tiempo.js";
import { BASES, conBase, percentil } from "./bases.js";

const N = Number(process.env.BENCH_N ?? 100_000);
const ITER = Number(process.env.BENCH_ITER ?? 100);
const WARMUP = 10;

async function filas<T>(db: Db, q: ReturnType<typeof sql>): Promise<T[]> {
  return ((await db.execute(q)) as unknown as { rows: T[] }).rows;
}

/** INSERT … SELECT generate_series; the history in two statements (sent, then the current status). */
async function sembrar(db: Db, n: number) {
  const t0 = performance.now();
  await db.execute(sql`
    create or replace function azar(g int, sal int, n int) returns int language sql immutable
    as 'select ((hashint4(g * 31 + sal)::bigint + 2147483648) % n)::int'`);
  await db.execute(sql`
    insert into instituciones (nombre, estructura, direccion, telefono)
    select 'Institución de prueba ' || g, 'Gobierno Central', 'Calle ' || g, '(809) 555-' || lpad(g::text, 4, '0')
    from generate_series(1, 40) g`);
  const [{ maxSol }] = await filas<{ maxSol: number }>(
    db,
    sql`select coalesce(max(id_solicitud), 0)::int as "maxSol" from solicitudes`,
  );
  await db.execute(sql`
    insert into incumbentes (id_institucion, cedula, nombres, apellidos, cod_cargo, telefono)
    select inst.ids[1 + azar(g, 1, array_length(inst.ids, 1))], '001-' || lpad(g::text, 7, '0') || '-1',
           'Nombre ' || g, 'Apellido', c.id, '(809) 555-0101'
    from generate_series(1, ${n}::int) g,
         (select array_agg(id_institucion order by id_institucion) as ids from instituciones) inst,
         (select min(id_cargo) as id from cargos where tipo = 1) c`);
  // Requests sent over two years (newest last), mostly finished, every status present.
  await db.execute(sql`
    insert into solicitudes (id_institucion, id_incumbente, estatus, fecha_solicitud, fue_activa, decidido_juridico)
    select i.id_institucion, i.id_incumbente, e.estatus,
           now() - ((${n}::int - i.rn) * (interval '730 days' / ${n}::int)) - interval '3 days',
           e.estatus in (106, 203, 201), e.estatus in (104, 105, 103, 106, 203, 201, 204)
    from (select *, row_number() over (order by id_incumbente) as rn from incumbentes
          where id_incumbente > (select coalesce(max(id_incumbente), 0) from incumbentes) - ${n}::int) i
    cross join lateral (select (array[106,106,106,106,201,203,101,204,102,103,105,104,108,202,106,101])
                               [1 + azar(i.rn::int, 7, 16)] as estatus) e`);
  // In slices of 20,000 requests, one statement (so one transaction) each. Since migration 0047 the
  // stage counters are written once per transaction, at its commit, from its pending changes, so
  // a slice no longer updates a counter row once per history row (which left thousands of dead
  // versions per row, a bloat the dashboard then read until a VACUUM FULL); the slices keep the
  // pending changes and the deferred trigger's queue of one transaction small.
  for (let desde = maxSol; desde < maxSol + n; desde += 20_000) {
    const hasta = desde + 20_000;
    await db.execute(sql`
      insert into historial (id_solicitud, estatus, fecha)
      select id_solicitud, 101, fecha_solicitud from solicitudes
      where id_solicitud > ${desde}::int and id_solicitud <= ${hasta}::int and estatus <> 202 order by id_solicitud`);
    await db.execute(sql`
      insert into historial (id_solicitud, estatus, fecha)
      select id_solicitud, estatus, fecha_solicitud + (1 + azar(id_solicitud, 8, 72)) * interval '1 hour'
      from solicitudes where id_solicitud > ${desde}::int and id_solicitud <= ${hasta}::int
        and estatus not in (202, 101) order by id_solicitud`);
  }
  // Officials: some temporary ones ending in the next 60 days.
  await db.execute(sql`
    insert into funcionarios (id_solicitud, cedula, nombres, apellidos, cod_cargo, telefono, id_estatus, enviado,
                              firma_vigencia, fecha_desde, fecha_hasta)
    select s.id_solicitud, '001-' || lpad(s.id_solicitud::text, 7, '0') || '-0', 'Funcionario', 'De Prueba', c.id,
           '(809) 555-0202', case when s.estatus in (106, 203, 201) then 2 else 1 end, true,
           s.id_solicitud % 5 = 0, current_date - 300, current_date + azar(s.id_solicitud, 9, 400)
    from solicitudes s, (select min(id_cargo) as id from cargos where tipo = 2) c
    where s.id_solicitud > ${maxSol}::int`);
  await db.execute(sql`drop function azar(int, int, int)`);
  await db.execute(sql`vacuum analyze`);
  return performance.now() - t0;
}

/** The stage counters' rows and size on disk: what each dashboard call reads (not bloated by the seeding). */
async function contadores(db: Db) {
  const tablas = ["etapas_semanas", "etapas_espera", "etapas_semanas_todas", "etapas_espera_todas"];
  const partes: string[] = [];
  for (const tabla of tablas) {
    const [r] = await filas<{ filas: number; kb: number }>(
      db,
      sql`select count(*)::int as filas, (pg_table_size(${tabla}::regclass) / 1024)::int as kb from ${sql.identifier(tabla)}`,
    );
    partes.push(`${tabla} ${r.filas.toLocaleString("es-ES")} filas, ${r.kb.toLocaleString("es-ES")} kB`);
  }
  return partes.join("; ");
}

async function medir(database: Database) {
  const config = loadConfig({ LOG_LEVEL: "silent", LOGIN_RATE_LIMIT: "1000" });
  // Signing in writes to the audit trail, which needs its key (as inbox.ts sets it).
  establecerClave(derivarClave("clave-de-auditoria-del-benchmark-0123456789abcdef"));
  const app = await buildApp(
    { db: database.db, reloj: relojDelSistema, config, segundoPlano: false },
    { logger: false },
  );
  await app.ready();
  const login = await app.inject({
    method: "POST",
    url: "/api/Account/LogIn",
    payload: { userName: "administrador", password: DEMO_PASSWORD },
  });
  const token = login.json().token as string;
  const [{ id }] = await filas<{ id: number }>(
    database.db,
    sql`select id_institucion as id from instituciones where nombre = 'Institución de prueba 7'`,
  );
  const hoy = new Date().toISOString().slice(0, 10);
  const haceUnAno = new Date(Date.now() - 364 * 86_400_000).toISOString().slice(0, 10);
  const haceDosAnos = new Date(Date.now() - 700 * 86_400_000).toISOString().slice(0, 10);
  const haceAnoYMedio = new Date(Date.now() - 540 * 86_400_000).toISOString().slice(0, 10);
  const casos: [string, string][] = [
    ["por defecto (12 semanas, todas)", ""],
    ["una institución", `idInstitucion=${id}`],
    ["un año, todas", `desde=${haceUnAno}&hasta=${hoy}`],
    ["un año, una institución", `desde=${haceUnAno}&hasta=${hoy}&idInstitucion=${id}`],
    ["periodo pasado, todas", `desde=${haceDosAnos}&hasta=${haceAnoYMedio}`],
  ];
  const resultados: { caso: string; p50: number; p95: number }[] = [];
  for (const [caso, query] of casos) {
    const llamar = async () => {
      const res = await app.inject({ method: "GET", url: `/api/Tablero?${query}`, headers: { authorization: token } });
      if (res.statusCode !== 200) throw new Error(`${query}: ${res.statusCode} ${res.body}`);
    };
    for (let i = 0; i < WARMUP; i++) await llamar();
    const tiempos: number[] = [];
    for (let i = 0; i < ITER; i++) {
      const t0 = performance.now();
      await llamar();
      tiempos.push(performance.now() - t0);
    }
    tiempos.sort((a, b) => a - b);
    resultados.push({ caso, p50: percentil(tiempos, 50), p95: percentil(tiempos, 95) });
  }
  await app.close();
  return resultados;
}

const REUSE = process.env.BENCH_REUSE;
for (const kind of BASES) {
  await conBase(
    kind,
    async (database) => {
      if (REUSE && kind === "postgres") {
        await prepararBase(database, { demoData: "never", padronFile: undefined });
        const [{ n }] = await filas<{ n: number }>(database.db, sql`select count(*)::int as n from solicitudes`);
        const carga = os
          .loadavg()
          .map((l) => l.toFixed(2))
          .join(" ");
        const resultados = await medir(database);
        console.log(
          `\nTablero, PostgreSQL (base reutilizada): ${n.toLocaleString("es-ES")} solicitudes; ${ITER} iteraciones; carga media ${carga}`,
        );
        console.log(`contadores: ${await contadores(database.db)}`);
        for (const r of resultados) {
          console.log(
            `${r.caso.padEnd(36)}${r.p50.toFixed(1).padStart(9)} ms p50${r.p95.toFixed(1).padStart(9)} ms p95`,
          );
        }
        return;
      }
      await prepararBase(database, { demoData: "always", padronFile: undefined });
      const sembrado = await sembrar(database.db, N);
      const carga = os
        .loadavg()
        .map((l) => l.toFixed(2))
        .join(" ");
      const resultados = await medir(database);
      console.log(
        `\nTablero, ${kind === "pglite" ? "PGlite" : "PostgreSQL"}: ${N.toLocaleString("es-ES")} solicitudes sembradas en ${(sembrado / 1000).toFixed(1)} s; ${ITER} iteraciones; carga media ${carga}`,
      );
      console.log(`contadores: ${await contadores(database.db)}`);
      for (const r of resultados) {
        console.log(`${r.caso.padEnd(36)}${r.p50.toFixed(1).padStart(9)} ms p50${r.p95.toFixed(1).padStart(9)} ms p95`);
      }
    },
    REUSE,
  );
}
