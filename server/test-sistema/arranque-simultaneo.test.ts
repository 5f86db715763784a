/**
 * Two built-server processes started at the same instant on an empty PostgreSQL database, as
 * `systemctl enable --now registro-firmas@3001 registro-firmas@3002` does: both come up (no
 * `duplicate key … pg_type` from migrating twice at once), the first administrator exists once and
 * its one-time password is printed by exactly one of them, and it signs in on either process.
 * Once with one URL, once with the owner + app role split.
 */
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Cluster, iniciarPostgres, iniciarServidor, llamar, type Proceso, raiz } from "./support/sistema.js";

let cluster: Cluster;
let dir: string;
const vivos: Proceso[] = [];

beforeAll(async () => {
  cluster = await iniciarPostgres();
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "rf-simultaneo-"));
  const su = new pg.Client({ connectionString: cluster.url });
  await su.connect();
  await su.query("create role rf_dueno login");
  await su.query("create role rf_app login");
  await su.query("create database una owner rf_dueno");
  await su.query("create database dos owner rf_dueno");
  await su.query("create database tres owner rf_dueno");
  await su.end();
});

afterAll(() => {
  for (const p of vivos) p.hijo.kill("SIGKILL");
  cluster?.detener();
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

const url = (rol: string, base: string) => {
  const u = new URL(cluster.url);
  u.username = rol;
  u.pathname = `/${base}`;
  return u.toString();
};

const CLAVE = /One-time password: (\S+)/;

async function dosALaVez(env: Record<string, string>, estado: string) {
  fs.mkdirSync(estado, { recursive: true, mode: 0o700 });
  const comun = {
    ...env,
    LOG_LEVEL: "warn",
    DATA_DIR: estado,
    AUDIT_KEY_FILE: path.join(estado, "..", `${path.basename(estado)}-audit.key`),
    AUDIT_CHECKPOINT_FILE: path.join(estado, "..", `${path.basename(estado)}-puntos.txt`),
  };
  const procesos = await Promise.all([iniciarServidor(comun), iniciarServidor(comun)]);
  vivos.push(...procesos);
  const salidas = procesos.map((p) => p.salida());
  const claves = salidas.map((s) => s.match(CLAVE)?.[1]).filter((c): c is string => c !== undefined);
  expect(claves, salidas.join("\n----\n")).toHaveLength(1);
  for (const s of salidas) expect(s).not.toContain("duplicate key");
  // The printed password opens the admin's account on either process (it must be changed first).
  for (const p of procesos) {
    const r = await llamar(p.puerto, "POST", "/api/Account/LogIn", {
      body: { userName: "admin", password: claves[0] },
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.success, JSON.stringify(r.body)).toBe(true);
  }
  for (const p of procesos) {
    p.hijo.kill("SIGTERM");
    expect((await p.fin)[0]).toBe(0);
  }
  return procesos;
}

describe("two processes starting at once on an empty PostgreSQL database", () => {
  it("one URL: both come up, one administrator, its password printed once", async () => {
    await dosALaVez({ DATABASE_URL: url("rf_dueno", "una") }, path.join(dir, "una"));
    const c = new pg.Client({ connectionString: url("rf_dueno", "una") });
    await c.connect();
    const { rows } = await c.query("select count(*)::int as n from usuarios where usuario = 'admin'");
    await c.end();
    expect(rows[0].n).toBe(1);
  });

  it("owner and app role: both come up and both grant the app's role its rights", async () => {
    await dosALaVez(
      { DATABASE_MIGRATION_URL: url("rf_dueno", "dos"), DATABASE_URL: url("rf_app", "dos") },
      path.join(dir, "dos"),
    );
  });

  it("importar on a database the app never prepared refuses in Spanish, without a raw query error", async () => {
    const r = spawnSync(
      process.execPath,
      [
        "--import",
        "tsx",
        "server/src/importacion/importar.cli.ts",
        "--",
        path.join(raiz, "deploy/registro-firmas.env"),
      ],
      {
        cwd: raiz,
        encoding: "utf8",
        env: { ...process.env, DATABASE_URL: url("rf_dueno", "tres"), AUDIT_KEY: "k".repeat(40), LOG_LEVEL: "warn" },
      },
    );
    expect(r.status, r.stderr).toBe(2);
    expect(r.stderr).toContain("La base de datos no está preparada");
    expect(r.stderr).not.toContain("Failed query");
  });
});
