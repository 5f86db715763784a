/**
 * Second factor: the two-step sign-in (TOTP, recovery codes, the challenge's limits), the user's
 * own factors, the profile's policy and the administrator's reset, on a real database. Passkeys
 * are signed by Chromium's virtual authenticator in e2e/tests/segundo-factor.test.ts.
 */

import crypto from "node:crypto";
import { PGlite } from "@electric-sql/pglite";
import { MSG, MSG_SEGUNDO_FACTOR, PERFILES_CON_SEGUNDO_FACTOR } from "@registro/contracts";
import { and, eq, sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/pglite";
import * as OTPAuth from "otpauth";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { prepararBase } from "../../src/bootstrap.js";
import { type Database, type Db, openDatabase } from "../../src/db/client.js";
import * as schema from "../../src/db/schema.js";
import { auditoria, avisos, bloqueosAcceso, correos, desafios, perfiles } from "../../src/db/schema.js";
import { DEMO_PASSWORD } from "../../src/seed/demo.js";
import { crearTestApp, type TestApp } from "../support/app.js";
import { idUsuario } from "../support/factories.js";
import { urlConBase } from "../support/plantilla.js";

let t: TestApp;

async function baseNueva(): Promise<Database> {
  const pgUrl = process.env.TEST_PG_URL;
  if (!pgUrl) {
    const client = await PGlite.create();
    return {
      db: drizzle(client, { schema }) as unknown as Db,
      kind: "pglite",
      nuevo: true,
      close: () => client.close(),
    };
  }
  const nombre = `rf_test_prod_${crypto.randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: pgUrl });
  await admin.connect();
  await admin.query(`create database ${nombre}`);
  const database = await openDatabase({ databaseUrl: urlConBase(pgUrl, nombre) });
  return {
    ...database,
    close: async () => {
      await database.close();
      await admin.query(`drop database if exists ${nombre} with (force)`);
      await admin.end();
    },
  };
}
// The clock TOTP codes are checked against: tests move it instead of waiting 30 s.
let ahora = new Date("2026-11-26T12:00:00Z");
const avanzar = (s: number) => {
  ahora = new Date(ahora.getTime() + s * 1000);
};
beforeAll(async () => {
  t = await crearTestApp({}, { reloj: () => ahora });
});
afterAll(() => t.close());

const LOGIN = "/api/Account/LogIn";
const SEGUNDO = "/api/Account/LogIn/SegundoFactor";

function codigoDe(secreto: string, en = ahora) {
  return new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secreto) }).generate({ timestamp: en.getTime() });
}

/** Enrols an authenticator app for the user; its secret and the recovery codes. */
async function enrolarApp(token: string) {
  const ini = await t.app.inject({
    method: "POST",
    url: "/api/SegundoFactor/App/Iniciar",
    headers: { authorization: token },
  });
  expect(ini.statusCode).toBe(200);
  const { secreto, uri, qr } = ini.json().data;
  expect(uri).toContain("otpauth://totp/");
  expect(qr).toMatch(/^data:image\/png;base64,/);
  const res = await t.app.inject({
    method: "POST",
    url: "/api/SegundoFactor/App",
    headers: { authorization: token },
    payload: { nombre: "Teléfono", codigo: codigoDe(secreto) },
  });
  expect(res.json()).toMatchObject({ success: true, message: MSG_SEGUNDO_FACTOR.factorAgregado });
  return { secreto: secreto as string, codigos: res.json().data.codigosRecuperacion as string[] };
}

async function loginPassword(usuario: string, ip?: string) {
  return t.app.inject({
    method: "POST",
    url: LOGIN,
    payload: { userName: usuario, password: DEMO_PASSWORD },
    remoteAddress: ip,
  });
}

async function desafioDe(usuario: string, ip?: string): Promise<string> {
  const r = (await loginPassword(usuario, ip)).json();
  expect(r).toMatchObject({ success: true, segundoFactor: true });
  expect(r.token).toBeUndefined();
  return r.desafio;
}

function segundo(payload: Record<string, unknown>, ip?: string) {
  return t.app.inject({ method: "POST", url: SEGUNDO, payload, remoteAddress: ip });
}

describe("the user's factors (api/SegundoFactor)", () => {
  it("401 without a session", async () => {
    for (const [method, url] of [
      ["GET", "/api/SegundoFactor"],
      ["POST", "/api/SegundoFactor/App/Iniciar"],
      ["POST", "/api/SegundoFactor/App"],
      ["POST", "/api/SegundoFactor/Passkey/Opciones"],
      ["POST", "/api/SegundoFactor/Passkey"],
      ["POST", "/api/SegundoFactor/CodigosRecuperacion"],
      ["PUT", "/api/SegundoFactor/1"],
      ["DELETE", "/api/SegundoFactor/1"],
    ] as const) {
      const res = await t.app.inject({
        method,
        url,
        payload: method === "GET" || method === "DELETE" ? undefined : {},
      });
      expect(res.statusCode, `${method} ${url}`).toBe(401);
    }
  });

  it("400 for a code that is not six digits, an empty name, a malformed passkey", async () => {
    const token = await t.token("analista2");
    const app = await t.app.inject({
      method: "POST",
      url: "/api/SegundoFactor/App",
      headers: { authorization: token },
      payload: { nombre: " ", codigo: "12ab" },
    });
    expect(app.statusCode).toBe(400);
    expect(app.json().errors).toMatchObject({
      nombre: [MSG_SEGUNDO_FACTOR.nombreRequerido],
      codigo: [MSG_SEGUNDO_FACTOR.codigoFormato],
    });
    const llave = await t.app.inject({
      method: "POST",
      url: "/api/SegundoFactor/Passkey",
      headers: { authorization: token },
      payload: { nombre: "Llave", credencial: { id: "x" } },
    });
    expect(llave.statusCode).toBe(400);
    expect(Object.keys(llave.json().errors).some((k) => k.startsWith("credencial"))).toBe(true);
  });

  it("a wrong first code is refused on the field; the app is kept pending, not enrolled", async () => {
    const token = await t.token("analista2");
    const ini = await t.app.inject({
      method: "POST",
      url: "/api/SegundoFactor/App/Iniciar",
      headers: { authorization: token },
    });
    const { secreto } = ini.json().data;
    const malo = String((Number(codigoDe(secreto)) + 1) % 1_000_000).padStart(6, "0");
    const res = await t.app.inject({
      method: "POST",
      url: "/api/SegundoFactor/App",
      headers: { authorization: token },
      payload: { nombre: "App", codigo: malo },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({ codigo: [MSG_SEGUNDO_FACTOR.codigoIncorrecto] });
    const estado = await t.app.inject({ method: "GET", url: "/api/SegundoFactor", headers: { authorization: token } });
    expect(estado.json()).toEqual({ requerido: false, factores: [], codigosRestantes: 0 });
    // Still signs in with the password alone.
    expect((await loginPassword("analista2")).json().token).toBeDefined();
  });

  it("another user's factor is not found; passkey options come from PUBLIC_URL's host", async () => {
    const consultor = await t.token("consultor");
    const { secreto } = await enrolarApp(consultor);
    expect(secreto).toMatch(/^[A-Z2-7]{32}$/);
    const [f] = (
      await t.app.inject({ method: "GET", url: "/api/SegundoFactor", headers: { authorization: consultor } })
    ).json().factores;
    const otro = await t.as("juridico2", { method: "DELETE", url: `/api/SegundoFactor/${f.idFactor}` });
    expect(otro.statusCode).toBe(404);
    const opciones = await t.as("juridico2", {
      method: "POST",
      url: "/api/SegundoFactor/Passkey/Opciones",
      headers: { host: "atacante.example" },
    });
    expect(opciones.json().rp).toEqual({ name: "Registro de Firmas", id: "localhost" });
    expect(opciones.json().challenge).toMatch(/^[A-Za-z0-9_-]+$/);
  });
});

describe("POST api/Account/LogIn with a second factor", () => {
  let secreto: string;
  let codigos: string[];
  beforeAll(async () => {
    ({ secreto, codigos } = await enrolarApp(await t.token("juridico")));
    expect(codigos).toHaveLength(10);
    expect(new Set(codigos).size).toBe(10);
  });

  it("users without a factor get today's answer", async () => {
    const r = (await loginPassword("originador")).json();
    expect(Object.keys(r).sort()).toEqual(["message", "success", "token"]);
  });

  it("answers a challenge and the methods, without a token; a wrong password is still the generic refusal", async () => {
    const r = (await loginPassword("juridico")).json();
    expect(r).toEqual({
      success: true,
      message: MSG_SEGUNDO_FACTOR.loginSegundoFactor,
      segundoFactor: true,
      desafio: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
      metodos: ["totp", "recuperacion"],
    });
    const mal = await t.app.inject({
      method: "POST",
      url: LOGIN,
      payload: { userName: "juridico", password: "otra-cosa-mala" },
    });
    expect(mal.json()).toEqual({ success: false, message: MSG.loginFallido });
  });

  it("400 without a method, with two, with a code that is not six digits, without the challenge", async () => {
    const desafio = await desafioDe("juridico");
    const casos: [Record<string, unknown>, string][] = [
      [{ desafio }, "codigo"],
      [{ desafio, codigo: "123456", codigoRecuperacion: "AAAA" }, "codigo"],
      [{ desafio, codigo: "12345" }, "codigo"],
      [{ codigo: "123456" }, "desafio"],
    ];
    for (const [payload, campo] of casos) {
      const res = await segundo(payload);
      expect(res.statusCode).toBe(400);
      expect(res.json().errors[campo]).toBeDefined();
    }
  });

  it("the right code gives the token; the same code never serves twice", async () => {
    avanzar(60);
    const codigo = codigoDe(secreto);
    const r = (await segundo({ desafio: await desafioDe("juridico"), codigo })).json();
    expect(Object.keys(r).sort()).toEqual(["message", "success", "token"]);
    const datos = await t.app.inject({
      method: "GET",
      url: "/api/Account/GetUserData",
      headers: { authorization: r.token },
    });
    expect(datos.json().usuario).toMatchObject({ usuario: "juridico", segundoFactorPendiente: false });
    // Replayed in a new challenge, within the same 30 s and after.
    const otra = await segundo({ desafio: await desafioDe("juridico"), codigo });
    expect(otra.json()).toEqual({ success: false, message: MSG_SEGUNDO_FACTOR.codigoIncorrecto });
    avanzar(30);
    expect((await segundo({ desafio: await desafioDe("juridico"), codigo })).json().success).toBe(false);
  });

  it("a challenge serves once and ends after five minutes", async () => {
    avanzar(60);
    const desafio = await desafioDe("juridico");
    expect((await segundo({ desafio, codigo: codigoDe(secreto) })).json().token).toBeDefined();
    avanzar(60);
    expect((await segundo({ desafio, codigo: codigoDe(secreto) })).json()).toEqual({
      success: false,
      message: MSG_SEGUNDO_FACTOR.desafioVencido,
    });
    const viejo = await desafioDe("juridico");
    await t.db.execute(sql`update desafios set expira = now() - interval '1 second' where terminado is null`);
    expect((await segundo({ desafio: viejo, codigo: codigoDe(secreto) })).json()).toEqual({
      success: false,
      message: MSG_SEGUNDO_FACTOR.desafioVencido,
    });
    expect((await segundo({ desafio: "x".repeat(43), codigo: "123456" })).json().success).toBe(false);
  });

  it("a challenge of one user does not take another user's code", async () => {
    avanzar(60);
    const otro = await enrolarApp(await t.token("administrador"));
    avanzar(60);
    const desafio = await desafioDe("juridico");
    const res = await segundo({ desafio, codigo: codigoDe(otro.secreto) });
    expect(res.json()).toEqual({ success: false, message: MSG_SEGUNDO_FACTOR.codigoIncorrecto });
    const codigoOtro = await segundo({ desafio, codigoRecuperacion: otro.codigos[0] });
    expect(codigoOtro.json().success).toBe(false);
    // The administrator's own challenge still takes them.
    const suyo = await segundo({ desafio: await desafioDe("administrador"), codigoRecuperacion: otro.codigos[0] });
    expect(suyo.json().token).toBeDefined();
  });

  it("a recovery code serves once; its use is audited and mailed to the user", async () => {
    const [codigo] = codigos;
    const escrito = codigo.toLowerCase().replace(/-/g, " ");
    const r = (await segundo({ desafio: await desafioDe("juridico"), codigoRecuperacion: escrito })).json();
    expect(r.token).toBeDefined();
    const otra = (await segundo({ desafio: await desafioDe("juridico"), codigoRecuperacion: codigo })).json();
    expect(otra).toEqual({ success: false, message: MSG_SEGUNDO_FACTOR.codigoIncorrecto });
    const id = await idUsuario(t.db, "juridico");
    const entradas = await t.db
      .select()
      .from(auditoria)
      .where(and(eq(auditoria.accion, "codigo_recuperacion_usado"), eq(auditoria.idEntidad, String(id))));
    expect(entradas).toHaveLength(1);
    expect(entradas[0].despues).toEqual({ quedan: 9 });
    const [aviso] = await t.db
      .select()
      .from(avisos)
      .where(
        and(
          eq(avisos.idUsuario, id),
          eq(avisos.tipo, "seguridad"),
          eq(avisos.titulo, "Se usó un código de recuperación"),
        ),
      );
    expect(aviso.texto).toContain("Le quedan 9 códigos sin usar.");
    const [correo] = await t.db.select().from(correos).where(eq(correos.idAviso, aviso.idAviso));
    expect(correo.asunto).toBe("Se usó un código de recuperación");
    const estado = await t.as("juridico", { method: "GET", url: "/api/SegundoFactor" });
    expect(estado.statusCode).toBe(200);
  });

  it("five wrong answers end the challenge and count toward the account's lockout", async () => {
    avanzar(60);
    const ip = "198.51.100.7";
    const desafio = await desafioDe("juridico", ip);
    const malo = String((Number(codigoDe(secreto)) + 3) % 1_000_000).padStart(6, "0");
    const respuestas = [];
    for (let i = 0; i < 5; i++) respuestas.push((await segundo({ desafio, codigo: malo }, ip)).json().message);
    // The fifth wrong answer from one address also locks the account there, and says so.
    expect(respuestas).toEqual([...Array(4).fill(MSG_SEGUNDO_FACTOR.codigoIncorrecto), MSG.cuentaBloqueada(15)]);
    // The right code no longer opens this challenge.
    expect((await segundo({ desafio, codigo: codigoDe(secreto) }, ip)).json().message).toBe(
      MSG_SEGUNDO_FACTOR.desafioVencido,
    );
    const [bloqueo] = await t.db
      .select()
      .from(bloqueosAcceso)
      .where(and(eq(bloqueosAcceso.idUsuario, await idUsuario(t.db, "juridico")), eq(bloqueosAcceso.direccion, ip)));
    expect(bloqueo.fallos).toBe(5);
    expect(bloqueo.bloqueadoHasta).not.toBeNull();
    // Locked from that address: even the right password is refused there, not elsewhere.
    expect((await loginPassword("juridico", ip)).json()).toEqual({ success: false, message: MSG.cuentaBloqueada(15) });
    expect((await loginPassword("juridico", "198.51.100.8")).json().segundoFactor).toBe(true);
    const fallidos = await t.db.select().from(desafios).where(eq(desafios.intentos, 5));
    expect(fallidos.every((d) => d.terminado !== null)).toBe(true);
  });

  it("five wrong answers end the challenge even when they come from several addresses", async () => {
    avanzar(60);
    const desafio = await desafioDe("juridico", "198.51.100.20");
    const malo = String((Number(codigoDe(secreto)) + 5) % 1_000_000).padStart(6, "0");
    const respuestas = [];
    for (let i = 0; i < 5; i++)
      respuestas.push((await segundo({ desafio, codigo: malo }, `198.51.100.${21 + i}`)).json().message);
    expect(respuestas).toEqual([
      ...Array(4).fill(MSG_SEGUNDO_FACTOR.codigoIncorrecto),
      MSG_SEGUNDO_FACTOR.intentosAgotados,
    ]);
    expect((await segundo({ desafio, codigo: codigoDe(secreto) }, "198.51.100.20")).json().message).toBe(
      MSG_SEGUNDO_FACTOR.desafioVencido,
    );
  });

  it("WebAuthn options need a live challenge of a user with passkeys", async () => {
    const sinLlaves = await t.app.inject({
      method: "POST",
      url: `${SEGUNDO}/Opciones`,
      payload: { desafio: await desafioDe("administrador") },
    });
    expect(sinLlaves.statusCode).toBe(404);
    expect(sinLlaves.json().message).toBe(MSG_SEGUNDO_FACTOR.sinLlaves);
    const vencido = await t.app.inject({ method: "POST", url: `${SEGUNDO}/Opciones`, payload: { desafio: "nada" } });
    expect(vencido.statusCode).toBe(404);
    expect((await t.app.inject({ method: "POST", url: `${SEGUNDO}/Opciones`, payload: {} })).statusCode).toBe(400);
  });
});

describe("OpenAPI", () => {
  it("documents the second step and LogIn's challenge", async () => {
    const doc = (await t.app.inject({ method: "GET", url: "/api/openapi.json" })).json();
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        SEGUNDO,
        `${SEGUNDO}/Opciones`,
        "/api/SegundoFactor",
        "/api/Usuarios/ReiniciarSegundoFactor/{idUsuario}",
      ]),
    );
    const login = doc.paths[LOGIN].post.responses["200"].content["application/json"].schema;
    expect(Object.keys(login.properties)).toEqual(
      expect.arrayContaining(["success", "message", "token", "segundoFactor", "desafio", "metodos"]),
    );
    expect(doc.paths[SEGUNDO].post.description).toContain("desafio");
  });
});

describe("factor changes", () => {
  it("renaming, new codes and removal are audited and mailed; removing the last factor removes the codes", async () => {
    avanzar(60);
    const token = await t.token("analista");
    const { codigos } = await enrolarApp(token);
    const auth = { authorization: token };
    const [f] = (await t.app.inject({ method: "GET", url: "/api/SegundoFactor", headers: auth })).json().factores;
    expect(f).toMatchObject({ tipo: "app", nombre: "Teléfono", ultimoUso: null });
    const ren = await t.app.inject({
      method: "PUT",
      url: `/api/SegundoFactor/${f.idFactor}`,
      headers: auth,
      payload: { nombre: "Móvil" },
    });
    expect(ren.json()).toEqual({ success: true, message: MSG_SEGUNDO_FACTOR.factorRenombrado });
    const nuevos = await t.app.inject({ method: "POST", url: "/api/SegundoFactor/CodigosRecuperacion", headers: auth });
    expect(nuevos.json().data.codigosRecuperacion).toHaveLength(10);
    // The old codes no longer work.
    expect(
      (await segundo({ desafio: await desafioDe("analista"), codigoRecuperacion: codigos[1] })).json().success,
    ).toBe(false);
    const del = await t.app.inject({ method: "DELETE", url: `/api/SegundoFactor/${f.idFactor}`, headers: auth });
    expect(del.json()).toEqual({ success: true, message: MSG_SEGUNDO_FACTOR.factorEliminado });
    const estado = (await t.app.inject({ method: "GET", url: "/api/SegundoFactor", headers: auth })).json();
    expect(estado).toEqual({ requerido: false, factores: [], codigosRestantes: 0 });
    const id = await idUsuario(t.db, "analista");
    const acciones = (
      await t.db
        .select({ accion: auditoria.accion })
        .from(auditoria)
        .where(and(eq(auditoria.entidad, "Cuenta"), eq(auditoria.idEntidad, String(id))))
    ).map((a) => a.accion);
    expect(acciones).toEqual(
      expect.arrayContaining([
        "segundo_factor_alta",
        "segundo_factor_nombre",
        "codigos_recuperacion",
        "segundo_factor_baja",
      ]),
    );
    const titulos = (
      await t.db
        .select({ titulo: avisos.titulo })
        .from(avisos)
        .where(and(eq(avisos.idUsuario, id), eq(avisos.tipo, "seguridad")))
    ).map((a) => a.titulo);
    expect(titulos).toEqual(
      expect.arrayContaining([
        "Nuevo segundo factor",
        "Segundo factor renombrado",
        "Nuevos códigos de recuperación",
        "Segundo factor eliminado",
      ]),
    );
    expect((await loginPassword("analista")).json().token).toBeDefined();
  });
});

describe("PUT api/Usuarios/ReiniciarSegundoFactor/{idUsuario}", () => {
  it("401 without a session, 403 for other profiles, 400 for a bad id, 404 for an unknown user", async () => {
    const url = `/api/Usuarios/ReiniciarSegundoFactor/${await idUsuario(t.db, "originador2")}`;
    expect((await t.app.inject({ method: "PUT", url })).statusCode).toBe(401);
    for (const u of ["originador", "administrador", "consultor"] as const) {
      expect((await t.as(u, { method: "PUT", url })).statusCode).toBe(403);
    }
    expect(
      (await t.as("configuracion", { method: "PUT", url: "/api/Usuarios/ReiniciarSegundoFactor/abc" })).statusCode,
    ).toBe(400);
    expect(
      (await t.as("configuracion", { method: "PUT", url: "/api/Usuarios/ReiniciarSegundoFactor/999999" })).statusCode,
    ).toBe(404);
  });

  it("removes the user's factors and codes, ends their sessions, is audited and mailed", async () => {
    avanzar(60);
    const token = await t.token("originador2");
    await enrolarApp(token);
    const id = await idUsuario(t.db, "originador2");
    const res = await t.as("configuracion", { method: "PUT", url: `/api/Usuarios/ReiniciarSegundoFactor/${id}` });
    expect(res.json()).toEqual({ success: true, message: MSG_SEGUNDO_FACTOR.factoresReiniciados });
    const viejo = await t.app.inject({
      method: "GET",
      url: "/api/Account/GetUserData",
      headers: { authorization: token },
    });
    expect(viejo.statusCode).toBe(401);
    expect((await loginPassword("originador2")).json().token).toBeDefined();
    // Nothing left to reset.
    const otra = await t.as("configuracion", { method: "PUT", url: `/api/Usuarios/ReiniciarSegundoFactor/${id}` });
    expect(otra.json()).toEqual({ success: false, message: MSG_SEGUNDO_FACTOR.sinFactores });
    const [entrada] = await t.db
      .select()
      .from(auditoria)
      .where(and(eq(auditoria.accion, "segundo_factor_reinicio"), eq(auditoria.idEntidad, String(id))));
    expect(entrada.idUsuario).toBe(await idUsuario(t.db, "configuracion"));
    expect(entrada.despues).toEqual({ usuario: "originador2", factores: [] });
    const [aviso] = await t.db
      .select()
      .from(avisos)
      .where(and(eq(avisos.idUsuario, id), eq(avisos.titulo, "Segundo factor reiniciado")));
    expect((await t.db.select().from(correos).where(eq(correos.idAviso, aviso.idAviso))).length).toBe(1);
  });
});

describe("a profile that requires a second factor", () => {
  it("the demo data's profiles do not; a new production database's internal and configuration profiles do", {
    timeout: 120_000,
  }, async () => {
    const demo = (await t.as("configuracion", { method: "GET", url: "/api/Perfiles" })).json();
    expect(demo.every((p: { requiereSegundoFactor: boolean }) => !p.requiereSegundoFactor)).toBe(true);
    // A new database without demo data: PostgreSQL when the suite runs on it, else PGlite.
    const database = await baseNueva();
    try {
      const r = await prepararBase(database, { demoData: "never", padronFile: undefined });
      expect(r.adminInicial?.usuario).toBe("admin");
      const filas = await database.db
        .select({ nombre: perfiles.nombre, r: perfiles.requiereSegundoFactor })
        .from(perfiles);
      expect(
        filas
          .filter((p) => p.r)
          .map((p) => p.nombre)
          .sort(),
      ).toEqual([...PERFILES_CON_SEGUNDO_FACTOR].sort());
    } finally {
      await database.close();
    }
  });

  it("its user without a factor can only enrol; once enrolled, everything opens and the last factor stays", async () => {
    const idPerfil = (await t.as("configuracion", { method: "GET", url: "/api/Perfiles" }))
      .json()
      .find((p: { nombre: string }) => p.nombre === "Analista RyCC").idPerfil;
    const editar = await t.as("configuracion", {
      method: "PUT",
      url: `/api/Perfiles?idPerfil=${idPerfil}`,
      payload: {
        Nombre: "Analista RyCC",
        Descripcion: "Analista de Revisión y Control de Cuentas",
        RequiereSegundoFactor: true,
      },
    });
    expect(editar.json().success).toBe(true);
    // An edit that does not send the flag keeps it.
    await t.as("configuracion", {
      method: "PUT",
      url: `/api/Perfiles?idPerfil=${idPerfil}`,
      payload: { Nombre: "Analista RyCC", Descripcion: "Analista de Revisión y Control de Cuentas" },
    });
    const [fila] = await t.db.select().from(perfiles).where(eq(perfiles.idPerfil, idPerfil));
    expect(fila.requiereSegundoFactor).toBe(true);

    const r = (await loginPassword("analista2")).json();
    expect(r.token).toBeDefined();
    const auth = { authorization: r.token };
    const datos = await t.app.inject({ method: "GET", url: "/api/Account/GetUserData", headers: auth });
    expect(datos.json().usuario.segundoFactorPendiente).toBe(true);
    for (const url of [
      "/api/SolicitudFirma/GetBandejaAnalista",
      "/api/Avisos/NoLeidos",
      "/api/Usuarios/CargarInstituciones",
    ]) {
      const res = await t.app.inject({ method: "GET", url, headers: auth });
      expect(res.statusCode, url).toBe(403);
      expect(res.json()).toEqual({ success: false, message: MSG_SEGUNDO_FACTOR.enrolamientoRequerido });
    }
    const estado = await t.app.inject({ method: "GET", url: "/api/SegundoFactor", headers: auth });
    expect(estado.json()).toMatchObject({ requerido: true, factores: [] });
    avanzar(60);
    await enrolarApp(r.token);
    const bandeja = await t.app.inject({ method: "GET", url: "/api/SolicitudFirma/GetBandejaAnalista", headers: auth });
    expect(bandeja.statusCode).toBe(200);
    const [f] = (await t.app.inject({ method: "GET", url: "/api/SegundoFactor", headers: auth })).json().factores;
    const del = await t.app.inject({ method: "DELETE", url: `/api/SegundoFactor/${f.idFactor}`, headers: auth });
    expect(del.json()).toEqual({ success: false, message: MSG_SEGUNDO_FACTOR.ultimoFactorRequerido });
  });
});
