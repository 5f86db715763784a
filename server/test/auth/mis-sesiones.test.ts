/**
 * "Mis sesiones": GET api/Account/Sesiones, DELETE api/Account/Sesiones/{idSesion},
 * PUT api/Account/Sesiones/CerrarOtras. A user lists and ends only their own sessions; each
 * session shows the browser and system of its User-Agent, its address, start and last use.
 */
import { MSG, type SesionActiva } from "@registro/contracts";
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { describirAgente } from "../../src/auth/sesiones.service.js";
import { auditoria, sesiones } from "../../src/db/schema.js";
import { DEMO_PASSWORD } from "../../src/seed/demo.js";
import { crearTestApp, type TestApp } from "../support/app.js";
import { idUsuario } from "../support/factories.js";

const CHROME_WINDOWS =
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";
const SAFARI_IPHONE =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.1 Mobile/15E148 Safari/604.1";

let t: TestApp;
beforeAll(async () => {
  t = await crearTestApp();
});
afterAll(() => t?.close());

/** A session of its own, opened from this address and browser. */
async function entrar(usuario: string, agente: string, direccion: string): Promise<string> {
  const res = await t.app.inject({
    method: "POST",
    url: "/api/Account/LogIn",
    headers: { "user-agent": agente },
    remoteAddress: direccion,
    payload: { userName: usuario, password: DEMO_PASSWORD },
  });
  return res.json().token;
}

const listar = (token: string) =>
  t.app.inject({ method: "GET", url: "/api/Account/Sesiones", headers: { authorization: token } });
const cerrar = (token: string, id: number | string) =>
  t.app.inject({ method: "DELETE", url: `/api/Account/Sesiones/${id}`, headers: { authorization: token } });
const cerrarOtras = (token: string) =>
  t.app.inject({ method: "PUT", url: "/api/Account/Sesiones/CerrarOtras", headers: { authorization: token } });
const datos = (token: string) =>
  t.app.inject({ method: "GET", url: "/api/Account/GetUserData", headers: { authorization: token } });

describe("failures first", () => {
  it("401 without a session on each call", async () => {
    expect((await t.app.inject({ method: "GET", url: "/api/Account/Sesiones" })).statusCode).toBe(401);
    expect((await t.app.inject({ method: "DELETE", url: "/api/Account/Sesiones/1" })).statusCode).toBe(401);
    expect((await t.app.inject({ method: "PUT", url: "/api/Account/Sesiones/CerrarOtras" })).statusCode).toBe(401);
  });

  it("400 for an id that is not one, on its field", async () => {
    const token = await entrar("analista", CHROME_WINDOWS, "192.0.2.1");
    const res = await cerrar(token, "abc");
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      success: false,
      message: MSG.datosInvalidos,
      errors: { idSesion: expect.any(Array) },
    });
  });

  it("another user's session answers as a missing one (404), and stays open", async () => {
    const suya = await entrar("juridico", CHROME_WINDOWS, "192.0.2.2");
    const [{ idSesion }] = (await listar(suya)).json() as SesionActiva[];
    const mia = await entrar("analista", CHROME_WINDOWS, "192.0.2.3");
    const res = await cerrar(mia, idSesion);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ success: false, message: MSG.sesionNoEncontrada });
    expect((await cerrar(mia, 99_999_999)).json()).toEqual(res.json());
    expect((await datos(suya)).statusCode).toBe(200);
    // Nor does another user's session appear in the list.
    expect(((await listar(mia)).json() as SesionActiva[]).map((s) => s.idSesion)).not.toContain(idSesion);
  });

  it("the current session is not ended here (that is «Cerrar sesión»)", async () => {
    const token = await entrar("analista", CHROME_WINDOWS, "192.0.2.4");
    const actual = ((await listar(token)).json() as SesionActiva[]).find((s) => s.actual)!;
    expect((await cerrar(token, actual.idSesion)).json()).toEqual({
      success: false,
      message: MSG.sesionActualNoSeCierraAqui,
    });
    expect((await datos(token)).statusCode).toBe(200);
  });
});

describe("listing and ending", () => {
  it("lists the open sessions with browser, system, address, start and last use; «actual» marks this one", async () => {
    const pc = await entrar("consultor", CHROME_WINDOWS, "198.51.100.10");
    const telefono = await entrar("consultor", SAFARI_IPHONE, "203.0.113.44");
    const lista = (await listar(telefono)).json() as SesionActiva[];
    expect(lista).toHaveLength(2);
    const [primera, segunda] = lista;
    expect(primera).toMatchObject({
      navegador: "Safari 17",
      sistema: "iOS 17.1",
      direccion: "203.0.113.44",
      actual: true,
    });
    expect(segunda).toMatchObject({
      navegador: "Chrome 131",
      sistema: "Windows 10",
      direccion: "198.51.100.10",
      actual: false,
    });
    expect(Date.now() - Date.parse(primera.inicio)).toBeLessThan(60_000);
    expect(Date.parse(primera.ultimoUso)).toBeGreaterThanOrEqual(Date.parse(primera.inicio));
    // Seen from the other session, that one is «actual».
    const desdePc = (await listar(pc)).json() as SesionActiva[];
    expect(desdePc.find((s) => s.actual)?.idSesion).toBe(segunda.idSesion);
  });

  it("ended and expired sessions are not listed", async () => {
    const a = await entrar("juridico2", CHROME_WINDOWS, "192.0.2.20");
    const b = await entrar("juridico2", CHROME_WINDOWS, "192.0.2.21");
    const c = await entrar("juridico2", CHROME_WINDOWS, "192.0.2.22");
    await t.app.inject({ method: "PUT", url: "/api/Account/LogOff", headers: { authorization: b } });
    const id = await idUsuario(t.db, "juridico2");
    await t.db
      .update(sesiones)
      .set({ ultimoUso: sql`now() - interval '31 minutes'` })
      .where(and(eq(sesiones.idUsuario, id), eq(sesiones.direccion, "192.0.2.22")));
    expect((await datos(c)).statusCode).toBe(401);
    const lista = (await listar(a)).json() as SesionActiva[];
    expect(lista.map((s) => s.direccion)).toEqual(["192.0.2.20"]);
  });

  it("ends another session of one's own: its next call is 401; audited", async () => {
    const otra = await entrar("administrador", CHROME_WINDOWS, "192.0.2.30");
    const esta = await entrar("administrador", SAFARI_IPHONE, "192.0.2.31");
    const objetivo = ((await listar(esta)).json() as SesionActiva[]).find((s) => !s.actual)!;
    expect((await cerrar(esta, objetivo.idSesion)).json()).toEqual({ success: true, message: MSG.sesionCerrada });
    expect((await datos(otra)).statusCode).toBe(401);
    expect((await datos(esta)).statusCode).toBe(200);
    // Ending it again: it is gone.
    expect((await cerrar(esta, objetivo.idSesion)).statusCode).toBe(404);
    const [entrada] = await t.db
      .select()
      .from(auditoria)
      .where(and(eq(auditoria.accion, "cerrar_sesiones"), eq(auditoria.idEntidad, "administrador")));
    expect(entrada.despues).toEqual({ sesiones: [objetivo.idSesion] });
    expect(entrada.idUsuario).toBe(await idUsuario(t.db, "administrador"));
  });

  it("ends all the others and keeps this one", async () => {
    const otras = [
      await entrar("originador2", CHROME_WINDOWS, "192.0.2.40"),
      await entrar("originador2", CHROME_WINDOWS, "192.0.2.41"),
    ];
    const esta = await entrar("originador2", SAFARI_IPHONE, "192.0.2.42");
    const antes = ((await listar(esta)).json() as SesionActiva[]).length;
    expect(antes).toBeGreaterThanOrEqual(3);
    expect((await cerrarOtras(esta)).json()).toEqual({ success: true, message: MSG.otrasSesionesCerradas(antes - 1) });
    for (const o of otras) expect((await datos(o)).statusCode).toBe(401);
    expect(((await listar(esta)).json() as SesionActiva[]).map((s) => s.actual)).toEqual([true]);
    expect((await cerrarOtras(esta)).json()).toEqual({ success: true, message: "No había otras sesiones abiertas." });
  });

  it("a password change still ends the other sessions", async () => {
    const otra = await entrar("analista2", CHROME_WINDOWS, "192.0.2.50");
    const esta = await entrar("analista2", SAFARI_IPHONE, "192.0.2.51");
    const res = await t.app.inject({
      method: "PUT",
      url: "/api/Account/CambiarContraseña",
      headers: { authorization: esta },
      payload: {
        ContraseñaActual: DEMO_PASSWORD,
        NuevaContraseña: "Girasol.Marino.Veloz.47",
        ConfirmarContraseña: "Girasol.Marino.Veloz.47",
      },
    });
    expect(res.json().success).toBe(true);
    expect((await datos(otra)).statusCode).toBe(401);
    expect(((await listar(esta)).json() as SesionActiva[]).map((s) => s.actual)).toEqual([true]);
  });
});

describe("what the ended session is told, and the list's order (issue 35 items 10)", () => {
  it("a session ended from «Mis sesiones» is told so, not that it expired; others still read «expirado»", async () => {
    const una = await entrar("verificador", CHROME_WINDOWS, "192.0.2.60");
    const dos = await entrar("verificador", CHROME_WINDOWS, "192.0.2.61");
    const esta = await entrar("verificador", SAFARI_IPHONE, "192.0.2.62");
    const lista = (await listar(esta)).json() as SesionActiva[];
    const idUna = lista.find((s) => s.direccion === "192.0.2.60")!.idSesion;
    await cerrar(esta, idUna);
    const cerrada = await datos(una);
    expect(cerrada.statusCode).toBe(401);
    expect(cerrada.json()).toEqual({ success: false, message: MSG.sesionCerradaDesdeMisSesiones });
    await cerrarOtras(esta);
    expect((await datos(dos)).json()).toEqual({ success: false, message: MSG.sesionCerradaDesdeMisSesiones });
    // Signed out, or expired: the usual answer.
    await t.app.inject({ method: "PUT", url: "/api/Account/LogOff", headers: { authorization: esta } });
    expect((await datos(esta)).json()).toEqual({ success: false, message: MSG.sesionExpirada });
  });

  it("lists the current session first, even when another was used later", async () => {
    const esta = await entrar("configuracion", CHROME_WINDOWS, "192.0.2.70");
    const otra = await entrar("configuracion", SAFARI_IPHONE, "192.0.2.71");
    await t.db
      .update(sesiones)
      .set({ ultimoUso: sql`now() - interval '30 seconds'` })
      .where(eq(sesiones.direccion, "192.0.2.70"));
    expect((await datos(otra)).statusCode).toBe(200);
    const lista = (await listar(esta)).json() as SesionActiva[];
    expect(lista[0]).toMatchObject({ actual: true, direccion: "192.0.2.70" });
  });
});

describe("describirAgente", () => {
  it("reads browsers and systems, and says «Desconocido» for what it cannot read", () => {
    expect(describirAgente(CHROME_WINDOWS)).toEqual({ navegador: "Chrome 131", sistema: "Windows 10" });
    expect(
      describirAgente(
        "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36",
      ),
    ).toEqual({ navegador: "Chrome 131", sistema: "Android 14" });
    expect(
      describirAgente("Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7; rv:133.0) Gecko/20100101 Firefox/133.0"),
    ).toEqual({
      navegador: "Firefox 133",
      sistema: "macOS Catalina",
    });
    expect(describirAgente("curl/8.5.0").sistema).toBe("Desconocido");
    expect(describirAgente(null)).toEqual({ navegador: "Desconocido", sistema: "Desconocido" });
  });
});
