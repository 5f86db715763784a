// Web benchmark: (1) the gzipped size of the JavaScript the Login route loads — the entry script of
// web/dist/index.html, the Login chunk, and everything either imports statically — against the
// 120 KB budget, and what each other route's own chunks add; (2) sign-in latency: 200 sequential
// POST /api/Account/LogIn for a demo user on a fresh server, as p50/p95; (3) Lighthouse, mobile
// preset, on the Login page and the originator's inbox signed in (scripts/lighthouse.mjs; skipped
// with BENCH_LIGHTHOUSE=0). Needs a built web app (`npm run build -w web`); WEB_DIST points
// elsewhere. Exits 1 when the Login route is over budget.
import { spawn } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import { ensureServerBuild, root, serverEntry } from "./lib.mjs";
import { imprimirLighthouse, medirLighthouse } from "./lighthouse.mjs";

const BUDGET_KB = 120;
const LOGINS = 200;
const WARMUP = 5;
const USER = { userName: "originador", password: "Demo.Firmas.2026" };

const dist = path.resolve(process.env.WEB_DIST ?? path.join(root, "web", "dist"));
const indexHtml = path.join(dist, "index.html");
if (!fs.existsSync(indexHtml)) {
  console.error(`No hay compilación web en ${dist}: ejecute primero "npm run build -w web".`);
  process.exit(2);
}

// --- 1. JavaScript loaded by the Login route -------------------------------------------------

/** Relative specifiers of a chunk's static imports (`import … from "./x.js"`, `import "./x.js"`). */
function staticImports(code) {
  const found = new Set();
  // Minified ESM: static imports and re-exports sit at statement starts; import("…") is dynamic.
  for (const m of code.matchAll(
    /(?:^|[;\n}])\s*(?:import|export)\s*(?:[\w${}\s,*]+?\s*from\s*)?["']([^"']+\.js)["']/g,
  )) {
    found.add(m[1]);
  }
  return [...found];
}

/** Every file reachable by static imports from the given files (paths relative to dist). */
function staticClosure(entries) {
  const seen = new Set();
  const queue = [...entries];
  while (queue.length) {
    const rel = queue.shift();
    if (seen.has(rel)) continue;
    seen.add(rel);
    const code = fs.readFileSync(path.join(dist, rel), "utf8");
    for (const spec of staticImports(code)) {
      queue.push(path.posix.normalize(path.posix.join(path.posix.dirname(rel), spec)));
    }
  }
  return seen;
}

const html = fs.readFileSync(indexHtml, "utf8");
const entryScripts = [...html.matchAll(/<script[^>]*type="module"[^>]*src="([^"]+)"/g)].map((m) =>
  path.posix.normalize(m[1].replace(/^\.\//, "").replace(/^\//, "")),
);
if (entryScripts.length === 0) {
  console.error("index.html no tiene un script de entrada (type=module).");
  process.exit(2);
}
const assets = fs.readdirSync(path.join(dist, "assets"));
const loginChunk = assets.find((f) => /^LoginPage-[\w-]+\.js$/.test(f));
if (!loginChunk) {
  console.error("No se encontró el fragmento de Login (assets/LoginPage-*.js).");
  process.exit(2);
}

const files = staticClosure([...entryScripts, `assets/${loginChunk}`]);
const rows = [...files]
  .map((rel) => {
    const buf = fs.readFileSync(path.join(dist, rel));
    return { rel, raw: buf.length, gzip: zlib.gzipSync(buf, { level: 9 }).length };
  })
  .sort((a, b) => b.gzip - a.gzip);
const totalGzip = rows.reduce((s, r) => s + r.gzip, 0);
const totalRaw = rows.reduce((s, r) => s + r.raw, 0);
const kb = (n) => (n / 1024).toFixed(1);

console.log("JavaScript de la ruta Login (entrada + fragmento de Login + importaciones estáticas):");
for (const r of rows)
  console.log(`  ${r.rel.padEnd(48)} ${kb(r.raw).padStart(8)} KB  ${kb(r.gzip).padStart(7)} KB gzip`);
const withinBudget = totalGzip <= BUDGET_KB * 1024;
console.log(
  `  ${"total".padEnd(48)} ${kb(totalRaw).padStart(8)} KB  ${kb(totalGzip).padStart(7)} KB gzip` +
    `  (límite ${BUDGET_KB} KB: ${withinBudget ? "cumple" : "EXCEDIDO"})`,
);

// What every other route adds: its chunk and what that imports statically, beyond the entry.
const entrada = staticClosure(entryScripts);
const gzipDe = (rel) => zlib.gzipSync(fs.readFileSync(path.join(dist, rel)), { level: 9 }).length;
const capa = [
  ...staticClosure(assets.filter((f) => /^ProtectedLayout-[\w-]+\.js$/.test(f)).map((f) => `assets/${f}`)),
].filter((f) => !entrada.has(f));
const capaGzip = capa.reduce((s, f) => s + gzipDe(f), 0);
console.log(
  `\nJavaScript propio de cada pantalla con sesión (su fragmento e importaciones estáticas, sin la entrada; gzip):`,
);
console.log(`  ${"marco con sesión (ProtectedLayout)".padEnd(48)} ${kb(capaGzip).padStart(8)} KB`);
const yaCargado = new Set([...entrada, ...capa]);
for (const chunk of assets.filter((f) => /Page-[\w-]+\.js$/.test(f) && !f.startsWith("LoginPage-")).sort()) {
  const propios = [...staticClosure([`assets/${chunk}`])].filter((f) => !yaCargado.has(f));
  const total = propios.reduce((s, f) => s + gzipDe(f), 0);
  console.log(`  ${chunk.replace(/-[\w-]+\.js$/, "").padEnd(48)} ${kb(total).padStart(8)} KB`);
}

// --- 2. Sign-in latency ----------------------------------------------------------------------

function freePort() {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.listen(0, "127.0.0.1", () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
    srv.on("error", reject);
  });
}

const port = await freePort();
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "rf-bench-"));
const base = `http://127.0.0.1:${port}`;
await ensureServerBuild();
const server = spawn(process.execPath, [serverEntry], {
  cwd: root,
  env: {
    ...process.env,
    PORT: String(port),
    HOST: "127.0.0.1",
    DATA_DIR: dataDir,
    DATABASE_URL: "",
    BASE_PATH: "",
    LOG_LEVEL: "warn",
    LOGIN_RATE_LIMIT: "1000000",
    WEB_DIST: dist,
  },
  stdio: ["ignore", "pipe", "pipe"],
});
let output = "";
server.stdout.on("data", (d) => (output += d));
server.stderr.on("data", (d) => (output += d));

async function stopServer() {
  if (server.exitCode === null) {
    server.kill("SIGTERM");
    await new Promise((r) => server.once("exit", r));
  }
  fs.rmSync(dataDir, { recursive: true, force: true });
}

try {
  await medir();
} catch (e) {
  // The server's own words explain most failures (it may have stopped).
  console.error(
    `${e instanceof Error ? e.message : e}\nSalida del servidor (código ${server.exitCode}):\n${output.slice(-4000)}`,
  );
  process.exitCode = 1;
} finally {
  await stopServer();
}

async function medir() {
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (server.exitCode !== null) throw new Error(`el servidor terminó al arrancar:\n${output}`);
    try {
      if ((await fetch(`${base}/Login`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`el servidor no arrancó:\n${output}`);
    await new Promise((r) => setTimeout(r, 300));
  }

  async function signIn() {
    const t0 = performance.now();
    const res = await fetch(`${base}/api/Account/LogIn`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(USER),
    });
    const body = await res.json();
    const ms = performance.now() - t0;
    if (res.status !== 200 || body.success !== true)
      throw new Error(`LogIn falló: HTTP ${res.status} ${JSON.stringify(body)}`);
    return ms;
  }

  for (let i = 0; i < WARMUP; i++) await signIn();
  const times = [];
  for (let i = 0; i < LOGINS; i++) times.push(await signIn());
  times.sort((a, b) => a - b);
  const pct = (p) => times[Math.min(times.length - 1, Math.ceil((p / 100) * times.length) - 1)];
  const mean = times.reduce((s, t) => s + t, 0) / times.length;
  console.log(
    `\nInicio de sesión (${LOGINS} POST /api/Account/LogIn secuenciales de "${USER.userName}", ` +
      `tras ${WARMUP} de calentamiento, PGlite):`,
  );
  console.log(
    `  p50 ${pct(50).toFixed(1)} ms · p95 ${pct(95).toFixed(1)} ms · media ${mean.toFixed(1)} ms · ` +
      `mín ${times[0].toFixed(1)} ms · máx ${times[times.length - 1].toFixed(1)} ms`,
  );

  if (process.env.BENCH_LIGHTHOUSE !== "0") {
    const token = (
      await (
        await fetch(`${base}/api/Account/LogIn`, {
          method: "POST",
          headers: { "Content-Type": "application/json" },
          body: JSON.stringify(USER),
        })
      ).json()
    ).token;
    console.log(
      `\nLighthouse (preajuste móvil, loopback, Chromium de Debian; carga media ${os
        .loadavg()
        .map((l) => l.toFixed(2))
        .join(" ")} en ${os.cpus().length} CPU):`,
    );
    imprimirLighthouse(await medirLighthouse({ base, token }));
  }
}

if (!withinBudget) process.exit(1);
