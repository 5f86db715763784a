/**
 * The real server as a child process (the production command, `node server/dist/main.js`, built
 * here when the sources changed) on a data folder that outlives it, so a test can kill it (SIGKILL,
 * no clean shutdown) and start it again on the same data.
 */
import { type ChildProcess, spawn } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { PGlite } from "@electric-sql/pglite";
import pg from "pg";
import { inject } from "vitest";
import { ensureServerBuild, serverEntry } from "../../../scripts/lib.mjs";
import { archivoPlantillaPglite, urlConBase } from "./plantilla.js";

const raiz = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../..");

export interface Proceso {
  url: string;
  /** Everything the process wrote so far (stdout and stderr). */
  salida(): string;
  matar(): Promise<void>;
  detener(): Promise<void>;
}

export function puertoLibre(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.listen(0, "127.0.0.1", () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
    srv.on("error", reject);
  });
}

/**
 * A database for child servers, copied from the test template (catalogues and demo data, so the
 * child starts without seeding): a PGlite data folder, or a new PostgreSQL database with TEST_PG_URL.
 */
export async function baseParaProcesos(): Promise<{ env: Record<string, string>; borrar(): Promise<void> }> {
  const pgUrl = process.env.TEST_PG_URL;
  if (pgUrl) {
    const nombre = `rf_test_${crypto.randomBytes(6).toString("hex")}`;
    const admin = new pg.Client({ connectionString: pgUrl });
    await admin.connect();
    await admin.query(`create database ${nombre} template ${inject("plantilla")}`);
    return {
      env: { DATABASE_URL: urlConBase(pgUrl, nombre) },
      async borrar() {
        await admin.query(`drop database if exists ${nombre} with (force)`);
        await admin.end();
      },
    };
  }
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "rf-avisos-"));
  const volcado = new Blob([fs.readFileSync(archivoPlantillaPglite(inject("plantilla")))]);
  const copia = await PGlite.create(path.join(dataDir, "pgdata"), { loadDataDir: volcado });
  await copia.close();
  return {
    env: { DATA_DIR: dataDir, DATABASE_URL: "" },
    async borrar() {
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export async function iniciarProceso(env: Record<string, string>): Promise<Proceso> {
  await ensureServerBuild();
  const puerto = await puertoLibre();
  const hijo: ChildProcess = spawn(process.execPath, [serverEntry], {
    cwd: raiz,
    env: { ...process.env, PORT: String(puerto), HOST: "127.0.0.1", LOG_LEVEL: "warn", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let salida = "";
  hijo.stdout?.on("data", (d) => (salida += d));
  hijo.stderr?.on("data", (d) => (salida += d));
  const url = `http://127.0.0.1:${puerto}`;
  const limite = Date.now() + 90_000;
  for (;;) {
    if (hijo.exitCode !== null) throw new Error(`the server exited:\n${salida}`);
    try {
      const res = await fetch(`${url}/api/openapi.json`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > limite) throw new Error(`the server did not start:\n${salida}`);
    await new Promise((r) => setTimeout(r, 250));
  }
  const terminar = async (senal: NodeJS.Signals) => {
    if (hijo.exitCode !== null || hijo.signalCode !== null) return;
    const fin = new Promise((r) => hijo.once("exit", r));
    hijo.kill(senal);
    await fin;
  };
  return { url, salida: () => salida, matar: () => terminar("SIGKILL"), detener: () => terminar("SIGTERM") };
}

/** Signs in and returns a function making authenticated JSON calls. */
export async function sesion(url: string, usuario: string) {
  const res = await fetch(`${url}/api/Account/LogIn`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ userName: usuario, password: "Demo.Firmas.2026" }),
  });
  const { token } = (await res.json()) as { token: string };
  return async (method: string, ruta: string, cuerpo?: unknown): Promise<unknown> => {
    const r = await fetch(`${url}${ruta}`, {
      method,
      headers: { authorization: token, ...(cuerpo === undefined ? {} : { "content-type": "application/json" }) },
      body: cuerpo === undefined ? undefined : JSON.stringify(cuerpo),
    });
    return r.json();
  };
}
