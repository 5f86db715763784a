/**
 * PostgreSQL with two roles: the built server migrates as the database's owner
 * (DATABASE_MIGRATION_URL) and works as a role of its own (DATABASE_URL), which can read and append
 * to the audit trail but can neither change nor remove its rows, nor alter its tables or switch
 * their triggers off. The owner still can (so these refusals are the role's, not the tables').
 * With one URL, as earlier installs run, the app still starts and warns.
 */
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type Cluster,
  iniciarPostgres,
  iniciarServidor,
  iniciarSesion,
  llamar,
  type Proceso,
} from "./support/sistema.js";

let cluster: Cluster;
let app: Proceso;
let dir: string;
const url = (rol: string) => {
  const u = new URL(cluster.url);
  u.username = rol;
  u.pathname = "/registro";
  return u.toString();
};
const AVISO = "could switch the audit";

async function como<T>(rol: string, f: (c: pg.Client) => Promise<T>): Promise<T> {
  const c = new pg.Client({ connectionString: url(rol) });
  await c.connect();
  try {
    return await f(c);
  } finally {
    await c.end();
  }
}

beforeAll(async () => {
  cluster = await iniciarPostgres();
  const su = new pg.Client({ connectionString: cluster.url });
  await su.connect();
  await su.query("create role rf_dueno login");
  await su.query("create role rf_app login");
  await su.query("create database registro owner rf_dueno");
  await su.end();
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "rf-roles-"));
  app = await iniciarServidor({
    DATABASE_MIGRATION_URL: url("rf_dueno"),
    DATABASE_URL: url("rf_app"),
    DEMO_DATA: "true",
    AUDIT_KEY_FILE: path.join(dir, "audit.key"),
    AUDIT_CHECKPOINT_FILE: path.join(dir, "puntos.txt"),
  });
});

afterAll(() => {
  app?.hijo.kill("SIGKILL");
  cluster?.detener();
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

describe("the app's PostgreSQL role", () => {
  it("works as a role of its own: signs in, writes the audit trail, and the trail verifies", async () => {
    expect(await como("rf_app", async (c) => (await c.query("select current_user as r")).rows[0].r)).toBe("rf_app");
    const token = await iniciarSesion(app.puerto, "configuracion");
    const cargo = await llamar(app.puerto, "POST", "/api/Usuarios/CrearCargo", {
      token,
      body: { Nombre: "Cargo de los roles", Descripcion: "Prueba", Tipo: 1 },
    });
    expect(cargo.body.success, JSON.stringify(cargo.body)).toBe(true);
    const punto = await llamar(app.puerto, "POST", "/api/Auditoria/PuntoControl", { token });
    expect(punto.status, JSON.stringify(punto.body)).toBe(200);
    const v = await llamar(app.puerto, "GET", "/api/Auditoria/Verificar", { token });
    expect(v.body).toMatchObject({ integra: true });
    expect(Number(v.body.entradas)).toBeGreaterThanOrEqual(2);
    expect(app.salida()).not.toContain(AVISO);
    // The app's role owns nothing.
    const propias = await como("rf_app", (c) =>
      c.query("select relname from pg_class where relowner = (select oid from pg_roles where rolname = current_user)"),
    );
    expect(propias.rows).toEqual([]);
    // What the daily backup does as this role: pg_dump of the whole database.
    const version = fs.readdirSync("/usr/lib/postgresql").sort((a, b) => Number(b) - Number(a))[0];
    const volcado = spawnSync(
      `/usr/lib/postgresql/${version}/bin/pg_dump`,
      [
        "--format=custom",
        "--no-owner",
        "--no-acl",
        `--file=${path.join(dir, "copia.dump")}`,
        `--dbname=${url("rf_app")}`,
      ],
      { encoding: "utf8" },
    );
    expect(volcado.status, volcado.stderr).toBe(0);
  });

  it.each([
    "alter table auditoria disable trigger auditoria_inmutable",
    "alter table auditoria disable trigger all",
    "alter table auditoria_sello disable trigger user",
    "alter table auditoria_cabeza disable trigger user",
    "drop trigger auditoria_inmutable on auditoria",
    "create or replace function auditoria_inmutable() returns trigger language plpgsql as $$ begin return new; end $$",
    "update auditoria set accion = 'crear' where id_auditoria = (select max(id_auditoria) from auditoria)",
    "delete from auditoria where id_auditoria = (select max(id_auditoria) from auditoria)",
    "truncate auditoria",
    "update auditoria_sello set sello = 'x'",
    "delete from auditoria_sello",
    "update auditoria_cabeza set ultimo_id = 1",
    "delete from auditoria_cabeza",
  ])("refuses to the app's role: %s", async (sentencia) => {
    const error = await como("rf_app", (c) =>
      c.query(sentencia).then(
        () => null,
        (e: pg.DatabaseError) => e,
      ),
    );
    expect(error?.code, sentencia).toBe("42501");
  });

  it("the owner can do what the app's role cannot (the refusals above are the role's)", async () => {
    await como("rf_dueno", async (c) => {
      await c.query("alter table auditoria disable trigger auditoria_inmutable");
      await c.query("alter table auditoria enable trigger auditoria_inmutable");
    });
  });

  it("with one URL (the owner's, as earlier installs), the app still starts and warns", async () => {
    const solo = await iniciarServidor({
      DATABASE_URL: url("rf_dueno"),
      AUDIT_KEY_FILE: path.join(dir, "audit.key"),
      AUDIT_CHECKPOINT_FILE: path.join(dir, "puntos.txt"),
    });
    try {
      expect((await llamar(solo.puerto, "GET", "/api/ready")).status).toBe(200);
      await iniciarSesion(solo.puerto, "consultor");
      expect(solo.salida()).toContain(AVISO);
    } finally {
      solo.hijo.kill("SIGTERM");
      await solo.fin;
    }
  });
});
