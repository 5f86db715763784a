/**
 * Throughput benchmark: the server as it runs in production (built to JavaScript and run by plain
 * node in its own process, LOG_LEVEL info, demo data) under 50 concurrent connections for 30 s
 * (autocannon), on the administrator's inbox page, on GetSolicitud and on a single verification
 * (Verificacion/Firma as the consultant, and with a system key as a relying party calls it), next to a bare Fastify route (its own process, one JSON answer, no plugins)
 * measured in the same run. Reported as requests per second, latency and the ratio to the bare route.
 *
 * Usage (from the repository root):
 *   node --import tsx server/bench/carga.ts
 * Settings (environment):
 *   DATABASE_URL / TEST_PG_URL  PostgreSQL server: a database rf_carga_<random> is created and dropped
 *   BENCH_DB          pglite | postgres | both (default: both, or pglite when no server is given)
 *   BENCH_SEGUNDOS    seconds per target (default 30)
 *   BENCH_CONEXIONES  concurrent connections (default 50)
 *   BENCH_PERFIL      a folder: the server runs with --cpu-prof and writes its profile there, and
 *                     ventanas.json each target's time window (perfil.ts summarises each apart)
 *   BENCH_REUSE       a PostgreSQL database to serve as it is (e.g. exportar.ts's 1,000,000 requests,
 *                     kept with BENCH_KEEP=1) instead of a new one with the demo data only
 *   BENCH_SERVIDOR    another checkout's root: its built server is measured (before/after in one run)
 *   BENCH_SOLO        measure only the targets whose name contains this text (bare Fastify always)
 */
import { type ChildProcess, spawn } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import autocannon from "autocannon";
import pg from "pg";

const SEGUNDOS = Number(process.env.BENCH_SEGUNDOS ?? 30);
const CONEXIONES = Number(process.env.BENCH_CONEXIONES ?? 50);
const PG_URL = process.env.DATABASE_URL ?? process.env.TEST_PG_URL;
const QUE_BASES = (process.env.BENCH_DB ?? (PG_URL ? "both" : "pglite")) as "pglite" | "postgres" | "both";
const PERFIL = process.env.BENCH_PERFIL ? path.resolve(process.env.BENCH_PERFIL) : undefined;
const raiz = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const REUSE = process.env.BENCH_REUSE;
const RAIZ_SERVIDOR = process.env.BENCH_SERVIDOR ? path.resolve(process.env.BENCH_SERVIDOR) : raiz;

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

async function esperar(url: string, proceso: ChildProcess, salida: () => string) {
  const limite = Date.now() + 180_000;
  for (;;) {
    if (proceso.exitCode !== null) throw new Error(`el proceso terminó al arrancar:\n${salida()}`);
    try {
      if ((await fetch(url)).status < 500) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > limite) throw new Error(`no arrancó:\n${salida()}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

function lanzar(args: string[], env: Record<string, string>, cwd = raiz) {
  const proceso = spawn(process.execPath, args, {
    cwd,
    env: { ...process.env, ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let salida = "";
  // Keep only the tail: at LOG_LEVEL info the server writes two lines per request.
  const guardar = (d: Buffer) => {
    salida = (salida + d.toString()).slice(-20_000);
  };
  proceso.stdout?.on("data", guardar);
  proceso.stderr?.on("data", guardar);
  const parar = async () => {
    if (proceso.exitCode === null) {
      proceso.kill("SIGINT");
      await new Promise((r) => proceso.once("exit", r));
    }
  };
  return { proceso, salida: () => salida, parar };
}

/** The bare route: Fastify with one JSON route and nothing else, in its own process. */
async function rutaDesnuda() {
  const puerto = await puertoLibre();
  const codigo = `import Fastify from "fastify";
    const app = Fastify({ logger: false });
    app.get("/hola", async () => ({ hola: "mundo" }));
    await app.listen({ port: ${puerto}, host: "127.0.0.1" });`;
  const p = lanzar(["--input-type=module", "-e", codigo], {}, path.join(raiz, "server"));
  await esperar(`http://127.0.0.1:${puerto}/hola`, p.proceso, p.salida);
  return { url: `http://127.0.0.1:${puerto}/hola`, parar: p.parar };
}

/**
 * User + system CPU seconds of a process so far (Linux /proc): on a loaded machine the server's
 * own CPU per answered call moves far less than its requests per second.
 */
function cpuDe(pid: number): number {
  const campos = fs.readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
  return (Number(campos[11]) + Number(campos[12])) / 100;
}

interface Resultado {
  /** The server's CPU per answered call, µs (not measured for the bare route). */
  cpuPorLlamada?: number;
  rps: number;
  p50: number;
  p99: number;
  errores: number;
  no2xx: number;
}

async function medir(url: string, headers: Record<string, string> = {}): Promise<Resultado> {
  const r = await autocannon({ url, connections: CONEXIONES, duration: SEGUNDOS, headers });
  return {
    rps: r.requests.average,
    p50: r.latency.p50,
    p99: r.latency.p99,
    errores: r.errors + r.timeouts,
    no2xx: r.non2xx,
  };
}

async function servidor(base: "pglite" | "postgres") {
  const puerto = await puertoLibre();
  const datos = fs.mkdtempSync(path.join(os.tmpdir(), "rf-carga-"));
  const auditoria = fs.mkdtempSync(path.join(os.tmpdir(), "rf-carga-auditoria-"));
  let databaseUrl = "";
  let soltar = async () => {};
  if (base === "postgres" && REUSE) databaseUrl = REUSE;
  else if (base === "postgres") {
    if (!PG_URL) throw new Error("BENCH_DB=postgres necesita DATABASE_URL o TEST_PG_URL");
    const nombre = `rf_carga_${crypto.randomBytes(4).toString("hex")}`;
    const admin = new pg.Client({ connectionString: PG_URL });
    await admin.connect();
    await admin.query(`create database ${nombre}`);
    const u = new URL(PG_URL);
    u.pathname = `/${nombre}`;
    databaseUrl = u.toString();
    soltar = async () => {
      await admin.query(`drop database if exists ${nombre} with (force)`);
      await admin.end();
    };
  }
  // The production command: the built server run by plain node.
  const args = [...(PERFIL ? ["--cpu-prof", `--cpu-prof-dir=${PERFIL}`] : []), "server/dist/main.js"];
  const p = lanzar(
    args,
    {
      PORT: String(puerto),
      HOST: "127.0.0.1",
      DATA_DIR: datos,
      DATABASE_URL: databaseUrl,
      DEMO_DATA: "true",
      LOG_LEVEL: "info",
      LOGIN_RATE_LIMIT: "1000000",
      // The system key's own limit (600 a minute by default) would answer 429 within a second.
      API_KEY_RATE_LIMIT: "1000000000",
      // exportar.ts's audit key, for a database it seeded (BENCH_REUSE).
      ...(REUSE ? { AUDIT_KEY: "clave-de-auditoria-del-benchmark-0123456789abcdef" } : {}),
      AUDIT_KEY_FILE: path.join(auditoria, "audit.key"),
      AUDIT_CHECKPOINT_FILE: path.join(auditoria, "checkpoints.txt"),
    },
    RAIZ_SERVIDOR,
  );
  const url = `http://127.0.0.1:${puerto}`;
  await esperar(`${url}/api/openapi.json`, p.proceso, p.salida);
  return {
    url,
    pid: p.proceso.pid as number,
    parar: async () => {
      await p.parar();
      await soltar();
      fs.rmSync(datos, { recursive: true, force: true });
      fs.rmSync(auditoria, { recursive: true, force: true });
    },
  };
}

async function token(url: string, userName: string) {
  const res = await fetch(`${url}/api/Account/LogIn`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ userName, password: "Demo.Firmas.2026" }),
  });
  const body = (await res.json()) as { token?: string };
  if (!body.token) throw new Error(`LogIn de ${userName} falló: ${JSON.stringify(body)}`);
  return body.token;
}

const fmt = (n: number, d = 0) => n.toFixed(d).padStart(9);

async function una(base: "pglite" | "postgres") {
  const desnuda = await rutaDesnuda();
  const app = await servidor(base);
  try {
    const admin = await token(app.url, "administrador");
    const lista = await fetch(`${app.url}/api/SolicitudFirma/GetBandejaAdministradorRCC?page=0&rows=10`, {
      headers: { authorization: admin },
    });
    const { rows, totalRecords } = (await lista.json()) as { rows: { idSolicitud: number }[]; totalRecords: number };
    if (!rows?.length) throw new Error("la bandeja del administrador está vacía");
    // A single verification, as the consultant: the cédula of an official in the registry (the
    // first "Funcionario" row of the registry's export), today, any signature and amount.
    const consultor = await token(app.url, "consultor");
    const registro = await (
      await fetch(`${app.url}/api/Exportar/Registro?formato=csv`, { headers: { authorization: consultor } })
    ).text();
    const fila = registro.split("\r\n").find((l) => l.includes(",Funcionario,"));
    const cedula = fila?.match(/\d{3}-\d{7}-\d/)?.[0];
    if (!cedula) throw new Error(`el registro no tiene funcionarios: ${registro.slice(0, 300)}`);
    // A relying party's system key with the "verificacion" scope, issued the way the app issues one:
    // through its API, by the configuration administrator.
    const configuracion = await token(app.url, "configuracion");
    const emitir = async (nombre: string, direcciones: string[]) => {
      const emitida = await fetch(`${app.url}/api/ClavesSistema`, {
        method: "POST",
        headers: { authorization: configuracion, "content-type": "application/json" },
        body: JSON.stringify({ nombre, alcances: ["verificacion"], direcciones }),
      });
      const { clave } = (await emitida.json()) as { clave?: string };
      if (!clave) throw new Error(`no se emitió la clave de sistema: ${emitida.status}`);
      return clave;
    };
    const clave = await emitir("Banco del benchmark", []);
    // The same with the addresses it may call from (the bench calls from 127.0.0.1).
    const claveConDirecciones = await emitir("Banco del benchmark con direcciones", ["10.0.0.0/8", "127.0.0.0/8"]);
    const objetivos: [string, string, Record<string, string>][] = [
      ["Fastify desnudo (GET /hola)", desnuda.url, {}],
      [
        `Bandeja administrador, 1.ª página (${totalRecords} filas)`,
        `${app.url}/api/SolicitudFirma/GetBandejaAdministradorRCC?page=0&rows=10`,
        { authorization: admin },
      ],
      ["GetSolicitud", `${app.url}/api/SolicitudFirma/${rows[0].idSolicitud}`, { authorization: admin }],
      [
        "Verificacion/Firma (una cédula)",
        `${app.url}/api/Verificacion/Firma?cedula=${encodeURIComponent(cedula)}`,
        { authorization: consultor },
      ],
      [
        "Verificacion/Firma (una cédula, clave de sistema)",
        `${app.url}/api/Verificacion/Firma?cedula=${encodeURIComponent(cedula)}`,
        { "x-api-key": clave },
      ],
      [
        "Verificacion/Firma (clave con direcciones IPv4)",
        `${app.url}/api/Verificacion/Firma?cedula=${encodeURIComponent(cedula)}`,
        { "x-api-key": claveConDirecciones },
      ],
    ];
    const resultados: [string, Resultado][] = [];
    // Each target's start and end on the monotonic clock a CPU profile's samples use (perfil.ts).
    const ventanas: { nombre: string; desde: number; hasta: number; cpuPorLlamada?: number }[] = [];
    const ahoraUs = () => Number(process.hrtime.bigint() / 1000n);
    const solo = process.env.BENCH_SOLO;
    for (const [nombre, url, headers] of objetivos) {
      if (solo && url.startsWith(app.url) && !nombre.includes(solo)) continue;
      const propio = url.startsWith(app.url);
      const cpu0 = propio ? cpuDe(app.pid) : 0;
      const desde = ahoraUs();
      const r = await medir(url, headers);
      if (propio) r.cpuPorLlamada = ((cpuDe(app.pid) - cpu0) * 1e6) / Math.max(1, r.rps * SEGUNDOS);
      if (propio) ventanas.push({ nombre, desde, hasta: ahoraUs(), cpuPorLlamada: r.cpuPorLlamada });
      resultados.push([nombre, r]);
    }
    if (PERFIL) fs.mkdirSync(PERFIL, { recursive: true });
    if (PERFIL) fs.writeFileSync(path.join(PERFIL, "ventanas.json"), JSON.stringify(ventanas, null, 1));
    const base0 = resultados[0][1].rps;
    console.log(
      `\n${base === "pglite" ? "PGlite" : "PostgreSQL"}: ${CONEXIONES} conexiones, ${SEGUNDOS} s por objetivo`,
    );
    console.log(
      `${"objetivo".padEnd(44)}${"req/s".padStart(9)}${"p50 ms".padStart(9)}${"p99 ms".padStart(9)}${"errores".padStart(9)}${"no 2xx".padStart(9)}${"% desnudo".padStart(11)}${"CPU µs/llamada".padStart(16)}`,
    );
    for (const [nombre, r] of resultados) {
      console.log(
        `${nombre.padEnd(44)}${fmt(r.rps)}${fmt(r.p50)}${fmt(r.p99)}${fmt(r.errores)}${fmt(r.no2xx)}${`${((100 * r.rps) / base0).toFixed(2)}%`.padStart(11)}${(r.cpuPorLlamada === undefined ? "—" : r.cpuPorLlamada.toFixed(0)).padStart(16)}`,
      );
    }
  } finally {
    await app.parar();
    await desnuda.parar();
  }
}

const { ensureServerBuild } = await import("../../scripts/lib.mjs");
await ensureServerBuild();
console.log(
  `carga: ${os.cpus().length} CPU, carga media ${os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(" ")}`,
);
for (const base of QUE_BASES === "both" ? (["pglite", "postgres"] as const) : [QUE_BASES]) await una(base);
console.log(
  `carga media al terminar: ${os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(" ")}`,
);
