/**
 * Helpers of the system tests: a throwaway PostgreSQL cluster the test may restart or crash, the
 * built server as a real process, and HTTP calls with a keep-alive agent.
 */
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import net from "node:net";
import os from "node:os";
import path from "node:path";

export const raiz = path.resolve(import.meta.dirname, "../../..");

export function puertoLibre(): Promise<number> {
  return new Promise((resolve) => {
    const s = net.createServer();
    s.listen(0, "127.0.0.1", () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });
}

function binPostgres(): string {
  const base = "/usr/lib/postgresql";
  const versiones = fs.existsSync(base) ? fs.readdirSync(base).sort((a, b) => Number(b) - Number(a)) : [];
  for (const v of versiones) if (fs.existsSync(path.join(base, v, "bin", "initdb"))) return path.join(base, v, "bin");
  throw new Error("PostgreSQL binaries not found (npm test installs Debian's postgresql)");
}

export interface Cluster {
  url: string;
  /** The server's process ids (postmaster first), to freeze it with SIGSTOP. */
  procesos(): number[];
  /** pg_ctl with these arguments (as the postgres user when running as root). */
  pgctl(args: string): void;
  detener(): void;
}

export async function iniciarPostgres(): Promise<Cluster> {
  const bin = binPostgres();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "rf-pgsis-"));
  const puerto = await puertoLibre();
  const comoRoot = process.getuid?.() === 0;
  const sh = (cmd: string) => {
    const r = comoRoot
      ? spawnSync("su", ["-s", "/bin/sh", "postgres", "-c", cmd], { stdio: "inherit" })
      : spawnSync("sh", ["-c", cmd], { stdio: "inherit" });
    if (r.status !== 0) throw new Error(`failed: ${cmd}`);
  };
  if (comoRoot) {
    const uid = Number(spawnSync("id", ["-u", "postgres"]).stdout);
    const gid = Number(spawnSync("id", ["-g", "postgres"]).stdout);
    fs.chownSync(dir, uid, gid);
  }
  sh(`${bin}/initdb -D ${dir}/data -A trust -U postgres --no-sync -E UTF8 >${dir}/initdb.log 2>&1`);
  const opciones = `-p ${puerto} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c full_page_writes=off -c max_connections=100`;
  const pgctl = (args: string) =>
    sh(`${bin}/pg_ctl -D ${dir}/data -l ${dir}/server.log -w -o "${opciones}" ${args} >/dev/null`);
  pgctl("start");
  return {
    url: `postgres://postgres@127.0.0.1:${puerto}/postgres`,
    pgctl,
    procesos: () => {
      const postmaster = Number(fs.readFileSync(`${dir}/data/postmaster.pid`, "utf8").split("\n")[0]);
      const hijos = spawnSync("ps", ["-o", "pid=", "--ppid", String(postmaster)], { encoding: "utf8" })
        .stdout.split("\n")
        .map((l) => Number(l.trim()))
        .filter((n) => n > 0);
      return [postmaster, ...hijos];
    },
    detener: () => {
      try {
        pgctl("-m immediate stop");
      } catch {
        // already stopped
      } finally {
        fs.rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}

export interface Proceso {
  puerto: number;
  hijo: ChildProcess;
  salida: () => string;
  /** Resolves with [code, signal] when the process ends. */
  fin: Promise<[number | null, NodeJS.Signals | null]>;
}

/** Starts `node server/dist/main.js` (or another script) and waits until /api/health answers. */
export async function iniciarServidor(
  env: Record<string, string>,
  opts: { script?: string[]; esperar?: boolean } = {},
): Promise<Proceso> {
  const puerto = Number(env.PORT ?? (await puertoLibre()));
  const hijo = spawn(process.execPath, opts.script ?? ["server/dist/main.js"], {
    cwd: raiz,
    env: {
      ...process.env,
      LOG_LEVEL: "warn",
      HOST: "127.0.0.1",
      // Each process its own audit checkpoint file unless the test names one: the default
      // (./audit/checkpoints.txt in the checkout) would hold the head anchors of every database the
      // suite started, and verification reads them all.
      AUDIT_CHECKPOINT_FILE: path.join(os.tmpdir(), `rf-puntos-${puerto}-${Date.now()}.txt`),
      ...env,
      PORT: String(puerto),
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let texto = "";
  hijo.stdout?.on("data", (d) => {
    texto += d;
  });
  hijo.stderr?.on("data", (d) => {
    texto += d;
  });
  const fin = new Promise<[number | null, NodeJS.Signals | null]>((r) => hijo.on("exit", (c, s) => r([c, s])));
  const p = { puerto, hijo, salida: () => texto, fin };
  if (opts.esperar === false) return p;
  const limite = Date.now() + 90_000;
  let terminado = false;
  fin.then(() => {
    terminado = true;
  });
  while (Date.now() < limite && !terminado) {
    try {
      const r = await llamar(puerto, "GET", "/api/health");
      if (r.status === 200) return p;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  hijo.kill("SIGKILL");
  throw new Error(`server did not start:\n${texto}`);
}

export interface Respuesta {
  status: number;
  body: { success?: boolean; message?: string; token?: string; [k: string]: unknown };
}

const agente = new http.Agent({ keepAlive: true, maxSockets: 16 });

export function llamar(
  puerto: number,
  method: string,
  url: string,
  opts: { token?: string; body?: unknown; headers?: Record<string, string>; agent?: http.Agent | false } = {},
): Promise<Respuesta> {
  return new Promise((resolve, reject) => {
    const datos = opts.body === undefined ? undefined : JSON.stringify(opts.body);
    const req = http.request(
      {
        host: "127.0.0.1",
        port: puerto,
        method,
        path: url,
        agent: opts.agent ?? agente,
        timeout: 30_000,
        headers: {
          ...(datos ? { "content-type": "application/json" } : {}),
          ...(opts.token ? { authorization: `Bearer ${opts.token}` } : {}),
          ...opts.headers,
        },
      },
      (res) => {
        let t = "";
        res.setEncoding("utf8");
        res.on("data", (c) => {
          t += c;
        });
        res.on("end", () => {
          let body: Respuesta["body"] = {};
          try {
            body = JSON.parse(t);
          } catch {
            body = { message: t };
          }
          resolve({ status: res.statusCode ?? 0, body });
        });
      },
    );
    req.on("timeout", () => req.destroy(new Error("client timeout")));
    req.on("error", reject);
    req.end(datos);
  });
}

export async function iniciarSesion(puerto: number, usuario: string, password = "Demo.Firmas.2026") {
  const r = await llamar(puerto, "POST", "/api/Account/LogIn", { body: { userName: usuario, password } });
  if (!r.body.token) throw new Error(`sign-in failed: ${JSON.stringify(r.body)}`);
  return r.body.token;
}

export const esperar = (ms: number) => new Promise((r) => setTimeout(r, ms));
