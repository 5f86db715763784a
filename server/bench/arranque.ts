/**
 * Start to serving (target ≤ 3 s on the embedded database with everything installed and
 * built): runs the built server (`node server/dist/main.js`, as `npm start` does) on a new data
 * folder once (migrations, catalogues, padrón, demo data), stops it, then starts it again on that
 * folder BENCH_ARRANQUES times (default 5). Each start is timed from launch to the first
 * `GET /api/ready` 200, as wall-clock time and as the process's own CPU time at that moment
 * (/proc/PID/stat), with the machine's load average; then `npm start`'s own checks alone
 * (dependencies, web and server builds up to date), and the same restarts through `npm start`.
 *
 * Usage (from the repository root): node --import tsx server/bench/arranque.ts
 */
import { spawn } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { fileURLToPath } from "node:url";

const ARRANQUES = Number(process.env.BENCH_ARRANQUES ?? 5);
const raiz = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const carga = () =>
  `carga media ${os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(" ")} en ${os.cpus().length} CPU`;

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

/** User + system CPU seconds of a process so far (Linux). */
function cpuDe(pid: number): number {
  const campos = fs.readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
  // Fields 14 and 15 (utime, stime) of stat, counted from the state (field 3) here.
  return (Number(campos[11]) + Number(campos[12])) / 100;
}

/**
 * One start on `datos`, timed to the first `/api/ready` 200: the built server by plain node, or the
 * whole `npm start` (npm, scripts/start.mjs's checks, then the same server; its own process group,
 * stopped as a whole; CPU then is the server's only, not npm's).
 */
async function arrancar(datos: string, mandato: "node" | "npm" = "node"): Promise<{ ms: number; cpu: number }> {
  const puerto = await puertoLibre();
  const t0 = performance.now();
  const env = { ...process.env, PORT: String(puerto), HOST: "127.0.0.1", DATA_DIR: datos, LOG_LEVEL: "warn" };
  const proceso =
    mandato === "node"
      ? spawn(process.execPath, ["server/dist/main.js"], { cwd: raiz, env, stdio: ["ignore", "pipe", "pipe"] })
      : spawn("npm", ["start"], { cwd: raiz, env, stdio: ["ignore", "pipe", "pipe"], detached: true });
  let salida = "";
  proceso.stdout.on("data", (d) => {
    salida += d;
  });
  proceso.stderr.on("data", (d) => {
    salida += d;
  });
  try {
    for (;;) {
      if (proceso.exitCode !== null) throw new Error(`el servidor terminó al arrancar:\n${salida}`);
      try {
        const res = await fetch(`http://127.0.0.1:${puerto}/api/ready`);
        if (res.status === 200) break;
      } catch {
        // not listening yet
      }
      if (performance.now() - t0 > 300_000) throw new Error(`no arrancó en 5 minutos:\n${salida}`);
      await new Promise((r) => setTimeout(r, 10));
    }
    const ms = performance.now() - t0;
    return { ms, cpu: mandato === "node" ? cpuDe(proceso.pid!) : Number.NaN };
  } finally {
    if (mandato === "node") proceso.kill("SIGINT");
    else process.kill(-proceso.pid!, "SIGINT");
    if (proceso.exitCode === null) await new Promise((r) => proceso.once("exit", r));
  }
}

// Everything installed and built, as `npm start` leaves it (each build only when its sources changed).
const { ensureDeps, ensureServerBuild, ensureWebBuild } = await import("../../scripts/lib.mjs");
await ensureWebBuild();
await ensureServerBuild();
// `npm start`'s own checks with nothing to do (what each restart pays before the server starts).
for (let i = 0; i < 3; i++) {
  const partes: string[] = [];
  for (const [nombre, comprobar] of [
    ["dependencias", ensureDeps],
    ["web", ensureWebBuild],
    ["servidor", ensureServerBuild],
  ] as const) {
    const t = performance.now();
    await comprobar();
    partes.push(`${nombre} ${(performance.now() - t).toFixed(0)} ms`);
  }
  console.log(`comprobaciones de npm start: ${partes.join(", ")}`);
}
const datos = fs.mkdtempSync(path.join(os.tmpdir(), "rf-arranque-"));
try {
  console.log(`arranque: ${new Date().toISOString()}, ${carga()}`);
  const primera = await arrancar(datos);
  console.log(
    `primer arranque (carpeta nueva: migraciones, catálogos, padrón, datos demo): ${(primera.ms / 1000).toFixed(2)} s, CPU ${primera.cpu.toFixed(2)} s`,
  );
  const tiempos: { ms: number; cpu: number }[] = [];
  for (let i = 0; i < ARRANQUES; i++) {
    const r = await arrancar(datos);
    tiempos.push(r);
    console.log(
      `arranque ${i + 1} (base y compilación presentes): ${(r.ms / 1000).toFixed(2)} s, CPU ${r.cpu.toFixed(2)} s (${carga()})`,
    );
  }
  const mediana = [...tiempos].sort((a, b) => a.ms - b.ms)[Math.floor(tiempos.length / 2)];
  console.log(`mediana: ${(mediana.ms / 1000).toFixed(2)} s (objetivo ≤ 3 s), ${carga()}`);
  // The same restarts through `npm start` (npm, its checks, then the server).
  const porNpm: number[] = [];
  for (let i = 0; i < ARRANQUES; i++) {
    const r = await arrancar(datos, "npm");
    porNpm.push(r.ms);
    console.log(`npm start ${i + 1}: ${(r.ms / 1000).toFixed(2)} s (${carga()})`);
  }
  const medianaNpm = [...porNpm].sort((a, b) => a - b)[Math.floor(porNpm.length / 2)];
  console.log(`mediana por npm start: ${(medianaNpm / 1000).toFixed(2)} s (objetivo ≤ 3 s), ${carga()}`);
} finally {
  fs.rmSync(datos, { recursive: true, force: true });
}
