/**
 * Reliability pieces that run in-process: health and readiness, the trusted-proxy rule,
 * the sign-in rate limit shared through the database, the data-folder lock, and the recognition
 * of a lost database connection as 503.
 */
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { MSG } from "@registro/contracts";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { buildApp } from "../../src/app.js";
import { loadConfig } from "../../src/config.js";
import { bloquearCarpeta, CarpetaBloqueada } from "../../src/db/bloqueo.js";
import { esFallaDeConexion } from "../../src/db/fallas.js";
import { cargos, solicitudes } from "../../src/db/schema.js";
import { relojDelSistema } from "../../src/shared/tiempo.js";
import { crearTestApp } from "../support/app.js";
import { crearSolicitud } from "../support/factories.js";

const login = { method: "POST" as const, url: "/api/Account/LogIn", payload: { userName: "nadie", password: "x" } };

describe("health and readiness", () => {
  it("answers both without a session", async () => {
    const t = await crearTestApp();
    try {
      const h = await t.app.inject({ method: "GET", url: "/api/health" });
      expect(h.statusCode).toBe(200);
      expect(h.json()).toEqual({ status: "ok" });
      const r = await t.app.inject({ method: "GET", url: "/api/ready" });
      expect(r.statusCode).toBe(200);
      expect(r.json()).toEqual({ status: "ok" });
    } finally {
      await t.close();
    }
  });
});

describe("TRUST_PROXY", () => {
  it("parses false, true, hop counts and address lists; refuses garbage naming the setting", () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: "false" }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: "true" }).trustProxy).toBe(true);
    expect(loadConfig({ TRUST_PROXY: "2" }).trustProxy).toBe(2);
    expect(loadConfig({ TRUST_PROXY: "127.0.0.1, 10.0.0.0/8,::1" }).trustProxy).toEqual([
      "127.0.0.1",
      "10.0.0.0/8",
      "::1",
    ]);
    expect(() => loadConfig({ TRUST_PROXY: "cualquiera" })).toThrow(/TRUST_PROXY/);
    expect(() => loadConfig({ TRUST_PROXY: "10.0.0.0/99" })).toThrow(/TRUST_PROXY/);
  });

  it("believes X-Forwarded-For only from the named proxy", async () => {
    const t = await crearTestApp({ TRUST_PROXY: "127.0.0.1", LOGIN_RATE_LIMIT: "3" });
    try {
      // A client that is not the proxy cannot choose its address: made-up values all count as it.
      const directos: number[] = [];
      for (let i = 0; i < 5; i++) {
        const r = await t.app.inject({
          ...login,
          remoteAddress: "203.0.113.7",
          headers: { "x-forwarded-for": `198.51.100.${i}` },
        });
        directos.push(r.statusCode);
      }
      expect(directos).toEqual([200, 200, 200, 429, 429]);
      // Through the proxy, each forwarded address is its own client.
      for (let i = 0; i < 5; i++) {
        const r = await t.app.inject({
          ...login,
          remoteAddress: "127.0.0.1",
          headers: { "x-forwarded-for": `198.51.100.${i}` },
        });
        expect(r.statusCode).toBe(200);
      }
    } finally {
      await t.close();
    }
  });

  it("with a hop count trusts only the nearest proxy's entry", async () => {
    const t = await crearTestApp({ TRUST_PROXY: "1", LOGIN_RATE_LIMIT: "2" });
    try {
      const codes: number[] = [];
      for (let i = 0; i < 4; i++) {
        // The client prepends made-up entries; the proxy appends the real one (192.0.2.50).
        const r = await t.app.inject({
          ...login,
          remoteAddress: "127.0.0.1",
          headers: { "x-forwarded-for": `10.1.1.${i}, 192.0.2.50` },
        });
        codes.push(r.statusCode);
      }
      expect(codes).toEqual([200, 200, 429, 429]);
    } finally {
      await t.close();
    }
  });
});

describe("sign-in rate limit", () => {
  it("is shared by two app instances on one database", async () => {
    const t = await crearTestApp({ LOGIN_RATE_LIMIT: "4" });
    const config = loadConfig({ LOG_LEVEL: "silent", LOGIN_RATE_LIMIT: "4" });
    const otra = await buildApp({ db: t.db, config, reloj: relojDelSistema }, { logger: false });
    try {
      const codes: number[] = [];
      for (let i = 0; i < 6; i++) {
        const app = i % 2 === 0 ? t.app : otra;
        codes.push((await app.inject({ ...login, remoteAddress: "192.0.2.9" })).statusCode);
      }
      expect(codes).toEqual([200, 200, 200, 200, 429, 429]);
      const r = await otra.inject({ ...login, remoteAddress: "192.0.2.9" });
      expect(r.json().message).toBe(MSG.demasiadasSolicitudes);
    } finally {
      await otra.close();
      await t.close();
    }
  });
});

describe("data-folder lock", () => {
  it("refuses a folder held by a live process, naming it, and takes over a stale lock", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "rf-lock-"));
    const vivo = spawn(process.execPath, ["-e", "setTimeout(() => {}, 30000)"], { stdio: "ignore" });
    try {
      fs.writeFileSync(path.join(dir, "registro-firmas.lock"), `${vivo.pid}\n`);
      expect(() => bloquearCarpeta(dir)).toThrow(CarpetaBloqueada);
      expect(() => bloquearCarpeta(dir)).toThrow(dir);
      expect(() => bloquearCarpeta(dir)).toThrow(/en uso por otro proceso/);

      const muerto = spawn(process.execPath, ["-e", ""], { stdio: "ignore" });
      await new Promise((r) => muerto.on("exit", r));
      fs.writeFileSync(path.join(dir, "registro-firmas.lock"), `${muerto.pid}\n`);
      const liberar = bloquearCarpeta(dir);
      expect(fs.readFileSync(path.join(dir, "registro-firmas.lock"), "utf8").trim()).toBe(String(process.pid));
      liberar();
      expect(fs.existsSync(path.join(dir, "registro-firmas.lock"))).toBe(false);
    } finally {
      vivo.kill();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe("lost database connection", () => {
  it("is told apart from a failed statement, through drizzle's wrapper too", () => {
    const terminada = new Error("Connection terminated unexpectedly");
    expect(esFallaDeConexion(terminada)).toBe(true);
    expect(esFallaDeConexion(Object.assign(new Error("Failed query: insert …"), { cause: terminada }))).toBe(true);
    expect(esFallaDeConexion(Object.assign(new Error("terminating connection"), { code: "57P01" }))).toBe(true);
    expect(esFallaDeConexion(Object.assign(new Error("canceling statement"), { code: "57014" }))).toBe(true);
    expect(esFallaDeConexion(Object.assign(new Error("connect ECONNREFUSED"), { code: "ECONNREFUSED" }))).toBe(true);
    expect(esFallaDeConexion(new Error("timeout exceeded when trying to connect"))).toBe(true);
    expect(esFallaDeConexion(Object.assign(new Error("duplicate key"), { code: "23505" }))).toBe(false);
    expect(esFallaDeConexion(new Error("boom"))).toBe(false);
  });
});

describe("Idempotency-Key on creates", () => {
  const crear = (t: Awaited<ReturnType<typeof crearTestApp>>, usuario: string, clave: string, nombre: string) =>
    t.as(usuario, {
      method: "POST",
      url: "/api/Usuarios/CrearCargo",
      headers: { "idempotency-key": clave },
      payload: { Nombre: nombre, Descripcion: "Prueba", Tipo: 1 },
    });
  const contar = async (t: Awaited<ReturnType<typeof crearTestApp>>, nombre: string) =>
    (await t.db.select().from(cargos).where(eq(cargos.nombre, nombre))).length;

  it("a repeated key gets the first answer and creates once, also when both arrive together", async () => {
    const t = await crearTestApp();
    try {
      const a = await crear(t, "configuracion", "clave-0001-a", "Cargo idempotente A");
      expect(a.statusCode).toBe(200);
      expect(a.json().success).toBe(true);
      const b = await crear(t, "configuracion", "clave-0001-a", "Cargo idempotente A");
      expect(b.statusCode).toBe(200);
      expect(b.json()).toEqual(a.json());
      expect(b.headers["idempotent-replayed"]).toBe("true");
      expect(await contar(t, "Cargo idempotente A")).toBe(1);

      const [c, d] = await Promise.all([
        crear(t, "configuracion", "clave-0002-b", "Cargo idempotente B"),
        crear(t, "configuracion", "clave-0002-b", "Cargo idempotente B"),
      ]);
      expect(c.json()).toEqual(d.json());
      expect(await contar(t, "Cargo idempotente B")).toBe(1);
    } finally {
      await t.close();
    }
  });

  it("a key reused for another call gets 422 and runs nothing: another request's path, another body", async () => {
    const t = await crearTestApp();
    try {
      const [s35, s26] = [await crearSolicitud(t.db, { estatus: 101 }), await crearSolicitud(t.db, { estatus: 101 })];
      const asignar = (id: number) =>
        t.as("analista", {
          method: "POST",
          url: `/api/SolicitudFirma/AssignProcess/${id}`,
          headers: { "idempotency-key": "clave-asignar-K" },
        });
      const primera = await asignar(s35.idSolicitud);
      expect(primera.json()).toMatchObject({ success: true });
      const otra = await asignar(s26.idSolicitud);
      expect(otra.statusCode).toBe(422);
      expect(otra.json()).toEqual({ success: false, message: MSG.idempotenciaDistinta });
      const [fila] = await t.db.select().from(solicitudes).where(eq(solicitudes.idSolicitud, s26.idSolicitud));
      expect(fila.asignadoA).toBeNull();
      // The same call again is still the first one's answer.
      const repetida = await asignar(s35.idSolicitud);
      expect(repetida.headers["idempotent-replayed"]).toBe("true");

      // Same path, another body.
      expect((await crear(t, "configuracion", "clave-0004-e", "Cargo idempotente E")).json().success).toBe(true);
      const distinto = await crear(t, "configuracion", "clave-0004-e", "Cargo idempotente F");
      expect(distinto.statusCode).toBe(422);
      expect(await contar(t, "Cargo idempotente F")).toBe(0);
    } finally {
      await t.close();
    }
  });

  it("a refused call keeps no answer; a malformed key is a 400 on its field", async () => {
    const t = await crearTestApp();
    try {
      // A 400 is not kept: the corrected call with the same key runs.
      const mala = await crear(t, "configuracion", "clave-0003-c", "");
      expect(mala.statusCode).toBe(400);
      const buena = await crear(t, "configuracion", "clave-0003-c", "Cargo idempotente C");
      expect(buena.json().success).toBe(true);
      expect(buena.headers["idempotent-replayed"]).toBeUndefined();
      expect(await contar(t, "Cargo idempotente C")).toBe(1);

      const invalida = await crear(t, "configuracion", "no válida", "Cargo idempotente D");
      expect(invalida.statusCode).toBe(400);
      expect(invalida.json().errors).toEqual({ "Idempotency-Key": [MSG.idempotenciaInvalida] });
      expect(await contar(t, "Cargo idempotente D")).toBe(0);
    } finally {
      await t.close();
    }
  });
});
