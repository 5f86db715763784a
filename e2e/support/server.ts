/**
 * Starts the real app (the built server, `node server/dist/main.js` as `npm start` runs it, plus the
 * built web app) on a free port with its own embedded database holding the demo data, for one test
 * file. Requires `npm run build -w web` first (scripts/test.mjs does it); the server is built by the
 * global setup (support/plantilla.ts), which also seeds one template data folder: each file starts
 * on its own copy of it instead of migrating and seeding again.
 */
import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { inject } from "vitest";

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");

/**
 * Settings that change what the first start writes into a new data folder (the seed, the audit
 * key that seals it, the seal certificate created in it): a server started with any of them seeds
 * its own folder instead of copying the template.
 */
const AJUSTES_DE_LA_SIEMBRA = [
  "DATABASE_URL",
  "DATABASE_MIGRATION_URL",
  "DEMO_DATA",
  "PADRON_FILE",
  "AUDIT_KEY",
  "AUDIT_KEY_FILE",
  "SELLO_P12_FILE",
  "SELLO_P12_PASSWORD",
];

/** The country's date (UTC−4): demo data is seeded relative to it. */
export function fechaPais(): string {
  return new Date(Date.now() - 4 * 3600_000).toISOString().slice(0, 10);
}

/**
 * The audit checkpoints of a data folder: beside it (the app refuses them inside DATA_DIR), copied
 * with the template. The default, ./audit/checkpoints.txt under the repository, was shared by every
 * server the suite started: a checkpoint of another folder's trail then made "Verificar integridad"
 * report a broken chain.
 */
export const archivoPuntos = (dataDir: string) => `${dataDir}.puntos-auditoria.txt`;

export interface AppServer {
  url: string;
  port: number;
  dataDir: string;
  stop(): Promise<void>;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.listen(0, "127.0.0.1", () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
    srv.on("error", reject);
  });
}

/** Runs the built server on `dataDir` and waits until it serves the web app. */
export async function arrancar(
  dataDir: string,
  env: Record<string, string> = {},
): Promise<{ child: ChildProcess; url: string; port: number }> {
  const port = await freePort();
  env = Object.fromEntries(Object.entries(env).map(([k, v]) => [k, v.replaceAll("{PORT}", String(port))]));
  const child: ChildProcess = spawn(process.execPath, [path.join(root, "server", "dist", "main.js")], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      LOG_LEVEL: "warn",
      DATABASE_URL: "",
      AUDIT_CHECKPOINT_FILE: archivoPuntos(dataDir),
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout?.on("data", (d) => (output += d));
  child.stderr?.on("data", (d) => (output += d));
  const base = env.BASE_PATH ?? "";
  const url = `http://127.0.0.1:${port}${base}`;
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited early:\n${output}`);
    try {
      const res = await fetch(`${url}/`);
      if (res.ok) break;
    } catch {
      // not up yet
    }
    if (Date.now() > deadline) {
      child.kill("SIGKILL");
      throw new Error(`server did not start:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  return { child, url, port };
}

export async function detener(child: ChildProcess): Promise<void> {
  if (child.exitCode === null && child.signalCode === null) {
    const exited = new Promise((r) => child.once("exit", r));
    child.kill("SIGTERM");
    await exited;
  }
}

/**
 * The seeded data folder the suite's global setup left for every file to copy; none outside vitest
 * (the manual's screenshot scripts, run with tsx, seed their own server).
 */
function plantillaDeLaSuite(): ReturnType<typeof inject<"plantillaE2e">> | undefined {
  try {
    return inject("plantillaE2e");
  } catch {
    return undefined;
  }
}

/** `{PORT}` in a setting's value is the port chosen (PUBLIC_URL for WebAuthn's origin, say). */
export async function startServer(env: Record<string, string> = {}): Promise<AppServer> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "rf-e2e-"));
  const plantilla = plantillaDeLaSuite();
  const copiable =
    plantilla &&
    plantilla.fecha === fechaPais() &&
    fs.existsSync(plantilla.dir) &&
    !AJUSTES_DE_LA_SIEMBRA.some((k) => k in env);
  if (copiable) {
    fs.cpSync(plantilla.dir, dataDir, { recursive: true });
    if (fs.existsSync(archivoPuntos(plantilla.dir)))
      fs.copyFileSync(archivoPuntos(plantilla.dir), archivoPuntos(dataDir));
  }
  const { child, url, port } = await arrancar(dataDir, env);
  return {
    url,
    port,
    dataDir,
    async stop() {
      await detener(child);
      fs.rmSync(dataDir, { recursive: true, force: true });
      fs.rmSync(archivoPuntos(dataDir), { force: true });
    },
  };
}

declare module "vitest" {
  export interface ProvidedContext {
    /** The seeded template data folder and the country's date it was seeded on (none: seed per file). */
    plantillaE2e: { dir: string; fecha: string } | null;
  }
}
