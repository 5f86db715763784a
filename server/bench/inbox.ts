/**
 * Inbox benchmark: seeds 100,000 requests (each with its incumbent and 1–3 officials, spread over
 * 46 institutions and every status) into a fresh embedded PGlite and into a fresh database on the
 * PostgreSQL server given by DATABASE_URL (or TEST_PG_URL), then times every inbox through
 * `app.inject` — the first and the last page, pages sorted by each column (the last one too for the
 * institution), a page filtered by institution and status, and searched pages (a surname, two
 * words, part of a cédula, a search sorted by name) — and prints p50/p95 per inbox per database,
 * and the CPU a call took (this process's and, on a local PostgreSQL server, its backends': a figure
 * that holds still on a loaded machine where wall time does not).
 * Then, apart and with their own worst figure, probes beyond that list: three words, a one-letter
 * start, pages 3 and 50 of a two-word search.
 * Target: every listed page under 20 ms p95 on PostgreSQL at BENCH_N=1000000.
 *
 * Usage (from the repository root):
 *   node --import tsx server/bench/inbox.ts
 * Settings (environment):
 *   DATABASE_URL / TEST_PG_URL  PostgreSQL server; a database rf_bench_<random> is created and dropped
 *   BENCH_DB     pglite | postgres | both (default: both, or pglite when no server is given)
 *   BENCH_N      requests to seed (default 100000)
 *   BENCH_ITER   timed iterations per page (default 200, after BENCH_WARMUP warm-up calls, default 20)
 *   BENCH_KEEP   1: keep the PostgreSQL database afterwards (its name is printed), to study plans
 *   BENCH_REUSE  URL of a database kept that way: measure it again without seeding (PostgreSQL only)
 *   BENCH_SOLO   only the pages whose name matches this regular expression (e.g. "búsqueda")
 *   SEARCH_COUNT_CAP  the app's setting (1000 unless given): where a search's total stops counting
 * A capped search total prints as "10000+".
 */
import fs from "node:fs";
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
const ITER = Number(process.env.BENCH_ITER ?? 200);
const WARMUP = Number(process.env.BENCH_WARMUP ?? 20);
const SOLO = process.env.BENCH_SOLO ? new RegExp(process.env.BENCH_SOLO, "i") : null;

interface Bandeja {
  nombre: string;
  url: string;
  usuario: string;
  /** A status the inbox lists, for the filtered page. */
  estatus: number;
}

const BANDEJAS: Bandeja[] = [
  { nombre: "Originador", url: "GetBandejaOriginador", usuario: "originador", estatus: 106 },
  { nombre: "Analista", url: "GetBandejaAnalista", usuario: "analista", estatus: 101 },
  { nombre: "Jurídico", url: "GetBandejaJuridico", usuario: "juridico", estatus: 102 },
  { nombre: "Histórico", url: "GetHistorico", usuario: "juridico", estatus: 105 },
  { nombre: "Administrador/Seguimiento", url: "GetBandejaAdministradorRCC", usuario: "administrador", estatus: 105 },
  { nombre: "Consultor", url: "GetBandejaConsultor", usuario: "consultor", estatus: 106 },
];

const consultas = (b: Bandeja, idInstitucion: number): [string, Record<string, string>][] => [
  ["primera página", { page: "0" }],
  ["última página", { page: "ULTIMA" }],
  ["ordenada (estatus)", { page: "0", sortField: "estatus", sortOrder: "1" }],
  ["ordenada (institución)", { page: "0", sortField: "institucion", sortOrder: "1" }],
  ["última (institución)", { page: "ULTIMA", sortField: "institucion", sortOrder: "1" }],
  ["ordenada (cédula)", { page: "0", sortField: "cedula", sortOrder: "1" }],
  ["ordenada (nombres)", { page: "0", sortField: "nombres", sortOrder: "-1" }],
  ["ordenada (cant. funcionarios)", { page: "0", sortField: "cantFuncionarios", sortOrder: "-1" }],
  ["filtrada (institución+estatus)", { page: "0", institucion: String(idInstitucion), estatus: String(b.estatus) }],
  ["búsqueda (q)", { page: "0", q: "nuñez" }],
  ["búsqueda (2 palabras)", { page: "0", q: "ana núñez" }],
  ["búsqueda (cédula)", { page: "0", q: "001-0001001" }],
  ["búsqueda ordenada (nombres)", { page: "0", q: "nuñez", sortField: "nombres", sortOrder: "1" }],
  // An official's full name and cédula (issue 35): officials are searched in every inbox.
  ["búsqueda (funcionario)", { page: "0", q: "pedro gómez medina" }],
  ["búsqueda (cédula de funcionario)", { page: "0", q: "00100030040" }],
  // The paginator's "next" to page 50 of a search counted only up to the cap (issue 40): the rows
  // after page 49's last one (`despuesDe`), as the screen asks for them.
  ["búsqueda (2 palabras, pág. 50 por cursor)", { page: "49", q: "ana núñez", despuesDe: "CURSOR" }],
  // Probes beyond the pages the performance target names (printed apart, with their own worst figure): three
  // words, a one-letter start (also part of institution names), and pages past the first.
  ["sonda: búsqueda (3 palabras)", { page: "0", q: "ana núñez ortiz" }],
  ["sonda: búsqueda (inicio corto)", { page: "0", q: "n" }],
  ["sonda: búsqueda (2 palabras, pág. 3)", { page: "2", q: "ana núñez" }],
  ["sonda: búsqueda (2 palabras, pág. 50)", { page: "49", q: "ana núñez" }],
];

/** Seeds N requests with INSERT … SELECT generate_series: seconds, not minutes. */
async function sembrar(db: Db, n: number) {
  const t0 = performance.now();
  // Deterministic, independent choices per row (name, surname, institution, status, holder), so
  // that no column follows another as a row counter would make them.
  await db.execute(sql`
    create or replace function azar(g int, sal int, n int) returns int language sql immutable
    as 'select ((hashint4(g * 31 + sal)::bigint + 2147483648) % n)::int'`);
  await db.execute(sql`
    insert into instituciones (nombre, estructura, direccion, telefono)
    select 'Institución de prueba ' || g, 'Gobierno Central', 'Calle ' || g || ', Santo Domingo',
           '(809) 555-' || lpad(g::text, 4, '0')
    from generate_series(1, 40) g`);
  const [{ maxInc }] = await filas<{ maxInc: number }>(
    db,
    sql`select coalesce(max(id_incumbente), 0)::int as "maxInc" from incumbentes`,
  );
  await db.execute(sql`
    insert into incumbentes (id_institucion, cedula, nombres, apellidos, cod_cargo, telefono, firma_digital)
    select inst.ids[1 + azar(g, 1, array_length(inst.ids, 1))],
           lpad((g % 1000)::text, 3, '0') || '-' || lpad(g::text, 7, '0') || '-' || (g % 10)::text,
           (array['Ana','José','María','Pedro','Lucía','Ramón','Carmen','Juan','Rosa','Miguel'])[1 + azar(g, 2, 10)]
             || ' ' || (array['Antonio','Isabel','Luis','Teresa','Manuel'])[1 + azar(g, 3, 5)],
           (array['Pérez','Núñez','Gómez','Rodríguez','Martínez','Peña','Santos','Díaz'])[1 + azar(g, 4, 8)]
             || ' ' || (array['Ortiz','Batista','Jiménez','Tejada','Rosario','Medina'])[1 + azar(g, 5, 6)],
           c.id, '(809) 555-0101', g % 5 = 0
    from generate_series(1, ${n}::int) g,
         (select array_agg(id_institucion order by id_institucion) as ids from instituciones) inst,
         (select min(id_cargo) as id from cargos where tipo = 1) c`);
  const [{ maxSol }] = await filas<{ maxSol: number }>(
    db,
    sql`select coalesce(max(id_solicitud), 0)::int as "maxSol" from solicitudes`,
  );
  // Mostly active requests, as a registry that has run for years holds; every status present.
  await db.execute(sql`
    insert into solicitudes (id_institucion, id_incumbente, estatus, comentario, fecha_solicitud,
                             asignado_a, fue_activa, decidido_juridico)
    select i.id_institucion, i.id_incumbente, e.estatus, '',
           now() - ((${n}::int - i.rn) * interval '13 minutes'),
           case when e.estatus in (101, 204) and azar(i.rn::int, 6, 3) = 0 then u.analista
                when e.estatus in (102, 103) and azar(i.rn::int, 6, 3) = 0 then u.juridico end,
           e.estatus in (106, 203, 201),
           e.estatus in (104, 105, 103, 106, 203, 201, 204)
    from (select *, row_number() over (order by id_incumbente) as rn from incumbentes
          where id_incumbente > ${maxInc}::int) i
    cross join lateral (select (array[106,106,106,106,201,203,101,204,102,103,105,104,108,202,106,101])
                               [1 + azar(i.rn::int, 7, 16)] as estatus) e,
    (select (select id_usuario from usuarios where usuario = 'analista') as analista,
            (select id_usuario from usuarios where usuario = 'juridico') as juridico) u`);
  await db.execute(sql`
    insert into funcionarios (id_solicitud, cedula, nombres, apellidos, cod_cargo, telefono, id_estatus, enviado)
    select s.id_solicitud, '001-' || lpad(((s.id_solicitud * 3 + k) % 10000000)::text, 7, '0') || '-0',
           -- Named from the incumbents' vocabulary: every inbox's search reads the officials too (issue 35),
           -- and a common surname then matches officials as often as incumbents.
           (array['Ana','José','María','Pedro','Lucía','Ramón','Carmen','Juan','Rosa','Miguel'])[1 + azar(s.id_solicitud * 4 + k, 8, 10)],
           (array['Pérez','Núñez','Gómez','Rodríguez','Martínez','Peña','Santos','Díaz'])[1 + azar(s.id_solicitud * 4 + k, 9, 8)]
             || ' ' || (array['Ortiz','Batista','Jiménez','Tejada','Rosario','Medina'])[1 + azar(s.id_solicitud * 4 + k, 10, 6)],
           c.id, '(809) 555-0202',
           case when s.estatus in (106, 203, 201) then 2 else 1 end, s.estatus <> 202
    from solicitudes s
    cross join lateral generate_series(1, 1 + s.id_solicitud % 3) k,
    (select min(id_cargo) as id from cargos where tipo = 2) c
    where s.id_solicitud > ${maxSol}::int`);
  await db.execute(sql`drop function azar(int, int, int)`);
  // As autovacuum leaves a live database: statistics fresh, the search index's pending list merged.
  await db.execute(sql`vacuum analyze`);
  return performance.now() - t0;
}

async function filas<T>(db: Db, q: ReturnType<typeof sql>): Promise<T[]> {
  const r = (await db.execute(q)) as unknown as { rows: T[] };
  return r.rows;
}

interface Resultado {
  bandeja: string;
  consulta: string;
  p50: number;
  p95: number;
  total: string;
  /** CPU per call, ms: this process's plus the database's backends' (null: not measurable here). */
  cpu: number | null;
}

/** CPU time so far, ms: this process's, and each backend's (pid → ms) of the server connected to this database. */
interface Cpu {
  propia: number;
  backends: Map<number, number>;
}

/**
 * CPU time so far of this process and of the server's backends connected to this database (their
 * `/proc/<pid>/schedstat`, when the server runs on this machine; null otherwise): unlike wall time,
 * it does not swing with the load of the other processes of a shared machine.
 */
async function cpuHastaAhora(db: Db, servidor: boolean): Promise<Cpu | null> {
  const u = process.cpuUsage();
  const cpu: Cpu = { propia: (u.user + u.system) / 1000, backends: new Map() };
  // PGlite runs in this process: its CPU is this process's.
  if (!servidor) return cpu;
  const pids = await filas<{ pid: number; local: boolean }>(
    db,
    sql`select pid, coalesce(host(inet_server_addr()) in ('127.0.0.1', '::1'), true) as local
      from pg_stat_activity where datname = current_database() and backend_type = 'client backend'`,
  );
  // A server on another machine: its pids are not this machine's processes.
  if (pids.some((p) => !p.local)) return null;
  for (const { pid } of pids) {
    try {
      cpu.backends.set(pid, Number(fs.readFileSync(`/proc/${pid}/schedstat`, "utf8").split(" ")[0]) / 1e6);
    } catch {
      return null;
    }
  }
  return cpu;
}

/** The CPU between two readings, ms (a backend opened in between counts from its start). */
function cpuEntre(a: Cpu | null, b: Cpu | null): number | null {
  if (a === null || b === null) return null;
  let ms = b.propia - a.propia;
  for (const [pid, t] of b.backends) ms += t - (a.backends.get(pid) ?? 0);
  return ms;
}

async function medir(database: Database, servidor: boolean): Promise<Resultado[]> {
  const config = loadConfig({
    LOG_LEVEL: process.env.BENCH_LOG === "1" ? "error" : "silent",
    LOGIN_RATE_LIMIT: "1000",
    SEARCH_COUNT_CAP: process.env.SEARCH_COUNT_CAP,
  });
  // Signing in writes to the audit trail, which needs its key (as importacion.ts sets it).
  establecerClave(derivarClave("clave-de-auditoria-del-benchmark-0123456789abcdef"));
  const app = await buildApp(
    { db: database.db, reloj: relojDelSistema, config },
    { logger: process.env.BENCH_LOG === "1" },
  );
  await app.ready();
  const tokens = new Map<string, string>();
  for (const usuario of new Set(BANDEJAS.map((b) => b.usuario))) {
    const res = await app.inject({
      method: "POST",
      url: "/api/Account/LogIn",
      payload: { userName: usuario, password: DEMO_PASSWORD },
    });
    if (!res.json().token) throw new Error(`LogIn ${usuario}: ${res.statusCode} ${res.body}`);
    tokens.set(usuario, res.json().token);
  }
  const [{ idInstitucion }] = await filas<{ idInstitucion: number }>(
    database.db,
    sql`select id_institucion as "idInstitucion" from usuarios where usuario = 'originador'`,
  );
  const resultados: Resultado[] = [];
  for (const b of BANDEJAS) {
    for (const [nombre, consulta] of consultas(b, idInstitucion)) {
      if (SOLO && !SOLO.test(nombre)) continue;
      const query = { ...consulta };
      const llamar = async () => {
        const res = await app.inject({
          method: "GET",
          url: `/api/SolicitudFirma/${b.url}`,
          query,
          headers: { authorization: tokens.get(b.usuario)! },
        });
        if (res.statusCode !== 200) throw new Error(`${b.url} ${JSON.stringify(query)}: ${res.statusCode} ${res.body}`);
        return res.json() as { totalRecords: number; totalLimitado?: boolean };
      };
      if (query.page === "ULTIMA") {
        // The paginator's "last page" button: page index from the total, 10 rows a page.
        query.page = "0";
        query.page = String(Math.max(0, Math.floor(((await llamar()).totalRecords - 1) / 10)));
      }
      if (query.despuesDe === "CURSOR") {
        // The cursor is the last row of the page before, read as the paginator read it.
        const { despuesDe: _, ...anterior } = query;
        const res = await app.inject({
          method: "GET",
          url: `/api/SolicitudFirma/${b.url}`,
          query: { ...anterior, page: String(Number(query.page) - 1) },
          headers: { authorization: tokens.get(b.usuario)! },
        });
        const filas = (res.json() as { rows: { idSolicitud: number }[] }).rows;
        if (filas.length === 0) continue;
        query.despuesDe = String(filas[filas.length - 1].idSolicitud);
      }
      for (let i = 0; i < WARMUP; i++) await llamar();
      const tiempos: number[] = [];
      let total = "";
      const cpu0 = await cpuHastaAhora(database.db, servidor);
      for (let i = 0; i < ITER; i++) {
        const t0 = performance.now();
        const r = await llamar();
        total = `${r.totalRecords}${r.totalLimitado ? "+" : ""}`;
        tiempos.push(performance.now() - t0);
      }
      const cpu1 = await cpuHastaAhora(database.db, servidor);
      tiempos.sort((x, y) => x - y);
      resultados.push({
        bandeja: b.nombre,
        consulta: nombre,
        p50: percentil(tiempos, 50),
        p95: percentil(tiempos, 95),
        total,
        cpu: ((c) => (c === null ? null : c / ITER))(cpuEntre(cpu0, cpu1)),
      });
    }
  }
  await app.close();
  return resultados;
}

function imprimir(base: string, solicitudes: string, resultados: Resultado[]) {
  console.log(
    `\n${base}: ${solicitudes}; ${ITER} iteraciones por página; total de búsquedas contado hasta ${process.env.SEARCH_COUNT_CAP ?? 1000}`,
  );
  console.log(
    `${"bandeja".padEnd(27)}${"consulta".padEnd(38)}${"filas".padStart(8)}${"p50 ms".padStart(9)}${"p95 ms".padStart(9)}${"CPU ms".padStart(9)}`,
  );
  const esSonda = (r: Resultado) => r.consulta.startsWith("sonda: ");
  for (const [grupo, titulo] of [
    [resultados.filter((r) => !esSonda(r)), "peor p95"],
    [resultados.filter(esSonda), "peor p95 de las sondas"],
  ] as const) {
    if (grupo.length === 0) continue;
    for (const r of grupo) {
      console.log(
        `${r.bandeja.padEnd(27)}${r.consulta.padEnd(38)}${r.total.padStart(8)}${r.p50.toFixed(1).padStart(9)}${r.p95.toFixed(1).padStart(9)}${(r.cpu === null ? "—" : r.cpu.toFixed(1)).padStart(9)}`,
      );
    }
    const peor = grupo.reduce((a, b) => (b.p95 > a.p95 ? b : a));
    console.log(`${titulo}: ${peor.p95.toFixed(1)} ms (${peor.bandeja}, ${peor.consulta})`);
  }
}

for (const kind of BASES) {
  await conBase(
    kind,
    async (database) => {
      if (process.env.BENCH_REUSE && kind === "postgres") {
        await prepararBase(database, { demoData: "never", padronFile: undefined });
        const [{ n }] = await filas<{ n: number }>(database.db, sql`select count(*)::int as n from solicitudes`);
        imprimir(
          "PostgreSQL (base reutilizada)",
          `${n.toLocaleString("es-ES")} solicitudes`,
          await medir(database, kind === "postgres"),
        );
        return;
      }
      await prepararBase(database, { demoData: "always", padronFile: undefined });
      const sembrado = await sembrar(database.db, N);
      imprimir(
        kind === "pglite" ? "PGlite" : "PostgreSQL",
        `${N.toLocaleString("es-ES")} solicitudes sembradas en ${(sembrado / 1000).toFixed(1)} s`,
        await medir(database, kind === "postgres"),
      );
    },
    process.env.BENCH_REUSE,
  );
}
