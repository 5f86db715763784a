/**
 * System keys: the configuration administrator's calls (401, 400 for each rule, 403 for every
 * other profile, then issue, list and revoke), and a key at work on "Verificar firma": refused in
 * the URL (400), unknown, revoked or expired (401), from an address it does not allow or for an
 * operation outside its scopes (403), over its rate limit (429), then answering with no cookie and
 * an audit entry under the key's name.
 */
import { MSG, PATRON_CLAVE } from "@registro/contracts";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hashClave } from "../../src/claves/clave.js";
import { auditoria, clavesSistema } from "../../src/db/schema.js";
import { fechaLocal, sumarDias } from "../../src/shared/tiempo.js";
import { crearTestApp, type TestApp } from "../support/app.js";
import { CEDULAS, crearSolicitud } from "../support/factories.js";
import { USUARIOS_DEMO } from "../support/peticiones.js";

let t: TestApp;
const hoy = fechaLocal(new Date(Date.now()));

beforeAll(async () => {
  t = await crearTestApp({ API_KEY_RATE_LIMIT: "5" });
  await crearSolicitud(t.db, { estatus: 106, funcionarios: 1, estatusFuncionarios: 1 });
});
afterAll(() => t?.close());

const emitir = (payload: unknown, usuario: Parameters<TestApp["as"]>[0] = "configuracion") =>
  t.as(usuario, { method: "POST", url: "/api/ClavesSistema", payload: payload as object });

async function nuevaClave(datos: Record<string, unknown> = {}): Promise<{ clave: string; idClave: number }> {
  const r = await emitir({ nombre: "Banco de Prueba", alcances: ["verificacion"], ...datos });
  expect(r.statusCode, r.body).toBe(200);
  return { clave: r.json().clave, idClave: r.json().data.idClave };
}

const verificar = (
  headers: Record<string, string>,
  url = `/api/Verificacion/Firma?cedula=${CEDULAS[0]}`,
  ip?: string,
) => t.app.inject({ method: "GET", url, headers, ...(ip ? { remoteAddress: ip } : {}) });

describe("the configuration administrator's calls", () => {
  it("401 without a session", async () => {
    expect((await t.as(null, { method: "GET", url: "/api/ClavesSistema" })).statusCode).toBe(401);
    expect((await emitir({ nombre: "X", alcances: ["verificacion"] }, null)).statusCode).toBe(401);
    expect((await t.as(null, { method: "POST", url: "/api/ClavesSistema/Revocar/1" })).statusCode).toBe(401);
  });

  it("400 for each rule, with the Spanish message on its field", async () => {
    const casos: [Record<string, unknown>, string, string][] = [
      [{ nombre: "", alcances: ["verificacion"] }, "nombre", MSG.requerido],
      [{ nombre: "Banco", alcances: [] }, "alcances", MSG.claveAlcanceRequerido],
      [{ nombre: "Banco" }, "alcances", MSG.claveAlcanceRequerido],
      [{ nombre: "Banco", alcances: ["todo"] }, "alcances.0", MSG.claveAlcanceInvalido],
      [
        { nombre: "Banco", alcances: ["verificacion"], direcciones: ["10.0.0.0/33"] },
        "direcciones.0",
        MSG.claveDireccionInvalida,
      ],
      [
        { nombre: "Banco", alcances: ["verificacion"], direcciones: ["banco.example"] },
        "direcciones.0",
        MSG.claveDireccionInvalida,
      ],
      [{ nombre: "Banco", alcances: ["verificacion"], expira: "31/12/2030" }, "expira", MSG.fechaInvalida],
      [{ nombre: "Banco", alcances: ["verificacion"], expira: sumarDias(hoy, -1) }, "expira", MSG.claveExpiraPasada],
    ];
    for (const [payload, campo, mensaje] of casos) {
      const r = await emitir(payload);
      expect(r.statusCode, JSON.stringify(payload)).toBe(400);
      expect(r.json().errors?.[campo], JSON.stringify(r.json())).toEqual([mensaje]);
    }
    const r = await t.as("configuracion", { method: "POST", url: "/api/ClavesSistema/Revocar/abc" });
    expect(r.statusCode).toBe(400);
  });

  it.each(USUARIOS_DEMO.filter((u) => u !== "configuracion"))("403 for %s", async (usuario) => {
    expect((await t.as(usuario, { method: "GET", url: "/api/ClavesSistema" })).statusCode).toBe(403);
    expect((await emitir({ nombre: "X", alcances: ["verificacion"] }, usuario)).statusCode).toBe(403);
    expect((await t.as(usuario, { method: "POST", url: "/api/ClavesSistema/Revocar/1" })).statusCode).toBe(403);
  });

  it("issues a key shown once and stored as its SHA-256, lists it, revokes it, audits both", async () => {
    const r = await emitir({
      nombre: "Banco Central",
      alcances: ["verificacion", "verificacion-lote", "verificacion"],
      direcciones: ["200.88.10.0/24", "2001:db8::/32", "190.1.2.3"],
      expira: sumarDias(hoy, 30),
    });
    expect(r.statusCode).toBe(200);
    const { clave, data, message } = r.json();
    expect(message).toBe(MSG.claveEmitida);
    expect(clave).toMatch(PATRON_CLAVE);
    expect(data).toMatchObject({
      nombre: "Banco Central",
      prefijo: clave.slice(0, 12),
      alcances: ["verificacion", "verificacion-lote"],
      direcciones: ["200.88.10.0/24", "2001:db8::/32", "190.1.2.3"],
      expira: sumarDias(hoy, 30),
      creadaPor: "configuracion",
      estado: "activa",
      ultimoUso: null,
    });
    const [fila] = await t.db.select().from(clavesSistema).where(eq(clavesSistema.idClave, data.idClave));
    expect(fila.hash).toBe(hashClave(clave));
    expect(JSON.stringify(fila)).not.toContain(clave.slice(13));

    const lista = await t.as("configuracion", { method: "GET", url: "/api/ClavesSistema" });
    expect(lista.body).not.toContain(clave.slice(13));
    expect(lista.json().find((k: { idClave: number }) => k.idClave === data.idClave)).toMatchObject({
      estado: "activa",
    });

    const revocar = () => t.as("configuracion", { method: "POST", url: `/api/ClavesSistema/Revocar/${data.idClave}` });
    expect((await revocar()).json()).toEqual({ success: true, message: MSG.claveRevocadaOk });
    expect((await revocar()).json()).toEqual({ success: false, message: MSG.claveYaRevocada });
    const otra = await t.as("configuracion", { method: "POST", url: "/api/ClavesSistema/Revocar/999999" });
    expect(otra.statusCode).toBe(404);
    const despues = await t.as("configuracion", { method: "GET", url: "/api/ClavesSistema" });
    const revocada = despues.json().find((k: { idClave: number }) => k.idClave === data.idClave);
    expect(revocada.estado).toBe("revocada");
    expect(revocada.revocada).not.toBeNull();

    const entradas = await t.db
      .select({ accion: auditoria.accion, despues: auditoria.despues })
      .from(auditoria)
      .where(and(eq(auditoria.entidad, "ClaveSistema"), eq(auditoria.idEntidad, String(data.idClave))));
    expect(entradas.map((e) => e.accion).sort()).toEqual(["crear", "revocar"]);
    expect(JSON.stringify(entradas)).not.toContain(clave.slice(13));
  });
});

describe("a key calling Verificar firma", () => {
  it("400 when the key travels in the URL (query or path), whatever the headers", async () => {
    const { clave } = await nuevaClave();
    for (const url of [
      `/api/Verificacion/Firma?cedula=${CEDULAS[0]}&api_key=${clave}`,
      `/api/Verificacion/Firma?cedula=${CEDULAS[0]}&x=${clave}`,
      `/api/Verificacion/Firma?cedula=${CEDULAS[0]}&apiKey=otra`,
      `/api/Verificacion/Firma/${clave}?cedula=${CEDULAS[0]}`,
    ]) {
      const r = await verificar({ "x-api-key": clave }, url);
      expect(r.statusCode, url).toBe(400);
      expect(r.json().message).toBe(MSG.claveEnDireccion);
    }
  });

  it("401 for a malformed, unknown, revoked or expired key", async () => {
    const { clave, idClave } = await nuevaClave();
    const desconocida = `${clave.slice(0, -4)}AAAA`;
    for (const k of ["no-es-una-clave", desconocida, `rfk_ZZZZZZZZ_${clave.slice(13)}`]) {
      const r = await verificar({ authorization: `ApiKey ${k}` });
      expect(r.statusCode, k).toBe(401);
      expect(r.json().message).toBe(MSG.claveInvalida);
    }
    await t.as("configuracion", { method: "POST", url: `/api/ClavesSistema/Revocar/${idClave}` });
    expect((await verificar({ "x-api-key": clave })).statusCode).toBe(401);

    const vencida = await nuevaClave({ expira: hoy });
    expect((await verificar({ "x-api-key": vencida.clave })).statusCode).toBe(200);
    await t.db
      .update(clavesSistema)
      .set({ expira: sumarDias(hoy, -1) })
      .where(eq(clavesSistema.idClave, vencida.idClave));
    expect((await verificar({ "x-api-key": vencida.clave })).statusCode).toBe(401);
  });

  it("403 from an address outside its list, and for an operation outside its scopes", async () => {
    const { clave } = await nuevaClave({ direcciones: ["200.88.10.0/24", "2001:db8::/32"] });
    const fuera = await verificar({ "x-api-key": clave }, undefined, "200.88.11.5");
    expect(fuera.statusCode).toBe(403);
    expect(fuera.json().message).toBe(MSG.claveDireccionNoPermitida);
    expect((await verificar({ "x-api-key": clave }, undefined, "200.88.10.77")).statusCode).toBe(200);
    expect((await verificar({ "x-api-key": clave }, undefined, "::ffff:200.88.10.78")).statusCode).toBe(200);
    expect((await verificar({ "x-api-key": clave }, undefined, "2001:db8::5")).statusCode).toBe(200);

    const lotes = await nuevaClave({ alcances: ["verificacion-lote"] });
    const r = await verificar({ authorization: `ApiKey ${lotes.clave}` });
    expect(r.statusCode).toBe(403);
    expect(r.json().message).toBe(MSG.claveFueraDeAlcance);
  });

  it("answers like a signed-in verifier, sets no cookie, notes its last use and audits the call by name", async () => {
    const { clave, idClave } = await nuevaClave({ nombre: "Banco Auditado" });
    const conClave = await verificar({ authorization: `ApiKey ${clave}` });
    const conSesion = await t.as("verificador", { method: "GET", url: `/api/Verificacion/Firma?cedula=${CEDULAS[0]}` });
    expect(conClave.statusCode).toBe(200);
    expect(conClave.json()).toEqual(conSesion.json());
    expect(conClave.headers["set-cookie"]).toBeUndefined();
    // A key is not a user: the second factor and the password change do not apply, and a
    // session token sent as a key is just an invalid key.
    expect((await verificar({ authorization: `ApiKey ${await t.token("verificador")}` })).statusCode).toBe(401);

    const lista = await t.as("configuracion", { method: "GET", url: "/api/ClavesSistema" });
    const fila = lista.json().find((k: { idClave: number }) => k.idClave === idClave);
    expect(fila.ultimoUso).not.toBeNull();
    expect(fila.ultimaDireccion).toBe("127.0.0.1");

    const entradas = await t.db
      .select({ accion: auditoria.accion, idUsuario: auditoria.idUsuario, despues: auditoria.despues })
      .from(auditoria)
      .where(and(eq(auditoria.entidad, "ClaveSistema"), eq(auditoria.idEntidad, String(idClave))));
    const llamadas = entradas.filter((e) => e.accion === "llamada_clave");
    expect(llamadas).toEqual([
      {
        accion: "llamada_clave",
        idUsuario: null,
        despues: { clave: "Banco Auditado", metodo: "GET", ruta: "/api/Verificacion/Firma", estado: 200 },
      },
    ]);
  });

  it("429 past its calls per minute (API_KEY_RATE_LIMIT), counted per key", async () => {
    const a = await nuevaClave({ nombre: "Banco Limitado" });
    const b = await nuevaClave({ nombre: "Otro Banco" });
    for (let i = 0; i < 5; i++) expect((await verificar({ "x-api-key": a.clave })).statusCode).toBe(200);
    const r = await verificar({ "x-api-key": a.clave });
    expect(r.statusCode).toBe(429);
    expect(r.json().message).toBe(MSG.demasiadasSolicitudes);
    expect(Number(r.headers["retry-after"])).toBeGreaterThan(0);
    expect((await verificar({ "x-api-key": b.clave })).statusCode).toBe(200);
  });
});
