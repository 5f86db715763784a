/**
 * The web app's session cookie (DESIGN.md §3): HttpOnly, SameSite=Strict, `Secure` and `__Host-`
 * over HTTPS (also behind the trusted proxy), scoped to BASE_PATH over plain HTTP; cookie-borne
 * calls that change state only from the app's own origin; API clients keep the header.
 */
import { MSG } from "@registro/contracts";
import { and, eq, isNull } from "drizzle-orm";
import type { LightMyRequestResponse } from "fastify";
import * as OTPAuth from "otpauth";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adjuntos } from "../../src/db/schema.js";
import { crearTestApp, type TestApp } from "../support/app.js";
import { crearSolicitud } from "../support/factories.js";

const CLAVE = "Demo.Firmas.2026";

let t: TestApp;
let conBase: TestApp;
beforeAll(async () => {
  t = await crearTestApp();
  conBase = await crearTestApp({ BASE_PATH: "/RegistroFirmas", TRUST_PROXY: "127.0.0.1" });
});
afterAll(async () => {
  await t.close();
  await conBase.close();
});

function cookieDe(res: LightMyRequestResponse, nombre: string) {
  return res.cookies.find((c) => c.name === nombre);
}

/** Signs in as the web app does: same-origin, asking for the cookie alone. */
async function entrarComoWeb(app: TestApp, usuario: string, headers: Record<string, string> = {}, url = "/api") {
  const res = await app.app.inject({
    method: "POST",
    url: `${url}/Account/LogIn`,
    headers: { "sec-fetch-site": "same-origin", "x-registro-sesion": "cookie", ...headers },
    payload: { userName: usuario, password: CLAVE },
  });
  expect(res.statusCode).toBe(200);
  return res;
}

describe("sign-in sets the cookie", () => {
  it("the web app's sign-in gets an HttpOnly, SameSite=Strict cookie and no token in the answer", async () => {
    const res = await entrarComoWeb(t, "consultor");
    expect(res.json()).toEqual({ success: true, message: MSG.loginExitoso });
    const c = cookieDe(res, "rf_sesion");
    expect(c).toMatchObject({ httpOnly: true, sameSite: "Strict", path: "/" });
    expect(c?.secure).toBeFalsy();
    expect(c?.value.length).toBeGreaterThanOrEqual(40);
    expect(c?.maxAge).toBe(12 * 3600);
  });

  it("an API client without the header still gets the token in the answer (SPEC.md §7)", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/Account/LogIn",
      payload: { userName: "consultor", password: CLAVE },
    });
    expect(res.json()).toMatchObject({ success: true, token: expect.stringMatching(/.{40,}/) });
  });

  it("a failed sign-in sets no cookie", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/Account/LogIn",
      headers: { "sec-fetch-site": "same-origin" },
      payload: { userName: "consultor", password: "Otra.Clave.Cualquiera" },
    });
    expect(res.json().success).toBe(false);
    expect(res.cookies).toEqual([]);
  });

  it("another site's page cannot sign the browser in: no cookie for a cross-site sign-in", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/Account/LogIn",
      headers: { "sec-fetch-site": "cross-site", origin: "https://malicioso.example" },
      payload: { userName: "consultor", password: CLAVE },
    });
    expect(res.json().success).toBe(true);
    expect(res.cookies).toEqual([]);
  });

  it("over HTTPS behind the trusted proxy: Secure, __Host- prefix, Path=/ even under BASE_PATH", async () => {
    const res = await entrarComoWeb(conBase, "consultor", { "x-forwarded-proto": "https" }, "/RegistroFirmas/api");
    const c = cookieDe(res, "__Host-rf_sesion");
    expect(c).toMatchObject({ httpOnly: true, secure: true, sameSite: "Strict", path: "/" });
    expect(c?.domain).toBeUndefined();
    expect(cookieDe(res, "rf_sesion")).toBeUndefined();
  });

  it("over plain HTTP under BASE_PATH the cookie is scoped to the base path", async () => {
    const res = await entrarComoWeb(conBase, "consultor", {}, "/RegistroFirmas/api");
    expect(cookieDe(res, "rf_sesion")).toMatchObject({ path: "/RegistroFirmas/", httpOnly: true });
  });

  it("an untrusted proxy's X-Forwarded-Proto does not make the app think it is on HTTPS", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/Account/LogIn",
      remoteAddress: "203.0.113.9",
      headers: { "sec-fetch-site": "same-origin", "x-forwarded-proto": "https" },
      payload: { userName: "consultor", password: CLAVE },
    });
    expect(cookieDe(res, "rf_sesion")).toBeDefined();
    expect(cookieDe(res, "__Host-rf_sesion")).toBeUndefined();
  });
});

describe("a user with a second factor", () => {
  /** Enrols an authenticator app for the user (as an API client); its recovery codes. */
  async function enrolarApp(usuario: string): Promise<string[]> {
    const token = await t.token(usuario);
    const ini = await t.app.inject({
      method: "POST",
      url: "/api/SegundoFactor/App/Iniciar",
      headers: { authorization: token },
    });
    const secreto: string = ini.json().data.secreto;
    const alta = await t.app.inject({
      method: "POST",
      url: "/api/SegundoFactor/App",
      headers: { authorization: token },
      payload: { nombre: "Teléfono", codigo: codigoDe(secreto) },
    });
    expect(alta.json().success).toBe(true);
    return alta.json().data.codigosRecuperacion;
  }
  const codigoDe = (secreto: string) =>
    new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secreto) }).generate({ timestamp: Date.now() });

  it("the password's answer (a challenge, no token) sets no cookie; the second factor's answer sets it", async () => {
    const [codigoRecuperacion] = await enrolarApp("analista");
    const paso1 = await entrarComoWeb(t, "analista");
    expect(paso1.json()).toMatchObject({ success: true, segundoFactor: true });
    expect(paso1.json().token).toBeUndefined();
    expect(paso1.cookies).toEqual([]);

    const paso2 = await t.app.inject({
      method: "POST",
      url: "/api/Account/LogIn/SegundoFactor",
      headers: { "sec-fetch-site": "same-origin", "x-registro-sesion": "cookie" },
      payload: { desafio: paso1.json().desafio, codigoRecuperacion },
    });
    expect(paso2.json()).toEqual({ success: true, message: MSG.loginExitoso });
    const c = cookieDe(paso2, "rf_sesion");
    expect(c).toMatchObject({ httpOnly: true, sameSite: "Strict", path: "/" });
    const datos = await t.app.inject({
      method: "GET",
      url: "/api/Account/GetUserData",
      cookies: { rf_sesion: c?.value ?? "" },
    });
    expect(datos.json().usuario.usuario).toBe("analista");
  });
});

describe("calls authenticated by the cookie", () => {
  let token: string;
  beforeAll(async () => {
    token = cookieDe(await entrarComoWeb(t, "originador"), "rf_sesion")?.value ?? "";
  });
  const crear = (headers: Record<string, string>) =>
    t.app.inject({
      method: "POST",
      url: "/api/SolicitudFirma/solicitud",
      cookies: { rf_sesion: token },
      headers,
      payload: {},
    });

  it("401 for a cookie whose session does not exist, and the browser is told to forget it", async () => {
    const res = await t.app.inject({
      method: "GET",
      url: "/api/Account/GetUserData",
      cookies: { rf_sesion: "x".repeat(43) },
    });
    expect(res.statusCode).toBe(401);
    expect(cookieDe(res, "rf_sesion")).toMatchObject({ value: "", path: "/" });
  });

  it("403 for a cross-site POST carrying the cookie (Sec-Fetch-Site), with DESIGN.md §3's answer", async () => {
    const res = await crear({ "sec-fetch-site": "cross-site", origin: "https://malicioso.example" });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ success: false, message: MSG.noAutorizado });
  });

  it("403 for a same-site (sibling host) POST carrying the cookie", async () => {
    expect((await crear({ "sec-fetch-site": "same-site" })).statusCode).toBe(403);
  });

  it("403 for another origin when the browser sends no Fetch metadata", async () => {
    expect((await crear({ origin: "http://otro.example" })).statusCode).toBe(403);
  });

  it("403 for a cookie-borne POST with neither Origin nor Sec-Fetch-Site", async () => {
    expect((await crear({})).statusCode).toBe(403);
  });

  it("403 for cookie-borne PUT and DELETE from another site too", async () => {
    const put = await t.app.inject({
      method: "PUT",
      url: "/api/Account/LogOff",
      cookies: { rf_sesion: token },
      headers: { "sec-fetch-site": "cross-site" },
    });
    expect(put.statusCode).toBe(403);
    const del = await t.app.inject({
      method: "DELETE",
      url: "/api/Funcionarios/DeleteFuncionario/1",
      cookies: { rf_sesion: token },
      headers: { origin: "https://malicioso.example" },
    });
    expect(del.statusCode).toBe(403);
    // The session was not ended by the refused sign-out.
    const datos = await t.app.inject({ method: "GET", url: "/api/Account/GetUserData", cookies: { rf_sesion: token } });
    expect(datos.statusCode).toBe(200);
  });

  it("a same-origin POST works: Sec-Fetch-Site same-origin, or the app's own Origin", async () => {
    const porMetadatos = await crear({ "sec-fetch-site": "same-origin" });
    expect(porMetadatos.statusCode).toBe(400);
    expect(porMetadatos.json().errors).toBeDefined();
    // Browsers leave the default port out of Origin; the Host header may carry it.
    expect((await crear({ origin: "http://localhost" })).statusCode).toBe(400);
    expect((await crear({ origin: "http://127.0.0.1:8080", host: "127.0.0.1:8080" })).statusCode).toBe(400);
    expect((await crear({ origin: "https://127.0.0.1:8080", host: "127.0.0.1:8080" })).statusCode).toBe(403);
    expect((await crear({ origin: "null" })).statusCode).toBe(403);
  });

  it("an Origin equal to the request's own Host is not enough when that host is not the app's (issue 34)", async () => {
    // Without PUBLIC_URL or ALLOWED_HOSTS only this machine's own names are trusted.
    expect((await crear({ origin: "http://firmas.example:8080", host: "firmas.example:8080" })).statusCode).toBe(403);
    expect(
      (await crear({ origin: "http://firmas.example", host: "firmas.example", "sec-fetch-site": "same-origin" }))
        .statusCode,
    ).toBe(403);
  });

  it("reads (GET) with the cookie need no origin check", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/Account/GetUserData", cookies: { rf_sesion: token } });
    expect(res.statusCode).toBe(200);
    expect(res.json().usuario.usuario).toBe("originador");
  });

  it("the Authorization header wins over the cookie, and header clients need no Origin", async () => {
    const otro = await t.token("consultor");
    const res = await t.app.inject({
      method: "GET",
      url: "/api/Account/GetUserData",
      cookies: { rf_sesion: token },
      headers: { authorization: otro },
    });
    expect(res.json().usuario.usuario).toBe("consultor");
    const post = await t.as("originador", { method: "POST", url: "/api/SolicitudFirma/solicitud", payload: {} });
    expect(post.statusCode).toBe(400);
  });

  it("the viewer's signed link works for a cookie session", async () => {
    const { idSolicitud } = await crearSolicitud(t.db);
    const [{ idAdjunto }] = await t.db
      .select()
      .from(adjuntos)
      .where(and(eq(adjuntos.idSolicitud, idSolicitud), isNull(adjuntos.idFuncionario)));
    const enlace = await t.app.inject({
      method: "POST",
      url: `/api/SolicitudFirma/EnlaceAdjunto/${idAdjunto}`,
      cookies: { rf_sesion: token },
      headers: { "sec-fetch-site": "same-origin" },
    });
    expect(enlace.statusCode).toBe(200);
    const ver = await t.app.inject({ method: "GET", url: `/${enlace.json().data.url}` });
    expect(ver.statusCode).toBe(200);
  });
});

describe("sign-out", () => {
  it("ends the session and clears the cookie", async () => {
    const token = cookieDe(await entrarComoWeb(t, "juridico"), "rf_sesion")?.value ?? "";
    const off = await t.app.inject({
      method: "PUT",
      url: "/api/Account/LogOff",
      cookies: { rf_sesion: token },
      headers: { "sec-fetch-site": "same-origin" },
    });
    expect(off.statusCode).toBe(200);
    const borrada = cookieDe(off, "rf_sesion");
    expect(borrada?.value).toBe("");
    expect(borrada?.expires?.getTime()).toBeLessThan(Date.now());
    const despues = await t.app.inject({
      method: "GET",
      url: "/api/Account/GetUserData",
      cookies: { rf_sesion: token },
    });
    expect(despues.statusCode).toBe(401);
  });

  it("a header client's sign-out ends its session as before", async () => {
    const token = (
      await t.app.inject({
        method: "POST",
        url: "/api/Account/LogIn",
        payload: { userName: "juridico2", password: CLAVE },
      })
    ).json().token;
    const off = await t.app.inject({ method: "PUT", url: "/api/Account/LogOff", headers: { authorization: token } });
    expect(off.json()).toEqual({ success: true, message: MSG.cierreSesion });
    const despues = await t.app.inject({
      method: "GET",
      url: "/api/Account/GetUserData",
      headers: { authorization: token },
    });
    expect(despues.statusCode).toBe(401);
  });
});

describe("the app's origin comes from its configuration (PUBLIC_URL, ALLOWED_HOSTS), not from the Host header", () => {
  let publica: TestApp;
  let token: string;
  beforeAll(async () => {
    publica = await crearTestApp({
      PUBLIC_URL: "https://firmas.contraloria.example/RegistroFirmas",
      ALLOWED_HOSTS: "10.0.0.5:3000",
    });
    token = cookieDe(await entrarComoWeb(publica, "originador"), "rf_sesion")?.value ?? "";
  });
  afterAll(() => publica?.close());
  const crear = (headers: Record<string, string>) =>
    publica.app.inject({
      method: "POST",
      url: "/api/SolicitudFirma/solicitud",
      cookies: { rf_sesion: token },
      headers,
      payload: {},
    });

  it("PUBLIC_URL's origin and ALLOWED_HOSTS are the app's; a Host of the caller's choosing is not", async () => {
    expect((await crear({ origin: "https://firmas.contraloria.example" })).statusCode).toBe(400);
    expect((await crear({ origin: "http://10.0.0.5:3000", host: "10.0.0.5:3000" })).statusCode).toBe(400);
    expect((await crear({ origin: "http://otro.example", host: "otro.example" })).statusCode).toBe(403);
    expect((await crear({ origin: "http://localhost", host: "localhost" })).statusCode).toBe(403);
    expect(
      (await crear({ origin: "https://otro.example", host: "otro.example", "sec-fetch-site": "same-origin" }))
        .statusCode,
    ).toBe(403);
  });
});
