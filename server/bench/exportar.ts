/**
 * Export benchmark: seeds BENCH_N requests (default 1,000,000; incumbents and requests
 * written by generate_series, spread over the institutions and the tracking list's statuses) into a
 * fresh database on the PostgreSQL server of DATABASE_URL / TEST_PG_URL, starts the built server
 * (`node server/dist/main.js`, as in production) in its own process on it, and downloads the
 * tracking list (every request) as CSV and as Excel over HTTP (compressed, as a browser asks).
 * Prints time to first byte, total time, rows, bytes and the server process's RSS before the
 * export and its peak during it (VmHWM, reset before each download; VmRSS sampled every 20 ms), and
 * the server's CPU seconds for the export (the figure a loaded machine disturbs least).
 * BENCH_PERFIL=<folder>: the server runs with --cpu-prof and writes its profile there; BENCH_NODE:
 * node's options for the server (space-separated, e.g. "--trace-gc").
 *
 * Usage (from the repository root):
 *   DATABASE_URL=postgres://… node --import tsx server/bench/exportar.ts
 * Settings: BENCH_N (requests to seed), BENCH_FORMATOS (csv,xlsx), BENCH_REPETIR (downloads per
 * format, default 1), BENCH_KEEP=1 (keep the seeded database; its URL is printed), BENCH_REUSE=<url>
 * (export from that database as it is, seeded by an earlier BENCH_KEEP run: no seeding).
 */
import { spawn } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { fileURLToPath } from "node:url";
import { sql } from "drizzle-orm";
import pg from "pg";
import { derivarClave, establecerClave } from "../src/auditoria/clave.js";
import { prepararBase } from "../src/bootstrap.js";
import { openDatabase } from "../src/db/client.js";
import { DEMO_PASSWORD } from "../src/seed/demo.js";

const N = Number(process.env.BENCH_N ?? 1_000_000);
const FORMATOS = (process.env.BENCH_FORMATOS ?? "csv,xlsx").split(",") as ("csv" | "xlsx")[];
const REPETIR = Number(process.env.BENCH_REPETIR ?? 1);
const KEEP = process.env.BENCH_KEEP === "1";
const REUSE = process.env.BENCH_REUSE;
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

async function sembrar(database: Awaited<ReturnType<typeof openDatabase>>) {
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
}

/** The audit trail's key, the same in this process (seeding) and in the server. */
const CLAVE_AUDITORIA = "clave-de-auditoria-del-benchmark-0123456789abcdef";

/** A process's resident memory now and its peak (VmRSS, VmHWM), in bytes. */
const memoria = (pid: number, campo: "VmRSS" | "VmHWM") =>
  Number(new RegExp(`${campo}:\\s+(\\d+) kB`).exec(fs.readFileSync(`/proc/${pid}/status`, "utf8"))?.[1] ?? 0) * 1024;
const rss = (pid: number) => memoria(pid, "VmRSS");
const picoRss = (pid: number) => memoria(pid, "VmHWM");
/** A process's CPU seconds so far, user and system (/proc/PID/stat). */
function cpuDe(pid: number): number {
  const campos = fs.readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
  return (Number(campos[11]) + Number(campos[12])) / 100;
}

function puertoLibre(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.listen(0, "127.0.0.1", () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
    srv.on("error", reject);
  });
}

async function main() {
  establecerClave(derivarClave(CLAVE_AUDITORIA));
  const nombre = `rf_bench_exportar_${crypto.randomBytes(4).toString("hex")}`;
  const admin = new pg.Client({ connectionString: PG_URL });
  await admin.connect();
  if (!REUSE) await admin.query(`create database ${nombre}`);
  const url = new URL(REUSE ?? PG_URL!);
  if (!REUSE) url.pathname = `/${nombre}`;
  const database = await openDatabase({ databaseUrl: url.toString() });
  try {
    await prepararBase(database, { demoData: "always", padronFile: undefined });
    if (!REUSE) await sembrar(database);
    else console.log(`PostgreSQL: base reutilizada ${url.pathname.slice(1)} (${carga()})`);
    // The production command, in its own process: the built server run by plain node (BENCH_SERVIDOR:
    // another checkout's root, to measure its code on the same database), its RSS read from /proc.
    const raiz = path.resolve(
      process.env.BENCH_SERVIDOR ?? path.join(path.dirname(fileURLToPath(import.meta.url)), "../.."),
    );
    const datos = fs.mkdtempSync(path.join(os.tmpdir(), "rf-exportar-"));
    const auditoria = fs.mkdtempSync(path.join(os.tmpdir(), "rf-exportar-auditoria-"));
    const puerto = await puertoLibre();
    const perfil = process.env.BENCH_PERFIL
      ? ["--cpu-prof", `--cpu-prof-dir=${path.resolve(process.env.BENCH_PERFIL)}`]
      : [];
    // BENCH_NODE: node's own options for the server (e.g. "--trace-gc", "--max-semi-space-size=4").
    const opcionesNode = (process.env.BENCH_NODE ?? "").split(" ").filter(Boolean);
    const servidor = spawn(process.execPath, [...opcionesNode, ...perfil, "server/dist/main.js"], {
      cwd: raiz,
      env: {
        ...process.env,
        PORT: String(puerto),
        HOST: "127.0.0.1",
        DATA_DIR: datos,
        DATABASE_URL: url.toString(),
        DEMO_DATA: "true",
        LOG_LEVEL: "warn",
        LOGIN_RATE_LIMIT: "1000",
        AUDIT_KEY: CLAVE_AUDITORIA,
        AUDIT_KEY_FILE: path.join(auditoria, "audit.key"),
        AUDIT_CHECKPOINT_FILE: path.join(auditoria, "checkpoints.txt"),
        EXPORT_TIMEOUT_SECONDS: "3600",
        METRICS_ALLOW: "127.0.0.1",
      },
      stdio: ["ignore", "inherit", "inherit"],
    });
    const base = `http://127.0.0.1:${puerto}`;
    try {
      for (let i = 0; ; i++) {
        if (servidor.exitCode !== null) throw new Error("the server stopped while starting");
        const listo = await fetch(`${base}/api/ready`).then(
          (r) => r.ok,
          () => false,
        );
        if (listo) break;
        if (i > 720) throw new Error("the server did not start");
        await new Promise((r) => setTimeout(r, 250));
      }
      console.log(`servidor: ${raiz} (pid ${servidor.pid})`);
      const login = await fetch(`${base}/api/Account/LogIn`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ userName: "administrador", password: DEMO_PASSWORD }),
      });
      const token = ((await login.json()) as { token: string }).token;

      console.log("formato  filas        bytes     TTFB ms   total s   RSS antes MB   RSS pico MB   CPU s");
      for (const formato of FORMATOS.flatMap((f) => Array<typeof f>(REPETIR).fill(f))) {
        const antes = rss(servidor.pid!);
        // The peak since now: Linux resets VmHWM on writing 5 to clear_refs (root), else sampled.
        try {
          fs.writeFileSync(`/proc/${servidor.pid}/clear_refs`, "5");
        } catch {}
        let pico = antes;
        // What the peak is made of: V8's heap and the memory outside it (buffers), from /metrics.
        let heap = 0;
        let externa = 0;
        const muestreo = setInterval(() => {
          pico = Math.max(pico, rss(servidor.pid!));
        }, 20);
        const metricas = setInterval(async () => {
          const texto = await fetch(`${base}/metrics`).then(
            (r) => (r.ok ? r.text() : ""),
            () => "",
          );
          const valor = (m: string) => Number(new RegExp(`^${m}(?:\\{[^}]*\\})? (\\S+)$`, "m").exec(texto)?.[1] ?? 0);
          heap = Math.max(heap, valor("rf_nodejs_heap_size_total_bytes"));
          externa = Math.max(externa, valor("rf_nodejs_external_memory_bytes"));
        }, 500);
        const cpu0 = cpuDe(servidor.pid!);
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
        clearInterval(metricas);
        pico = Math.max(pico, picoRss(servidor.pid!));
        const cpu = cpuDe(servidor.pid!) - cpu0;
        const filas = formato === "csv" ? String(saltos - 1) : "—";
        console.log(
          `${formato.padEnd(8)} ${filas.padStart(9)} ${String(bytes).padStart(12)} ${ttfb.toFixed(0).padStart(9)} ${total
            .toFixed(1)
            .padStart(
              9,
            )} ${mb(antes).padStart(14)} ${mb(pico).padStart(13)} ${cpu.toFixed(1).padStart(9)}   (montón ${mb(heap)} MB, externa ${mb(externa)} MB; ${carga()})`,
        );
      }
    } finally {
      servidor.kill("SIGINT");
      await new Promise((r) => servidor.once("exit", r));
      fs.rmSync(datos, { recursive: true, force: true });
      fs.rmSync(auditoria, { recursive: true, force: true });
    }
  } finally {
    await database.close();
    if (KEEP && !REUSE) console.log(`base conservada: ${url.toString()}`);
    else if (!REUSE) await admin.query(`drop database if exists ${nombre} with (force)`);
    await admin.end();
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
