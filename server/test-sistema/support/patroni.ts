/**
 * The high-availability topology of deploy/patroni on loopback, from its very files: one etcd
 * (deploy/patroni/etcd.env), PostgreSQL nodes under Patroni (deploy/patroni/patroni.yml) and
 * HAProxy (deploy/patroni/haproxy.cfg), with the machines' addresses, ports and folders rewritten.
 * Everything runs as child processes (no systemd); Patroni and PostgreSQL as the postgres user.
 */
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { esperar, puertoLibre, raiz } from "./sistema.js";

const deploy = (f: string) => fs.readFileSync(path.join(raiz, "deploy/patroni", f), "utf8");

function binPostgres(): string {
  const base = "/usr/lib/postgresql";
  const versiones = fs.readdirSync(base).sort((a, b) => Number(b) - Number(a));
  for (const v of versiones) if (fs.existsSync(path.join(base, v, "bin", "initdb"))) return path.join(base, v, "bin");
  throw new Error("PostgreSQL binaries not found");
}

const usuarioPostgres = () => ({
  uid: Number(spawnSync("id", ["-u", "postgres"]).stdout),
  gid: Number(spawnSync("id", ["-g", "postgres"]).stdout),
});

/** The superuser's password in deploy/patroni/patroni.yml (the test connects as it). */
export const CLAVE_POSTGRES = /superuser:\n\s+username: postgres\n\s+password: (\S+)/.exec(deploy("patroni.yml"))?.[1];

export interface Nodo {
  nombre: string;
  puertoPg: number;
  puertoRest: number;
  dir: string;
  hijo?: ChildProcess;
  log: string[];
  url: string;
}

export interface Topologia {
  nodos: Nodo[];
  puertoEscritura: number;
  puertoLectura: number;
  urlEscritura: string;
  urlLectura: string;
  iniciarNodo(n: Nodo): void;
  /** kill -9 of the node's postmaster (Patroni stays). */
  matarPostgres(n: Nodo): void;
  /** kill -9 of Patroni and of its PostgreSQL: the machine is gone. */
  matarNodo(n: Nodo): Promise<void>;
  /** The node's role according to its REST API ("primary", "replica", or undefined when down). */
  rol(n: Nodo): Promise<string | undefined>;
  /** patronictl as the postgres user; asynchronous, so the test's load keeps running meanwhile. */
  patronictl(args: string[]): Promise<{ status: number | null; salida: string }>;
  detener(): void;
}

export async function iniciarTopologia(cantidad = 2): Promise<Topologia> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "rf-patroni-"));
  const { uid, gid } = usuarioPostgres();
  fs.chownSync(dir, uid, gid);
  const bin = binPostgres();
  const procesos: ChildProcess[] = [];

  // etcd: deploy/patroni/etcd.env's settings, one member on loopback.
  const puertoEtcd = await puertoLibre();
  const puertoPar = await puertoLibre();
  const envEtcd: Record<string, string> = {};
  for (const linea of deploy("etcd.env").split("\n")) {
    const m = /^(ETCD_\w+)=(.*)$/.exec(linea);
    if (m?.[1] && m[2] !== undefined) envEtcd[m[1]] = m[2];
  }
  Object.assign(envEtcd, {
    ETCD_DATA_DIR: path.join(dir, "etcd"),
    ETCD_LISTEN_PEER_URLS: `http://127.0.0.1:${puertoPar}`,
    ETCD_LISTEN_CLIENT_URLS: `http://127.0.0.1:${puertoEtcd}`,
    ETCD_INITIAL_ADVERTISE_PEER_URLS: `http://127.0.0.1:${puertoPar}`,
    ETCD_ADVERTISE_CLIENT_URLS: `http://127.0.0.1:${puertoEtcd}`,
    ETCD_INITIAL_CLUSTER: `${envEtcd.ETCD_NAME}=http://127.0.0.1:${puertoPar}`,
  });
  const logEtcd: string[] = [];
  const etcd = spawn("etcd", [], { env: { ...process.env, ...envEtcd }, stdio: ["ignore", "pipe", "pipe"] });
  etcd.stderr?.on("data", (d) => logEtcd.push(String(d)));
  procesos.push(etcd);

  const nodos: Nodo[] = [];
  for (let i = 1; i <= cantidad; i++) {
    const puertoPg = await puertoLibre();
    nodos.push({
      nombre: `pg${i}`,
      puertoPg,
      puertoRest: await puertoLibre(),
      dir: path.join(dir, `pg${i}`),
      log: [],
      url: `postgres://postgres:${CLAVE_POSTGRES}@127.0.0.1:${puertoPg}/postgres`,
    });
  }
  for (const n of nodos) {
    fs.mkdirSync(n.dir, { mode: 0o700 });
    fs.chownSync(n.dir, uid, gid);
    const yml = deploy("patroni.yml")
      .replace("name: pg1", `name: ${n.nombre}`)
      .replaceAll("10.0.0.11:8008", `127.0.0.1:${n.puertoRest}`)
      .replace("10.0.0.11:2379,10.0.0.12:2379,10.0.0.13:2379", `127.0.0.1:${puertoEtcd}`)
      .replaceAll("10.0.0.11:5432", `127.0.0.1:${n.puertoPg}`)
      .replace("/usr/lib/postgresql/15/bin", bin)
      .replace("/var/lib/postgresql/15/registro.pgpass", path.join(n.dir, "pgpass"))
      .replace("/var/lib/postgresql/15/registro", path.join(n.dir, "data"))
      // A test machine: no flush to disk (the kills below are of processes; the OS keeps its cache).
      .replace("unix_socket_directories: /var/run/postgresql", `unix_socket_directories: ${n.dir}\n    fsync: "off"`)
      .replaceAll("10.0.0.0/24", "127.0.0.1/32");
    fs.writeFileSync(path.join(n.dir, "patroni.yml"), yml, { mode: 0o600 });
    fs.chownSync(path.join(n.dir, "patroni.yml"), uid, gid);
  }

  const iniciarNodo = (n: Nodo) => {
    const hijo = spawn("patroni", [path.join(n.dir, "patroni.yml")], {
      uid,
      gid,
      cwd: n.dir,
      env: { ...process.env, HOME: n.dir, PATH: process.env.PATH ?? "/usr/bin:/bin" },
      stdio: ["ignore", "pipe", "pipe"],
    });
    hijo.stdout?.on("data", (d) => n.log.push(String(d)));
    hijo.stderr?.on("data", (d) => n.log.push(String(d)));
    n.hijo = hijo;
    procesos.push(hijo);
  };

  // HAProxy: deploy/patroni/haproxy.cfg with these nodes.
  const puertoEscritura = await puertoLibre();
  const puertoLectura = await puertoLibre();
  const puertoEstadisticas = await puertoLibre();
  let cfg = deploy("haproxy.cfg")
    .replace("bind 127.0.0.1:5000", `bind 127.0.0.1:${puertoEscritura}`)
    .replace("bind 127.0.0.1:5001", `bind 127.0.0.1:${puertoLectura}`)
    .replace("bind 127.0.0.1:7000", `bind 127.0.0.1:${puertoEstadisticas}`);
  for (let i = 1; i <= 3; i++) {
    const n = nodos[i - 1];
    const patron = new RegExp(`^\\s+server pg${i} 10\\.0\\.0\\.1${i}:5432 (.*) check port 8008$`, "gm");
    cfg = cfg.replace(patron, (_l, medio) =>
      n ? `    server ${n.nombre} 127.0.0.1:${n.puertoPg} ${medio} check port ${n.puertoRest}` : "",
    );
  }
  fs.writeFileSync(path.join(dir, "haproxy.cfg"), cfg);
  const logHaproxy: string[] = [];

  const detener = () => {
    for (const p of procesos.reverse()) if (p.exitCode === null && p.signalCode === null) p.kill("SIGKILL");
    for (const n of nodos) {
      const pid = postmaster(n);
      if (pid) {
        try {
          process.kill(pid, "SIGKILL");
        } catch {
          // gone
        }
      }
    }
    fs.rmSync(dir, { recursive: true, force: true });
  };

  try {
    await hasta(async () => (await fetch(`http://127.0.0.1:${puertoEtcd}/health`).then((r) => r.ok)) === true, 20_000);
    // The first node bootstraps the cluster (initdb), the others clone it from the primary.
    iniciarNodo(nodos[0] as Nodo);
    await hasta(
      async () => (await rol(nodos[0] as Nodo)) === "primary",
      60_000,
      () => (nodos[0] as Nodo).log.join(""),
    );
    for (const n of nodos.slice(1)) iniciarNodo(n);
    for (const n of nodos.slice(1))
      await hasta(
        async () => (await estado(n))?.state === "running",
        60_000,
        () => n.log.join(""),
      );
    const haproxy = spawn("haproxy", ["-db", "-f", path.join(dir, "haproxy.cfg")], {
      stdio: ["ignore", "pipe", "pipe"],
    });
    haproxy.stderr?.on("data", (d) => logHaproxy.push(String(d)));
    procesos.push(haproxy);
    const urlEscritura = `postgres://postgres:${CLAVE_POSTGRES}@127.0.0.1:${puertoEscritura}/postgres`;
    await hasta(
      async () => {
        const c = new pg.Client({ connectionString: urlEscritura, connectionTimeoutMillis: 1000 });
        try {
          await c.connect();
          return (await c.query("select not pg_is_in_recovery() as p")).rows[0].p === true;
        } catch {
          return false;
        } finally {
          await c.end().catch(() => {});
        }
      },
      20_000,
      () => logHaproxy.join(""),
    );
    return {
      nodos,
      puertoEscritura,
      puertoLectura,
      urlEscritura,
      urlLectura: `postgres://postgres:${CLAVE_POSTGRES}@127.0.0.1:${puertoLectura}/postgres`,
      iniciarNodo,
      matarPostgres: (n) => {
        const pid = postmaster(n);
        if (!pid) throw new Error(`${n.nombre}: PostgreSQL is not running`);
        process.kill(pid, "SIGKILL");
      },
      matarNodo: async (n) => {
        const pid = postmaster(n);
        n.hijo?.kill("SIGKILL");
        if (pid) process.kill(pid, "SIGKILL");
        // Its backends notice the postmaster's death by themselves; wait until the port is free.
        await hasta(async () => postmaster(n) === undefined || !vivo(postmaster(n) as number), 10_000);
      },
      rol,
      patronictl: (args) =>
        new Promise((resolve) => {
          const hijo = spawn("patronictl", ["-c", path.join((nodos[0] as Nodo).dir, "patroni.yml"), ...args], {
            uid,
            gid,
            env: { ...process.env, HOME: (nodos[0] as Nodo).dir },
          });
          let salida = "";
          hijo.stdout.on("data", (d) => {
            salida += d;
          });
          hijo.stderr.on("data", (d) => {
            salida += d;
          });
          hijo.on("close", (status) => resolve({ status, salida }));
        }),
      detener,
    };
  } catch (e) {
    detener();
    throw e;
  }
}

function vivo(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

function postmaster(n: Nodo): number | undefined {
  try {
    const pid = Number(fs.readFileSync(path.join(n.dir, "data", "postmaster.pid"), "utf8").split("\n")[0]);
    return pid > 0 && vivo(pid) ? pid : undefined;
  } catch {
    return undefined;
  }
}

async function estado(n: Nodo): Promise<{ role?: string; state?: string } | undefined> {
  try {
    const r = await fetch(`http://127.0.0.1:${n.puertoRest}/patroni`, { signal: AbortSignal.timeout(2000) });
    return (await r.json()) as { role?: string; state?: string };
  } catch {
    return undefined;
  }
}

async function rol(n: Nodo): Promise<string | undefined> {
  const e = await estado(n);
  if (e?.state !== "running") return undefined;
  return e.role === "master" ? "primary" : e.role;
}

/** Polls `cond` every 200 ms until it holds; fails after `ms` with `detalle()`. */
export async function hasta(cond: () => Promise<boolean>, ms: number, detalle?: () => string): Promise<void> {
  const limite = Date.now() + ms;
  while (Date.now() < limite) {
    if (await cond().catch(() => false)) return;
    await esperar(200);
  }
  throw new Error(`timed out after ${ms} ms${detalle ? `:\n${detalle().slice(-4000)}` : ""}`);
}
