/**
 * Test application on a real database: a fresh copy of the template (PGlite by default, a new
 * PostgreSQL database when TEST_PG_URL is set), the real app, and helpers to sign in as demo users.
 */
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from "fastify";
import pg from "pg";
import { inject } from "vitest";
import { buildApp } from "../../src/app.js";
import { derivarClave, establecerClave } from "../../src/auditoria/clave.js";
import { type Config, loadConfig } from "../../src/config.js";
import type { Db } from "../../src/db/client.js";
import * as schema from "../../src/db/schema.js";
import type { AppDeps } from "../../src/deps.js";
import { DEMO_PASSWORD } from "../../src/seed/demo.js";
import { relojDelSistema } from "../../src/shared/tiempo.js";
import { archivoPlantillaPglite, urlConBase } from "./plantilla.js";

export type UsuarioDemo =
  | "originador"
  | "originador2"
  | "analista"
  | "analista2"
  | "juridico"
  | "juridico2"
  | "administrador"
  | "consultor"
  | "configuracion"
  | "verificador";

/** The audit key of every test app (the tests' own; a real one lives outside the database). */
export const CLAVE_AUDITORIA_PRUEBAS = "clave-de-auditoria-de-las-pruebas-0123456789abcdef";

export interface TestApp {
  app: FastifyInstance;
  db: Db;
  kind: "pglite" | "postgres";
  config: Config;
  /** Signs in and returns the token (cached per user). */
  token(usuario: UsuarioDemo | string, password?: string): Promise<string>;
  /** app.inject with the user's token in the Authorization header. */
  as(usuario: UsuarioDemo | string | null, opts: InjectOptions): Promise<LightMyRequestResponse>;
  close(): Promise<void>;
}

/** While `activo`, every statement the test app's database runs is listed here (drizzle's logger). */
export const sentenciasRegistradas = { activo: false, lista: [] as string[] };
const registroSentencias = {
  logQuery(texto: string) {
    if (sentenciasRegistradas.activo) sentenciasRegistradas.lista.push(texto);
  },
};

async function abrirBase(): Promise<{
  db: Db;
  kind: TestApp["kind"];
  database: NonNullable<AppDeps["database"]>;
  close: () => Promise<void>;
}> {
  const pgUrl = process.env.TEST_PG_URL;
  if (pgUrl) {
    const nombre = `rf_test_${crypto.randomBytes(6).toString("hex")}`;
    const admin = new pg.Client({ connectionString: pgUrl });
    await admin.connect();
    await admin.query(`create database ${nombre} template ${inject("plantilla")}`);
    const url = urlConBase(pgUrl, nombre);
    const pool = new pg.Pool({ connectionString: url, max: 10 });
    // pool.end() does not wait for sockets to close: the forced drop below may reach a closing
    // client, whose "terminating connection" error must not surface as an unhandled error.
    pool.on("error", () => {});
    const db = drizzlePg(pool, { schema, logger: registroSentencias }) as unknown as Db;
    return {
      db,
      kind: "postgres",
      database: { kind: "postgres", url },
      close: async () => {
        await pool.end();
        await admin.query(`drop database if exists ${nombre} with (force)`);
        await admin.end();
      },
    };
  }
  const blob = new Blob([fs.readFileSync(archivoPlantillaPglite(inject("plantilla")))]);
  const client = await PGlite.create({ loadDataDir: blob });
  const db = drizzlePglite(client, { schema, logger: registroSentencias }) as unknown as Db;
  return { db, kind: "pglite", database: { kind: "pglite", pglite: client }, close: () => client.close() };
}

export async function crearTestApp(
  env: Record<string, string> = {},
  // Avisos: tests move the notices' clock and run the sender's rounds by hand.
  avisos: Partial<Pick<AppDeps, "reloj" | "segundoPlano">> = {},
): Promise<TestApp> {
  const base = await abrirBase();
  const config = loadConfig({
    LOG_LEVEL: "silent",
    LOGIN_RATE_LIMIT: "1000",
    RESET_RATE_LIMIT: "1000",
    AUDIT_KEY: CLAVE_AUDITORIA_PRUEBAS,
    // Each app its own checkpoint file, outside the repository.
    AUDIT_CHECKPOINT_FILE: path.join(os.tmpdir(), `rf-puntos-${crypto.randomBytes(6).toString("hex")}.txt`),
    ...env,
  });
  establecerClave(derivarClave(config.auditKey ?? CLAVE_AUDITORIA_PRUEBAS));
  const app = await buildApp(
    { db: base.db, config, reloj: relojDelSistema, segundoPlano: false, database: base.database, ...avisos },
    { logger: false },
  );
  await app.ready();
  const tokens = new Map<string, string>();
  const token = async (usuario: string, password = DEMO_PASSWORD) => {
    const cached = tokens.get(usuario);
    if (cached && password === DEMO_PASSWORD) return cached;
    const res = await app.inject({
      method: "POST",
      url: "/api/Account/LogIn",
      payload: { userName: usuario, password },
    });
    const body = res.json();
    if (!body.token) throw new Error(`login failed for ${usuario}: ${res.body}`);
    if (password === DEMO_PASSWORD) tokens.set(usuario, body.token);
    return body.token as string;
  };
  return {
    app,
    db: base.db,
    kind: base.kind,
    config,
    token,
    async as(usuario, opts) {
      const headers = { ...(opts.headers ?? {}) } as Record<string, string>;
      if (usuario) headers.authorization = await token(usuario);
      return app.inject({ ...opts, headers });
    },
    async close() {
      await app.close();
      await base.close();
      fs.rmSync(config.auditCheckpointFile, { force: true });
    },
  };
}
