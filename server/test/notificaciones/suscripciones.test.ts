/**
 * Change notifications, the calls: a system's subscriptions (401 without a key or with a bad one,
 * 403 for a key without the scope and for users, 400 for each rule with the Spanish message on its
 * field, addresses of this machine or private networks refused, then create, list, delete, each
 * audited), and the delivery policy's address check on its own.
 */
import { MSG } from "@registro/contracts";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditoria, suscripciones } from "../../src/db/schema.js";
import { direccionPermitida, rechazoDestino } from "../../src/notificaciones/destino.js";
import { descifrarSecreto } from "../../src/notificaciones/secreto.js";
import { crearTestApp, type TestApp } from "../support/app.js";
import { idInstitucionDe } from "../support/factories.js";

let t: TestApp;
let conAlcance: string;
let otraClave: string;
let sinAlcance: string;
let idInstitucion: number;

async function nuevaClave(nombre: string, alcances: string[]): Promise<string> {
  const r = await t.as("configuracion", { method: "POST", url: "/api/ClavesSistema", payload: { nombre, alcances } });
  expect(r.statusCode, r.body).toBe(200);
  return r.json().clave;
}

beforeAll(async () => {
  t = await crearTestApp({ WEBHOOK_ALLOW_LOOPBACK: "true" });
  conAlcance = await nuevaClave("Banco Central de Pruebas", ["notificaciones"]);
  otraClave = await nuevaClave("Ministerio de Pruebas", ["notificaciones", "verificacion"]);
  sinAlcance = await nuevaClave("Banco sin notificaciones", ["verificacion", "verificacion-lote"]);
  idInstitucion = await idInstitucionDe(t.db, "originador");
});
afterAll(() => t?.close());

const URL_PUBLICA = "http://127.0.0.1:9/notificaciones";
const suscribir = (clave: string | null, payload: unknown) =>
  t.app.inject({
    method: "POST",
    url: "/api/Notificaciones/Suscripciones",
    headers: clave ? { authorization: `ApiKey ${clave}` } : {},
    payload: payload as object,
  });

describe("POST api/Notificaciones/Suscripciones", () => {
  it("401 without a key, or with one that is not valid", async () => {
    expect((await suscribir(null, { url: URL_PUBLICA, instituciones: [idInstitucion] })).statusCode).toBe(401);
    const r = await suscribir(`rfk_AAAAAAAA_${"x".repeat(43)}`, { url: URL_PUBLICA, instituciones: [idInstitucion] });
    expect(r.statusCode).toBe(401);
    expect(r.json().message).toBe(MSG.claveInvalida);
  });

  it("400 for each rule, with the Spanish message on its field", async () => {
    const casos: [Record<string, unknown>, string, string][] = [
      [{ instituciones: [idInstitucion] }, "url", MSG.suscripcionUrlRequerida],
      [{ url: "  ", instituciones: [idInstitucion] }, "url", MSG.suscripcionUrlRequerida],
      [{ url: "banco.example/x", instituciones: [idInstitucion] }, "url", MSG.suscripcionUrlInvalida],
      [{ url: "ftp://93.184.216.34/x", instituciones: [idInstitucion] }, "url", MSG.suscripcionUrlHttps],
      [{ url: "https://u:p@93.184.216.34/x", instituciones: [idInstitucion] }, "url", MSG.suscripcionUrlCredenciales],
      // http:// only to this machine, and only with WEBHOOK_ALLOW_LOOPBACK.
      [{ url: "http://93.184.216.34/x", instituciones: [idInstitucion] }, "url", MSG.suscripcionUrlHttps],
      [{ url: "https://10.1.2.3/x", instituciones: [idInstitucion] }, "url", MSG.suscripcionUrlPrivada],
      [{ url: "https://169.254.169.254/latest", instituciones: [idInstitucion] }, "url", MSG.suscripcionUrlPrivada],
      [{ url: "https://[fd00::1]/x", instituciones: [idInstitucion] }, "url", MSG.suscripcionUrlPrivada],
      [{ url: "https://nadie.invalid/x", instituciones: [idInstitucion] }, "url", MSG.suscripcionUrlNoResuelve],
      [{ url: URL_PUBLICA }, "instituciones", MSG.suscripcionInstitucionesRequeridas],
      [{ url: URL_PUBLICA, instituciones: [] }, "instituciones", MSG.suscripcionInstitucionesRequeridas],
      [{ url: URL_PUBLICA, instituciones: ["uno"] }, "instituciones.0", MSG.suscripcionInstitucionInvalida],
      [{ url: URL_PUBLICA, instituciones: [999999] }, "instituciones", MSG.suscripcionInstitucionDesconocida([999999])],
    ];
    for (const [cuerpo, campo, mensaje] of casos) {
      const r = await suscribir(conAlcance, cuerpo);
      expect(r.statusCode, `${JSON.stringify(cuerpo)}: ${r.body}`).toBe(400);
      expect(r.json()).toMatchObject({ success: false, message: MSG.datosInvalidos });
      expect(r.json().errors[campo], `${JSON.stringify(cuerpo)}: ${r.body}`).toEqual([mensaje]);
    }
    expect(await t.db.select().from(suscripciones)).toEqual([]);
  });

  it("403 for a key without the scope and for every user (the routes are for keys only)", async () => {
    const r = await suscribir(sinAlcance, { url: URL_PUBLICA, instituciones: [idInstitucion] });
    expect(r.statusCode).toBe(403);
    expect(r.json().message).toBe(MSG.claveFueraDeAlcance);
    for (const usuario of ["configuracion", "administrador", "verificador"] as const) {
      for (const [method, url] of [
        ["POST", "/api/Notificaciones/Suscripciones"],
        ["GET", "/api/Notificaciones/Suscripciones"],
        ["DELETE", "/api/Notificaciones/Suscripciones/1"],
      ] as const) {
        const u = await t.as(usuario, { method, url, payload: { url: URL_PUBLICA, instituciones: [idInstitucion] } });
        expect(u.statusCode, `${usuario} ${method} ${url}`).toBe(403);
      }
    }
    expect(await t.db.select().from(suscripciones)).toEqual([]);
  });

  it("201 with the signing secret shown once; GET lists the key's own; another key cannot delete it", async () => {
    const r = await suscribir(conAlcance, { url: URL_PUBLICA, instituciones: [idInstitucion, idInstitucion] });
    expect(r.statusCode, r.body).toBe(201);
    const creada = r.json();
    expect(creada).toMatchObject({
      success: true,
      message: MSG.suscripcionCreada,
      data: { url: URL_PUBLICA, instituciones: [idInstitucion] },
    });
    expect(creada.secreto).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    const id = creada.data.idSuscripcion as number;
    // Stored encrypted, never in clear.
    const [fila] = await t.db.select().from(suscripciones).where(eq(suscripciones.idSuscripcion, id));
    expect(fila.secreto).not.toContain(creada.secreto.slice(6));
    expect(descifrarSecreto(fila.secreto, id)).toBe(creada.secreto);

    const lista = await t.app.inject({
      method: "GET",
      url: "/api/Notificaciones/Suscripciones",
      headers: { "x-api-key": conAlcance },
    });
    expect(lista.statusCode).toBe(200);
    expect(lista.json()).toEqual([
      { idSuscripcion: id, url: URL_PUBLICA, instituciones: [idInstitucion], creada: expect.any(String) },
    ]);
    expect(JSON.stringify(lista.json())).not.toContain("whsec_");
    const ajena = await t.app.inject({
      method: "GET",
      url: "/api/Notificaciones/Suscripciones",
      headers: { "x-api-key": otraClave },
    });
    expect(ajena.json()).toEqual([]);

    const borrar = (clave: string, idS: number) =>
      t.app.inject({
        method: "DELETE",
        url: `/api/Notificaciones/Suscripciones/${idS}`,
        headers: { "x-api-key": clave },
      });
    const d404 = await borrar(otraClave, id);
    expect(d404.statusCode).toBe(404);
    expect(d404.json().message).toBe(MSG.suscripcionNoEncontrada);
    const d = await borrar(conAlcance, id);
    expect(d.statusCode).toBe(200);
    expect(d.json()).toEqual({ success: true, message: MSG.suscripcionEliminada });
    expect((await borrar(conAlcance, id)).statusCode).toBe(404);

    // Both changes audited under the key's name, with no user.
    const entradas = await t.db
      .select()
      .from(auditoria)
      .where(and(eq(auditoria.entidad, "Suscripcion"), eq(auditoria.idEntidad, String(id))));
    expect(entradas.map((e) => [e.accion, e.idUsuario])).toEqual([
      ["suscribir", null],
      ["cancelar_suscripcion", null],
    ]);
    expect(entradas[0].despues).toMatchObject({ clave: "Banco Central de Pruebas", url: URL_PUBLICA });
  });

  it("409 past ten subscriptions of one key", async () => {
    for (let i = 0; i < 10; i++) {
      expect(
        (await suscribir(otraClave, { url: `${URL_PUBLICA}/${i}`, instituciones: [idInstitucion] })).statusCode,
      ).toBe(201);
    }
    const r = await suscribir(otraClave, { url: URL_PUBLICA, instituciones: [idInstitucion] });
    expect(r.statusCode).toBe(409);
    expect(r.json().message).toBe(MSG.suscripcionMaximo);
  });
});

describe("the OpenAPI document", () => {
  it("describes the subscription calls for an integrator: key security, the 201, the events and the signature", async () => {
    const doc = (await t.as(null, { method: "GET", url: "/api/openapi.json" })).json();
    const ruta = doc.paths["/api/Notificaciones/Suscripciones"];
    for (const op of [ruta.post, ruta.get, doc.paths["/api/Notificaciones/Suscripciones/{idSuscripcion}"].delete]) {
      expect(op.security).toEqual([{ claveSistema: [] }]);
      expect(op.tags).toEqual(["Notificaciones de cambios"]);
    }
    expect(Object.keys(ruta.post.responses)).toEqual(expect.arrayContaining(["201", "400", "409"]));
    expect(ruta.post.requestBody.content["application/json"].schema.required).toEqual(["url", "instituciones"]);
    for (const texto of ["webhook-signature", "HMAC-SHA256", "secuencia", "limiteCambiado", "24 horas"]) {
      expect(ruta.post.description).toContain(texto);
    }
  });
});

describe("the delivery policy's addresses", () => {
  it("refuses this machine, private networks, link-local and reserved ranges unless loopback is allowed", async () => {
    for (const ip of [
      "127.0.0.1",
      "::1",
      "10.0.0.1",
      "172.16.5.4",
      "192.168.1.1",
      "169.254.169.254",
      "100.64.0.1",
      "0.0.0.0",
      "::ffff:127.0.0.1",
      "fe80::1",
      "fd12::1",
      "224.0.0.1",
    ]) {
      expect(direccionPermitida(ip, false), ip).toBe(false);
    }
    for (const ip of ["93.184.216.34", "2606:2800:220:1:248:1893:25c8:1946", "8.8.8.8"])
      expect(direccionPermitida(ip, false), ip).toBe(true);
    expect(direccionPermitida("127.0.0.1", true)).toBe(true);
    expect(direccionPermitida("10.0.0.1", true)).toBe(false);
    // Without WEBHOOK_ALLOW_LOOPBACK (production), neither https nor http reaches this machine.
    expect(await rechazoDestino("https://127.0.0.1/x", false)).toBe("privada");
    expect(await rechazoDestino("http://127.0.0.1:8080/x", false)).toBe("privada");
    expect(await rechazoDestino("https://localhost/x", false)).toBe("privada");
    expect(await rechazoDestino("https://[::1]/x", false)).toBe("privada");
    expect(await rechazoDestino("http://93.184.216.34/x", false)).toBe("https");
    expect(await rechazoDestino("https://93.184.216.34/x", false)).toBeNull();
    expect(await rechazoDestino("http://127.0.0.1:8080/x", true)).toBeNull();
  });

  it("refuses IPv6 ranges that reach internal IPv4 addresses, judging the IPv4 they carry (issue 34)", async () => {
    for (const ip of [
      "64:ff9b::7f00:1", // NAT64 to 127.0.0.1
      "64:ff9b::10.0.0.1",
      "64:ff9b::a9fe:a9fe", // 169.254.169.254
      "64:ff9b:1::a00:1", // local-use NAT64 (RFC 8215): wholly refused
      "64:ff9b:1:ffff::808:808",
      "2002:7f00:1::1", // 6to4 of 127.0.0.1
      "2002:a00:1::", // 6to4 of 10.0.0.1
      "2002:c0a8:101:1::1", // 6to4 of 192.168.1.1
      "fec0::1", // site-local
      "fec0:0:0:ffff::1",
      "::7f00:1", // IPv4-compatible 127.0.0.1
      "::127.0.0.1",
      "::a00:1",
      "::8.8.8.8", // IPv4-compatible addresses are deprecated: wholly refused
      "::ffff:0:7f00:1", // IPv4-translated (SIIT)
      "2001:0:4136:e378:8000:63bf:80ff:fffe", // Teredo whose client is 127.0.0.1
      "2001:0:a00:1::1", // Teredo whose server is 10.0.0.1
    ]) {
      expect(direccionPermitida(ip, false), ip).toBe(false);
      expect(direccionPermitida(ip, true), `${ip} (loopback permitido)`).toBe(false);
    }
    // The same ranges carrying a public IPv4 address reach the public internet.
    for (const ip of ["64:ff9b::808:808", "64:ff9b::8.8.8.8", "2002:808:808::1", "2001:0:808:808::f7f7:f7f7"])
      expect(direccionPermitida(ip, false), ip).toBe(true);
    expect(await rechazoDestino("https://[64:ff9b::7f00:1]/x", false)).toBe("privada");
    expect(await rechazoDestino("https://[2002:7f00:1::1]/x", false)).toBe("privada");
    expect(await rechazoDestino("https://[fec0::1]/x", false)).toBe("privada");
    expect(await rechazoDestino("https://[::7f00:1]/x", true)).toBe("privada");
  });
});
