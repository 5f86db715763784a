/**
 * docs/operacion.md walked end to end on PostgreSQL by a new operator: every `sh runbook:…` block,
 * in the document's order and as written, run as root on a simulated Debian server.
 *
 * The server: a mount namespace (bubblewrap) where /etc is a copy of this machine's (so the new
 * `registro-firmas` user exists only there), /opt and /var/lib are empty folders of this test, and
 * the rest is this machine. Inside it, `systemctl` and `journalctl` are stand-ins that do what the
 * unit file says — as its User, with its Environment and EnvironmentFile, its StateDirectory made
 * and owned, PrivateTmp, and ProtectSystem=strict as a read-only bind of everything but the state
 * folder — and `npm ci` points at this checkout's node_modules instead of downloading them (npm test
 * installs them already). The only edit to the documents' text is the PostgreSQL port of the test's
 * cluster in deploy/registro-firmas.env. A step that drifts from the code fails here.
 */
import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Cluster, iniciarPostgres, llamar, raiz } from "./support/sistema.js";

const runbook = fs.readFileSync(path.join(raiz, "docs/operacion.md"), "utf8");
const bloques = new Map([...runbook.matchAll(/```sh runbook:([\w-]+)\n([\s\S]*?)```/g)].map((m) => [m[1], m[2]]));

const T = fs.mkdtempSync(path.join(os.tmpdir(), "rf-runbook-pg-"));
const dir = (...p: string[]) => path.join(T, ...p);
let cluster: Cluster;

const SYSTEMCTL = `#!/usr/bin/env node
// systemctl for the runbook test: starts and stops registro-firmas@N as its unit file says.
import { execFileSync, spawn } from "node:child_process";
import fs from "node:fs";
const J = process.env.RF_JOURNAL;
const [orden, ...resto] = process.argv.slice(2);
const unidades = resto.filter((a) => !a.startsWith("--"));
function leerEntorno(archivo) {
  const r = {};
  for (const l of fs.readFileSync(archivo, "utf8").split("\\n")) {
    const m = /^([A-Za-z_]\\w*)=(.*)$/.exec(l.trim());
    if (m) r[m[1]] = m[2];
  }
  return r;
}
function unidad(nombre) {
  const [base, instancia] = nombre.split("@");
  const texto = fs.readFileSync("/etc/systemd/system/" + base + "@.service", "utf8").replaceAll("%i", instancia);
  const u = { env: {}, archivos: [] };
  for (const l of texto.split("\\n")) {
    const m = /^(\\w+)=(.*)$/.exec(l.trim());
    if (!m) continue;
    if (m[1] === "Environment") for (const par of m[2].split(/\\s+/)) { const i = par.indexOf("="); u.env[par.slice(0, i)] = par.slice(i + 1); }
    else if (m[1] === "EnvironmentFile") u.archivos.push(m[2]);
    else u[m[1]] = m[2];
  }
  return u;
}
function arrancar(nombre) {
  const u = unidad(nombre);
  let env = { PATH: "/usr/local/bin:/usr/bin:/bin", USER: u.User, ...u.env };
  for (const a of u.archivos) env = { ...env, ...leerEntorno(a) };
  const estado = "/var/lib/" + u.StateDirectory;
  fs.mkdirSync(estado, { recursive: true });
  execFileSync("chown", [u.User + ":" + u.Group, estado]);
  fs.chmodSync(estado, Number.parseInt(u.StateDirectoryMode ?? "0755", 8));
  const sistema = u.ProtectSystem === "strict" ? ["--ro-bind", "/", "/", "--bind", estado, estado] : ["--bind", "/", "/"];
  const tmp = u.PrivateTmp === "true" ? ["--tmpfs", "/tmp"] : [];
  const [exe, ...args] = u.ExecStart.split(" ");
  const log = fs.openSync(J + "/" + nombre + ".log", "a");
  const hijo = spawn("bwrap", [...sistema, "--dev", "/dev", "--proc", "/proc", ...tmp, "--chdir", u.WorkingDirectory, "--",
    "setpriv", "--reuid=" + u.User, "--regid=" + u.Group, "--init-groups", "--", exe, ...args],
    { env, detached: true, stdio: ["ignore", log, log] });
  fs.writeFileSync(J + "/" + nombre + ".pid", String(hijo.pid));
  hijo.unref();
}
async function detener(nombre) {
  const archivo = J + "/" + nombre + ".pid";
  if (!fs.existsSync(archivo)) return;
  const pid = Number(fs.readFileSync(archivo, "utf8"));
  try { process.kill(-pid, "SIGTERM"); } catch { return; }
  for (let i = 0; i < 150; i++) {
    try { process.kill(-pid, 0); } catch { fs.rmSync(archivo); return; }
    await new Promise((r) => setTimeout(r, 100));
  }
  process.kill(-pid, "SIGKILL");
}
if (orden === "enable" && resto.includes("--now")) for (const u of unidades) arrancar(u);
else if (orden === "start") for (const u of unidades) arrancar(u);
else if (orden === "stop") for (const u of unidades) await detener(u);
else if (orden === "restart") for (const u of unidades) { await detener(u); arrancar(u); }
else if (orden !== "daemon-reload" && orden !== "reload") { console.error("systemctl (test): " + orden + "?"); process.exit(1); }
`;

const JOURNALCTL = `#!/bin/sh
# journalctl -u UNIT… for the runbook test: the units' output.
for u in $(echo "$@" | grep -o 'registro-firmas@[0-9]*'); do cat "$RF_JOURNAL/$u.log"; done
`;

const NPM_REAL = spawnSync("sh", ["-c", "command -v npm"], { encoding: "utf8" }).stdout.trim();
const NPM = `#!/bin/sh
# npm for the runbook test: "npm ci" links to this checkout's dependencies (a hard-linked copy cannot
# cross the sandbox's mounts, a real copy takes too long); everything else is npm.
if [ "$1" = ci ]; then
  ln -s "$RF_RAIZ/node_modules" node_modules
  ln -s "$RF_RAIZ/server/node_modules" server/node_modules
  exit 0
fi
exec ${NPM_REAL} "$@"
`;

/** Where the simulated server sees this checkout (npm ci's stand-in links to its node_modules). */
const CHECKOUT = "/opt/.rf-checkout";

/** Runs a shell text as root on the simulated server, from the folder holding the release. */
function enServidor(texto: string): Promise<{ codigo: number | null; salida: string }> {
  const puerto = new URL(cluster.url).port;
  return new Promise((resolve) => {
    const hijo = spawn(
      "bwrap",
      [
        "--dev-bind",
        "/",
        "/",
        "--bind",
        dir("etc"),
        "/etc",
        "--bind",
        dir("opt"),
        "/opt",
        // This checkout, where npm ci's stand-in links the release's node_modules: seen at a path of
        // its own, since the units' PrivateTmp hides /tmp (where a fresh clone may live).
        "--bind",
        raiz,
        CHECKOUT,
        "--bind",
        dir("varlib"),
        "/var/lib",
        "--chdir",
        dir("trabajo"),
        "--",
        "bash",
        "-euo",
        "pipefail",
        "-c",
        texto,
      ],
      {
        env: {
          PATH: `${dir("bin")}:${process.env.PATH}`,
          HOME: "/root",
          PGHOST: "127.0.0.1",
          PGPORT: puerto,
          RF_JOURNAL: dir("journal"),
          RF_RAIZ: CHECKOUT,
        },
        stdio: ["ignore", "pipe", "pipe"],
      },
    );
    let salida = "";
    hijo.stdout.on("data", (d) => {
      salida += d;
    });
    hijo.stderr.on("data", (d) => {
      salida += d;
    });
    hijo.on("exit", (codigo) => resolve({ codigo, salida }));
  });
}

const ejecutados = new Set<string>();
async function bloque(nombre: string) {
  const texto = bloques.get(nombre);
  if (!texto) throw new Error(`docs/operacion.md has no sh runbook:${nombre} block`);
  const r = await enServidor(texto);
  expect(r.codigo, `runbook:${nombre}\n${r.salida}`).toBe(0);
  ejecutados.add(nombre);
  return r.salida;
}

const libre = (puerto: number) =>
  new Promise<boolean>((resolve) => {
    const s = net.createServer();
    s.once("error", () => resolve(false));
    s.listen(puerto, "127.0.0.1", () => s.close(() => resolve(true)));
  });

function detenerTodo() {
  const j = dir("journal");
  if (!fs.existsSync(j)) return;
  for (const f of fs.readdirSync(j).filter((x) => x.endsWith(".pid"))) {
    try {
      process.kill(-Number(fs.readFileSync(path.join(j, f), "utf8")), "SIGKILL");
    } catch {
      // already gone
    }
  }
}

beforeAll(async () => {
  for (const p of [3001, 3002, 13001, 13002]) {
    if (!(await libre(p))) throw new Error(`port ${p} is in use: the runbook's instances need it`);
  }
  // The units run as the new system user and load this checkout's node_modules (npm ci's stand-in
  // links to them): every folder above the checkout must let other users through, which a
  // `mktemp -d` folder (0700, as a fresh clone's may be) does not.
  for (let d = raiz; d !== path.dirname(d); d = path.dirname(d)) {
    const modo = fs.statSync(d).mode & 0o7777;
    if ((modo & 0o001) === 0) fs.chmodSync(d, modo | 0o001);
  }
  cluster = await iniciarPostgres();
  for (const d of ["opt", "varlib/nginx", "journal", "bin", "trabajo/registro-firmas"]) {
    fs.mkdirSync(dir(d), { recursive: true });
  }
  const copia = spawnSync("cp", ["-a", "/etc", dir("etc")]);
  if (copia.status !== 0) throw new Error(`cp /etc: ${copia.stderr}`);
  // The release as an operator receives it: the repository's files (tracked, or new and not
  // ignored), without dependencies, builds or what earlier runs left (./data, ./audit).
  const r = spawnSync(
    "sh",
    [
      "-c",
      `cd "${raiz}" && git ls-files -z --cached --others --exclude-standard | tar --null -T - -cf - | tar -C "${dir("trabajo/registro-firmas")}" -xf -`,
    ],
    { encoding: "utf8" },
  );
  if (r.status !== 0) throw new Error(`copying the release: ${r.stderr}`);
  const entorno = dir("trabajo/registro-firmas/deploy/registro-firmas.env");
  const texto = fs.readFileSync(entorno, "utf8");
  expect(texto).toContain("@127.0.0.1:5432/");
  fs.writeFileSync(entorno, texto.replaceAll("@127.0.0.1:5432/", `@127.0.0.1:${new URL(cluster.url).port}/`));
  for (const [nombre, contenido] of [
    ["systemctl", SYSTEMCTL],
    ["journalctl", JOURNALCTL],
    ["npm", NPM],
  ]) {
    fs.writeFileSync(dir("bin", nombre), contenido, { mode: 0o755 });
  }
});

afterAll(() => {
  detenerTodo();
  cluster?.detener();
  fs.rmSync(T, { recursive: true, force: true });
});

describe("docs/operacion.md on PostgreSQL, as a new operator", () => {
  it("installs, signs in with the printed password, backs up, restores, switches and verifies", {
    timeout: 600_000,
  }, async () => {
    // §1, step 1: user, code, roles, settings, two instances started at once on the empty database.
    await bloque("instalar");
    const opt = fs.statSync(dir("opt", "registro-firmas", "server", "dist", "main.js"));
    expect(opt.uid).toBe(0);
    const estado = fs.statSync(dir("varlib", "registro-firmas"));
    expect(estado.mode & 0o777).toBe(0o700);
    expect(estado.uid).not.toBe(0);

    // Step 2: both answer; the one-time password is printed once, by one of them.
    const acceso = await bloque("primer-acceso");
    const claves = [...acceso.matchAll(/One-time password: (\S+)/g)].map((m) => m[1]);
    expect(claves, acceso).toHaveLength(1);
    // Step 3: the first sign-in (the browser's call), on either process.
    for (const puerto of [3001, 3002]) {
      const r = await llamar(puerto, "POST", "/api/Account/LogIn", {
        body: { userName: "admin", password: claves[0] },
      });
      expect(r.body.success, JSON.stringify(r.body)).toBe(true);
    }
    // Everything the app wrote is in the state folder: the audit key, the development seal.
    expect(fs.existsSync(dir("varlib", "registro-firmas", "audit.key"))).toBe(true);
    expect(fs.existsSync(dir("varlib", "registro-firmas", "datos", "sello-solo-para-pruebas.p12"))).toBe(true);
    const journal = fs.readFileSync(dir("journal", "registro-firmas@3001.log"), "utf8");
    expect(journal).not.toContain("Demo users");

    // A tool run without the installation's environment refuses, and creates no key.
    const sinEntorno = await enServidor(
      "cd /opt/registro-firmas && runuser -u registro-firmas -- npm run --silent importar -- /etc/hostname",
    );
    expect(sinEntorno.codigo).not.toBe(0);
    expect(sinEntorno.salida).toContain("No se encuentra la clave de auditoría");
    expect(fs.existsSync(dir("opt", "registro-firmas", "audit"))).toBe(false);

    // §3: a backup as written, then a restore into a new database, then the processes on it.
    const respaldo = await bloque("respaldar");
    expect(respaldo).toMatch(/Respaldo escrito en \/var\/lib\/registro-firmas\/respaldos\/\S+\.tar/);
    const restaurada = await bloque("restaurar");
    expect(restaurada).toContain("Restaurado:");
    expect(restaurada).toContain("sellos y puntos de control comprobados");
    expect(restaurada).toMatch(/Dejado fuera: \d+ registros de respaldos del servidor de origen/);
    await bloque("usar-restaurada");
    const entorno = fs.readFileSync(dir("etc", "registro-firmas.env"), "utf8");
    expect(entorno).toMatch(/^DATABASE_URL=\S+\/registro_firmas_restaurada$/m);
    const otra = await llamar(3002, "POST", "/api/Account/LogIn", { body: { userName: "admin", password: claves[0] } });
    expect(otra.body.success, JSON.stringify(otra.body)).toBe(true);

    // §4: the audit trail of the restored database verifies with the installation's key.
    const verificacion = await bloque("verificar");
    expect(verificacion).toMatch(/Íntegra: \d+ entradas?$/m);

    expect([...ejecutados].sort()).toEqual([...bloques.keys()].sort());
  });
});
