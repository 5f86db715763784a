// Web benchmark: (1) the gzipped size of the JavaScript the Login route loads — the entry script of
// web/dist/index.html, the Login chunk, and everything either imports statically — against the
// 120 KB budget, and what each other route's own chunks add; (2) sign-in latency: 200 sequential
// POST /api/Account/LogIn for a demo user on a fresh server, as p50/p95; (3) Lighthouse, mobile
// preset, on issue 40's pages (Login, three inboxes, Consultar, Verificar firma, Tablero, the public
// constancia page; BENCH_PAGINAS to choose; scripts/lighthouse.mjs), with the machine's
// benchmarkIndex (skipped with BENCH_LIGHTHOUSE=0; BENCH_INFORMES=folder keeps each whole report). Part (1) is scripts/js-ruta-login.mjs, which the browser tests check too
// (e2e/tests/presupuesto-login.test.ts). Needs a built web app (`npm run build -w web`); WEB_DIST points
// elsewhere. Exits 1 when the Login route is over budget.
import { spawn } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { entryScripts, gzipDe, jsRutaLogin, PRESUPUESTO_LOGIN_KB, staticClosure } from "./js-ruta-login.mjs";
import { ensureServerBuild, root, serverEntry } from "./lib.mjs";
import { imprimirLighthouse, medirLighthouse } from "./lighthouse.mjs";

const LOGINS = 200;
const WARMUP = 5;
const USER = { userName: "originador", password: "Demo.Firmas.2026" };

const dist = path.resolve(process.env.WEB_DIST ?? path.join(root, "web", "dist"));

// --- 1. JavaScript loaded by the Login route -------------------------------------------------

let login;
try {
  login = jsRutaLogin(dist);
} catch (e) {
  console.error(e instanceof Error ? e.message : e);
  process.exit(2);
}
const kb = (n) => (n / 1024).toFixed(1);

console.log("JavaScript de la ruta Login (entrada + fragmento de Login + importaciones estáticas):");
for (const r of login.archivos)
  console.log(`  ${r.rel.padEnd(48)} ${kb(r.raw).padStart(8)} KB  ${kb(r.gzip).padStart(7)} KB gzip`);
const withinBudget = login.gzip <= PRESUPUESTO_LOGIN_KB * 1024;
console.log(
  `  ${"total".padEnd(48)} ${kb(login.raw).padStart(8)} KB  ${kb(login.gzip).padStart(7)} KB gzip` +
    `  (límite ${PRESUPUESTO_LOGIN_KB} KB: ${withinBudget ? "cumple" : "EXCEDIDO"})`,
);

// What every other route adds: its chunk and what that imports statically, beyond the entry.
const assets = fs.readdirSync(path.join(dist, "assets"));
const entrada = staticClosure(dist, entryScripts(dist));
const capa = [
  ...staticClosure(
    dist,
    assets.filter((f) => /^ProtectedLayout-[\w-]+\.js$/.test(f)).map((f) => `assets/${f}`),
  ),
].filter((f) => !entrada.has(f));
const capaGzip = capa.reduce((s, f) => s + gzipDe(dist, f), 0);
console.log(
  `\nJavaScript propio de cada pantalla con sesión (su fragmento e importaciones estáticas, sin la entrada; gzip):`,
);
console.log(`  ${"marco con sesión (ProtectedLayout)".padEnd(48)} ${kb(capaGzip).padStart(8)} KB`);
const yaCargado = new Set([...entrada, ...capa]);
for (const chunk of assets.filter((f) => /Page-[\w-]+\.js$/.test(f) && !f.startsWith("LoginPage-")).sort()) {
  const propios = [...staticClosure(dist, [`assets/${chunk}`])].filter((f) => !yaCargado.has(f));
  const total = propios.reduce((s, f) => s + gzipDe(dist, f), 0);
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
    // The public page's look-up is limited per address (30 a minute): Lighthouse's loads from one
    // address met a 429 and measured the "too many requests" answer instead of the constancia's.
    VERIFICACION_RATE_LIMIT: "1000000",
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
    imprimirLighthouse(
      await medirLighthouse({ base, token, paginas: await paginasLighthouse(), informes: process.env.BENCH_INFORMES }),
    );
  }
}

/** A demo user's session token. */
async function tokenDe(userName) {
  const res = await fetch(`${base}/api/Account/LogIn`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ userName, password: USER.password }),
  });
  return (await res.json()).token;
}

/**
 * The pages issue 40 names (BENCH_PAGINAS=login,originador for the two of before): Login, the three
 * inboxes used most (the originator's, the analyst's and the legal analyst's), Consultar, Verificar
 * firma, Tablero, and a constancia's public page (the code printed on an active request's
 * constancia), each signed in as the demo user who works there.
 */
async function paginasLighthouse() {
  const consultor = await tokenDe("consultor");
  const bandeja = await (
    await fetch(`${base}/api/SolicitudFirma/GetBandejaConsultor?page=0&rows=5&estatus=106`, {
      headers: { Authorization: consultor },
    })
  ).json();
  const pdf = Buffer.from(
    await (
      await fetch(`${base}/api/Verificacion/GetConstancia/${bandeja.rows[0].idSolicitud}`, {
        headers: { Authorization: consultor },
      })
    ).arrayBuffer(),
  );
  // The PDF's text runs (pdfkit writes them uncompressed), as server/test/support/lectores.ts reads them.
  const textos = [...pdf.toString("latin1").matchAll(/\[((?:<[0-9a-fA-F]*>|[^\]])*)\] TJ/g)].map((m) =>
    new TextDecoder("windows-1252").decode(
      Buffer.concat([...m[1].matchAll(/<([0-9a-fA-F]*)>/g)].map((x) => Buffer.from(x[1], "hex"))),
    ),
  );
  const codigo = textos.map((t) => t.trim()).find((t) => /^[0-9A-HJKMNP-TV-Z]{4}(-[0-9A-HJKMNP-TV-Z]{4}){4}$/.test(t));
  if (!codigo) throw new Error("la constancia no trae código de verificación");
  const paginas = [
    { clave: "login", nombre: "Login", ruta: "/Login", conSesion: false },
    { clave: "originador", nombre: "Bandeja del originador", ruta: "/Originador", usuario: "originador" },
    { clave: "analista", nombre: "Bandeja del analista", ruta: "/AnalistaRyCC/Analista", usuario: "analista" },
    { clave: "juridico", nombre: "Bandeja jurídica", ruta: "/Juridico/AnalistaLegal", usuario: "juridico" },
    { clave: "consultar", nombre: "Consultar", ruta: "/Consultar", usuario: "consultor" },
    { clave: "verificar", nombre: "Verificar firma", ruta: "/Consultar/Verificar", usuario: "consultor" },
    { clave: "tablero", nombre: "Tablero", ruta: "/Tablero", usuario: "administrador" },
    { clave: "publica", nombre: "Página pública de la constancia", ruta: `/Verificar/${codigo}`, conSesion: false },
  ];
  const elegidas = process.env.BENCH_PAGINAS?.split(",");
  const lista = [];
  for (const p of paginas.filter((x) => !elegidas || elegidas.includes(x.clave))) {
    lista.push(p.usuario ? { ...p, conSesion: true, token: await tokenDe(p.usuario) } : p);
  }
  return lista;
}

if (!withinBudget) process.exit(1);
