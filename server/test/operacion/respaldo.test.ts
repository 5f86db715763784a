/**
 * The restore drill: a seeded registry takes requests, documents and decisions through the API,
 * is backed up while those writes go on, and is restored into a fresh database (PGlite, or a new
 * PostgreSQL database when TEST_PG_URL is set). The restored registry must hold exactly what the
 * backup's snapshot held — every request whole or absent, every file's bytes and SHA-256 as
 * stored, every row as it was — its audit chain must verify and its users must sign in. A backup
 * with one byte changed, and a restore into a database that is not empty, are refused.
 */
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import type { FastifyInstance } from "fastify";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { buildApp } from "../../src/app.js";
import { claveEstablecida, derivarClave, establecerClave } from "../../src/auditoria/clave.js";
import { loadConfig } from "../../src/config.js";
import { type Database, type Db, openDatabase } from "../../src/db/client.js";
import * as schema from "../../src/db/schema.js";
import { RespaldoRechazado, respaldar, restaurar } from "../../src/operacion/respaldo.js";
import { DEMO_PASSWORD } from "../../src/seed/demo.js";
import { relojDelSistema } from "../../src/shared/tiempo.js";
import { CLAVE_AUDITORIA_PRUEBAS } from "../support/app.js";
import { cargoDeTipo } from "../support/factories.js";
import { camposSolicitud, cuatroDocumentos, multipart } from "../support/formularios.js";
import { archivoPlantillaPglite, urlConBase } from "../support/plantilla.js";

const pgUrl = process.env.TEST_PG_URL;
const carpeta = fs.mkdtempSync(path.join(os.tmpdir(), "rf-simulacro-"));
const bases: string[] = [];

interface Fuente {
  db: Db;
  database: Database;
  url?: string;
  cerrar(): Promise<void>;
}

async function nuevaBasePg(plantilla?: string): Promise<string> {
  const nombre = `rf_resp_${crypto.randomBytes(5).toString("hex")}`;
  const admin = new pg.Client({ connectionString: pgUrl });
  await admin.connect();
  await admin.query(`create database ${nombre}${plantilla ? ` template ${plantilla}` : ""}`);
  await admin.end();
  bases.push(nombre);
  return urlConBase(pgUrl as string, nombre);
}

async function abrirFuente(): Promise<Fuente> {
  if (pgUrl) {
    const url = await nuevaBasePg(inject("plantilla"));
    const pool = new pg.Pool({ connectionString: url, max: 10 });
    pool.on("error", () => {});
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    return {
      db,
      url,
      database: { db, kind: "postgres", url, nuevo: false, close: () => pool.end() },
      cerrar: () => pool.end(),
    };
  }
  const client = await PGlite.create({
    loadDataDir: new Blob([fs.readFileSync(archivoPlantillaPglite(inject("plantilla")))]),
  });
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  return {
    db,
    database: { db, kind: "pglite", pglite: client, nuevo: false, close: () => client.close() },
    cerrar: () => client.close(),
  };
}

const filas = async (db: Db, texto: string) =>
  ((await db.execute(texto)) as unknown as { rows: Record<string, unknown>[] }).rows;

/** Each row of the table as text, by its key: what "the same row" means below. */
async function filasPorClave(db: Db, tabla: string, clave: string): Promise<Map<string, string>> {
  const r = await filas(db, `select ${clave}::text as k, md5(t::text) as h from ${tabla} t`);
  return new Map(r.map((f) => [String(f.k), String(f.h)]));
}

let fuente: Fuente;
let app: FastifyInstance;
let token: (u: string) => Promise<string>;
let cargoI: number;

beforeAll(async () => {
  fuente = await abrirFuente();
  establecerClave(derivarClave(CLAVE_AUDITORIA_PRUEBAS));
  const config = loadConfig({ LOG_LEVEL: "silent", LOGIN_RATE_LIMIT: "1000" });
  app = await buildApp({ db: fuente.db, config, reloj: relojDelSistema, segundoPlano: false }, { logger: false });
  await app.ready();
  const tokens = new Map<string, string>();
  token = async (u) => {
    if (!tokens.has(u)) {
      const r = await app.inject({
        method: "POST",
        url: "/api/Account/LogIn",
        payload: { userName: u, password: DEMO_PASSWORD },
      });
      tokens.set(u, r.json().token);
    }
    return tokens.get(u) as string;
  };
  cargoI = await cargoDeTipo(fuente.db, 1);
});

afterAll(async () => {
  await app?.close();
  await fuente?.cerrar();
  if (pgUrl && bases.length) {
    const admin = new pg.Client({ connectionString: pgUrl });
    await admin.connect();
    for (const b of bases) await admin.query(`drop database if exists ${b} with (force)`);
    await admin.end();
  }
  fs.rmSync(carpeta, { recursive: true, force: true });
});

async function crearPorApi(): Promise<number> {
  const cuerpo = multipart(camposSolicitud(cargoI), cuatroDocumentos());
  const res = await app.inject({
    method: "POST",
    url: "/api/SolicitudFirma/solicitud",
    payload: cuerpo.payload,
    headers: { ...cuerpo.headers, authorization: await token("originador") },
  });
  expect(res.json().success, res.body).toBe(true);
  return res.json().data.idSolicitud;
}

async function decidir(accion: string, id: number, usuario: string) {
  const res = await app.inject({
    method: "POST",
    url: `/api/SolicitudFirma/${accion}/${id}`,
    headers: { authorization: await token(usuario) },
  });
  return res.json().success === true;
}

/** A fresh, empty destination of the same engine. */
async function destinoVacio(): Promise<{ databaseUrl?: string; dataDir?: string }> {
  if (pgUrl) return { databaseUrl: await nuevaBasePg() };
  return { dataDir: fs.mkdtempSync(path.join(carpeta, "datos-")) };
}

async function abrirDestino(d: { databaseUrl?: string; dataDir?: string }) {
  return openDatabase(d.databaseUrl ? { databaseUrl: d.databaseUrl } : { dataDir: d.dataDir });
}

let nuevo: { databaseUrl?: string; dataDir?: string };

describe("backup and restore", () => {
  let archivo: string;
  let restaurada: Database;
  let destino: { databaseUrl?: string; dataDir?: string };

  it("backs up while writes go on, and restores exactly the backup's snapshot", async () => {
    // Writes before the backup: a request filed through the API, and decisions on sent ones.
    const antes = await crearPorApi();
    const enviadas = (await filas(fuente.db, "select id_solicitud from solicitudes where estatus = 101 order by 1"))
      .map((f) => Number(f.id_solicitud))
      .slice(0, 4);
    expect(enviadas.length).toBeGreaterThan(1);
    expect(await decidir("AssignProcess", enviadas[0], "analista")).toBe(true);
    expect(await decidir("AprobarRcc", enviadas[0], "analista")).toBe(true);

    // Writes during the backup: new requests and decisions, until it ends.
    let seguir = true;
    const creadasDurante: number[] = [];
    const escritor = (async () => {
      let i = 1;
      while (seguir) {
        creadasDurante.push(await crearPorApi());
        const id = enviadas[i++];
        if (id !== undefined) {
          await decidir("AssignProcess", id, "analista");
          await decidir("AprobarRcc", id, "analista");
        }
      }
    })();
    archivo = path.join(carpeta, "respaldo.tar");
    await new Promise((r) => setTimeout(r, 50));
    const manifiesto = await respaldar(fuente.database, archivo, relojDelSistema());
    seguir = false;
    await escritor;
    expect(creadasDurante.length, "requests filed while the backup ran").toBeGreaterThan(0);
    expect(manifiesto.motor).toBe(pgUrl ? "postgres" : "pglite");
    expect(manifiesto.tablas.solicitudes).toBeGreaterThan(0);
    expect(manifiesto.auditoria.entradas).toBeGreaterThan(0);

    destino = await destinoVacio();
    const r = await restaurar(archivo, destino, () => {}, { clave: claveEstablecida(), puntos: [] });
    expect(r.conClave).toBe(true);
    expect(r.entradasAuditoria).toBe(manifiesto.auditoria.entradas);
    restaurada = await abrirDestino(destino);
    const db = restaurada.db;

    // Counts as the manifest says, and the audit head it recorded.
    for (const [tabla, n] of Object.entries(manifiesto.tablas)) {
      const [f] = await filas(db, `select count(*)::int as n from "${tabla}"`);
      expect(Number(f.n), tabla).toBe(n);
    }
    const [cabeza] = await filas(db, "select id_auditoria::bigint as id, hash from auditoria order by 1 desc limit 1");
    expect(Number(cabeza.id)).toBe(manifiesto.auditoria.ultimaId);
    expect(cabeza.hash).toBe(manifiesto.auditoria.ultimoHash);

    // The request filed before the backup is there; each one filed during it is whole or absent.
    const ids = new Set((await filas(db, "select id_solicitud from solicitudes")).map((f) => Number(f.id_solicitud)));
    expect(ids.has(antes)).toBe(true);
    for (const id of creadasDurante) {
      const [f] = await filas(
        db,
        `select (select count(*) from adjuntos where id_solicitud = ${id})::int as docs,
                (select count(*) from solicitudes where id_solicitud = ${id})::int as sol`,
      );
      expect([0, 4], `documents of request ${id}`).toContain(Number(f.docs));
      expect(Number(f.docs) === 4, `request ${id} whole or absent`).toBe(Number(f.sol) === 1);
    }

    // Every file: bytes that hash to the stored SHA-256, the same row as in the registry.
    const archivos = await filas(
      db,
      "select id_adjunto, sha256, encode(sha256(contenido), 'hex') as calculado from adjuntos",
    );
    expect(archivos.length).toBeGreaterThan(0);
    for (const a of archivos) expect(a.calculado, `file ${a.id_adjunto}`).toBe(a.sha256);

    // Rows nobody changed after the backup are the same row for row: files, history, audit trail,
    // incumbents, officials, users.
    for (const [tabla, clave] of [
      ["adjuntos", "id_adjunto"],
      ["historial", "id_historial"],
      ["auditoria", "id_auditoria"],
      ["incumbentes", "id_incumbente"],
      ["funcionarios", "id_funcionario"],
      ["usuarios", "id_usuario"],
    ] as const) {
      const enRegistro = await filasPorClave(fuente.db, tabla, clave);
      const enCopia = await filasPorClave(db, tabla, clave);
      for (const [k, h] of enCopia) expect(enRegistro.get(k), `${tabla} ${k}`).toBe(h);
    }
  }, 180_000);

  it("lets the users sign in on the restored registry", async () => {
    const config = loadConfig({ LOG_LEVEL: "silent" });
    const copia = await buildApp(
      { db: restaurada.db, config, reloj: relojDelSistema, segundoPlano: false },
      { logger: false },
    );
    try {
      const res = await copia.inject({
        method: "POST",
        url: "/api/Account/LogIn",
        payload: { userName: "analista", password: DEMO_PASSWORD },
      });
      expect(res.json()).toMatchObject({ success: true });
      expect(typeof res.json().token).toBe("string");
    } finally {
      await copia.close();
      await restaurada.close();
    }
  });

  it("refuses a restore into a database that is not empty", async () => {
    await expect(restaurar(archivo, destino)).rejects.toThrow(RespaldoRechazado);
    await expect(restaurar(archivo, destino)).rejects.toThrow(/no está vací[oa]/);
  });

  it("refuses a backup with any one byte changed", async () => {
    const bytes = fs.readFileSync(archivo);
    // The manifest, the database part's first and middle bytes, a header, padding, the digest, the end.
    const posiciones = [10, 600, 1100, Math.floor(bytes.length / 2), bytes.length - 1100, bytes.length - 1];
    for (const p of posiciones) {
      const alterado = Buffer.from(bytes);
      alterado[p] ^= 0x01;
      const ruta = path.join(carpeta, `alterado-${p}.tar`);
      fs.writeFileSync(ruta, alterado);
      await expect(restaurar(ruta, await destinoVacio()), `byte ${p}`).rejects.toThrow(RespaldoRechazado);
    }
    const truncado = path.join(carpeta, "truncado.tar");
    fs.writeFileSync(truncado, bytes.subarray(0, bytes.length - 512));
    await expect(restaurar(truncado, await destinoVacio())).rejects.toThrow(RespaldoRechazado);
  });

  it("a restored registry inherits no run in progress nor the source server's backup files, and says so", async () => {
    await fuente.db.execute(`insert into respaldos (dia, programado, inicio, fin, exito, archivo, bytes, sha256)
      values ('2026-11-01', true, now(), now(), true, '/var/lib/origen/respaldos/uno.tar', 10, 'x'),
             ('2026-11-02', false, now(), null, null, null, null, null)`);
    await fuente.db.execute(
      `insert into importaciones (archivo, sha256, estado) values ('origen.csv', 'x', 'validando')`,
    );
    const copia = path.join(carpeta, "honesto.tar");
    await respaldar(fuente.database, copia, relojDelSistema());
    const lineas: string[] = [];
    const r = await restaurar(copia, await destinoVacio().then((d) => (nuevo = d)), (l) => lineas.push(l));
    expect(r.dejados).toEqual({ respaldos: 2, importacionesInterrumpidas: 1 });
    expect(lineas.join("\n")).toMatch(/Dejado fuera: 2 registros de respaldos del servidor de origen/);
    const d = await abrirDestino(nuevo);
    try {
      expect(await filas(d.db, "select * from respaldos")).toEqual([]);
      const [imp] = await filas(d.db, "select estado, error from importaciones where archivo = 'origen.csv'");
      expect(imp.estado).toBe("fallida");
      expect(String(imp.error)).toContain("restauró");
    } finally {
      await d.close();
    }
  });
});
