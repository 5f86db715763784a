/**
 * The backups the app makes itself and the "Respaldos" screen's calls: failures first (401, 403,
 * not configured), then the daily schedule (not before BACKUP_HOUR, once a day, old files removed),
 * a failed backup told to the configuration administrators and tried again an hour later, and the
 * on-demand backup.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { MSG } from "@registro/contracts";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { avisos, respaldos } from "../../src/db/schema.js";
import { crearTestApp, type TestApp } from "../support/app.js";
import { idUsuario } from "../support/factories.js";
import { USUARIOS_DEMO } from "../support/peticiones.js";

const carpeta = fs.mkdtempSync(path.join(os.tmpdir(), "rf-respaldos-"));
afterAll(() => fs.rmSync(carpeta, { recursive: true, force: true }));

/** A clock the test moves: 2026-11-26 at the given hour in the country (UTC−4). */
function relojMovible(hora: number) {
  let ahora = Date.UTC(2026, 10, 26, hora + 4, 5);
  return {
    reloj: () => new Date(ahora),
    avanzar: (minutos: number) => {
      ahora += minutos * 60_000;
    },
  };
}

describe("GET and POST /api/Respaldos without BACKUP_DIR", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await crearTestApp();
  });
  afterAll(() => t.close());

  it("401 without a token", async () => {
    expect((await t.as(null, { method: "GET", url: "/api/Respaldos" })).statusCode).toBe(401);
    expect((await t.as(null, { method: "POST", url: "/api/Respaldos" })).statusCode).toBe(401);
  });

  it.each(USUARIOS_DEMO.filter((u) => u !== "configuracion"))("403 for %s", async (usuario) => {
    for (const method of ["GET", "POST"] as const) {
      const r = await t.as(usuario, { method, url: "/api/Respaldos" });
      expect(r.statusCode).toBe(403);
      expect(r.json()).toEqual({ success: false, message: MSG.noAutorizado });
    }
  });

  it("says backups are not scheduled, and refuses one now", async () => {
    const r = await t.as("configuracion", { method: "GET", url: "/api/Respaldos" });
    expect(r.json()).toMatchObject({ programados: false, carpeta: null, ultimoExito: null, respaldos: [] });
    const p = await t.as("configuracion", { method: "POST", url: "/api/Respaldos" });
    expect(p.json()).toEqual({ success: false, message: MSG.respaldosNoConfigurados });
    expect(await t.db.select().from(respaldos)).toEqual([]);
  });
});

describe("the daily backup", () => {
  it("runs once a day from BACKUP_HOUR, keeps BACKUP_KEEP days of files and lists them", {
    timeout: 180_000,
  }, async () => {
    const dir = path.join(carpeta, "diarios");
    fs.mkdirSync(dir);
    const viejo = path.join(dir, "respaldo-registro-firmas-2026-10-01-020000.tar");
    const ajeno = path.join(dir, "otro-archivo.tar");
    fs.writeFileSync(viejo, "x");
    fs.writeFileSync(ajeno, "x");
    const hace30dias = new Date(Date.UTC(2026, 9, 27));
    fs.utimesSync(viejo, hace30dias, hace30dias);
    fs.utimesSync(ajeno, hace30dias, hace30dias);
    const reloj = relojMovible(1);
    const t = await crearTestApp({ BACKUP_DIR: dir, BACKUP_HOUR: "2", BACKUP_KEEP: "7" }, { reloj: reloj.reloj });
    try {
      expect(await t.app.respaldos.revisarProgramacion()).toBe("temprano");
      reloj.avanzar(60);
      expect(await t.app.respaldos.revisarProgramacion()).toBe("hecho");
      expect(await t.app.respaldos.revisarProgramacion()).toBe("no-toca");
      const hechos = fs.readdirSync(dir).filter((f) => f.startsWith("respaldo-registro-firmas-2026-11-26-02"));
      expect(hechos).toHaveLength(1);
      expect(fs.existsSync(viejo)).toBe(false);
      expect(fs.existsSync(ajeno)).toBe(true);

      const r = (await t.as("configuracion", { method: "GET", url: "/api/Respaldos" })).json();
      expect(r).toMatchObject({ programados: true, carpeta: dir, hora: 2, conservarDias: 7 });
      expect(r.ultimoExito).not.toBeNull();
      expect(r.respaldos[0]).toMatchObject({ dia: "2026-11-26", programado: true, exito: true, error: null });
      expect(r.respaldos[0].archivo).toBe(path.join(dir, hechos[0]));
      expect(r.respaldos[0].bytes).toBe(fs.statSync(path.join(dir, hechos[0])).size);
      expect(r.respaldos[0].sha256).toMatch(/^[0-9a-f]{64}$/);

      // The next day it runs again.
      reloj.avanzar(24 * 60);
      expect(await t.app.respaldos.revisarProgramacion()).toBe("hecho");
    } finally {
      await t.close();
    }
  });

  it("tells the configuration administrators when it fails, and tries again an hour later", async () => {
    const noEsCarpeta = path.join(carpeta, "un-archivo");
    fs.writeFileSync(noEsCarpeta, "no es una carpeta");
    const reloj = relojMovible(3);
    const t = await crearTestApp({ BACKUP_DIR: noEsCarpeta }, { reloj: reloj.reloj });
    try {
      expect(await t.app.respaldos.revisarProgramacion()).toBe("fallido");
      const [fila] = await t.db.select().from(respaldos);
      expect(fila).toMatchObject({ exito: false, programado: true });
      expect(fila.error).toBeTruthy();
      const idConfiguracion = await idUsuario(t.db, "configuracion");
      const aviso = await t.db
        .select()
        .from(avisos)
        .where(and(eq(avisos.idUsuario, idConfiguracion), eq(avisos.tipo, "respaldo")));
      expect(aviso).toHaveLength(1);
      expect(aviso[0].titulo).toBe("El respaldo programado falló");
      const analista = await t.db
        .select()
        .from(avisos)
        .where(and(eq(avisos.idUsuario, await idUsuario(t.db, "analista")), eq(avisos.tipo, "respaldo")));
      expect(analista).toHaveLength(0);
      // Within the hour nothing is tried again (the failure's end is the database's now()).
      expect(await t.app.respaldos.revisarProgramacion()).toBe("no-toca");
    } finally {
      await t.close();
    }
  });
});

describe("POST /api/Respaldos", () => {
  it("starts a backup at once and lists it when it ends", { timeout: 120_000 }, async () => {
    const dir = path.join(carpeta, "a-pedido");
    const t = await crearTestApp({ BACKUP_DIR: dir });
    fs.mkdirSync(dir);
    try {
      const r = await t.as("configuracion", { method: "POST", url: "/api/Respaldos" });
      expect(r.json()).toEqual({ success: true, message: MSG.respaldoIniciado });
      let lista: { exito: boolean | null; programado: boolean }[] = [];
      for (let i = 0; i < 500; i++) {
        lista = (await t.as("configuracion", { method: "GET", url: "/api/Respaldos" })).json().respaldos;
        if (lista[0]?.exito !== null && lista[0]?.exito !== undefined) break;
        await new Promise((res) => setTimeout(res, 200));
      }
      expect(lista[0]).toMatchObject({ exito: true, programado: false });
      expect(fs.readdirSync(dir).filter((f) => f.endsWith(".tar"))).toHaveLength(1);
    } finally {
      await t.close();
    }
  });
});
