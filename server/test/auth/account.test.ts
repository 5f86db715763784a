import { MSG } from "@registro/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { crearTestApp, type TestApp } from "../support/app.js";

let t: TestApp;
beforeAll(async () => {
  t = await crearTestApp();
});
afterAll(() => t.close());

describe("POST /api/Account/LogIn", () => {
  it("400 with field errors for empty fields", async () => {
    const res = await t.app.inject({ method: "POST", url: "/api/Account/LogIn", payload: {} });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, message: MSG.datosInvalidos });
    expect(res.json().errors.userName).toBeDefined();
  });

  it("400 in Spanish for malformed JSON, never a 500", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/Account/LogIn",
      headers: { "content-type": "application/json" },
      payload: "{bad",
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(MSG.datosInvalidos);
  });

  it("one generic message for unknown user and wrong password", async () => {
    const a = await t.app.inject({
      method: "POST",
      url: "/api/Account/LogIn",
      payload: { userName: "nadie", password: "x" },
    });
    const b = await t.app.inject({
      method: "POST",
      url: "/api/Account/LogIn",
      payload: { userName: "consultor", password: "x" },
    });
    expect(a.json()).toEqual({ success: false, message: MSG.loginFallido });
    expect(b.json()).toEqual({ success: false, message: MSG.loginFallido });
  });

  it("binds field names case-insensitively and returns a token", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/Account/LogIn",
      payload: { UserName: "analista", Password: "Demo.Firmas.2026" },
    });
    expect(res.json()).toMatchObject({ success: true });
    expect(res.json().token).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });
});

describe("GET /api/Account/GetUserData", () => {
  it("401 without a token", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/Account/GetUserData" });
    expect(res.statusCode).toBe(401);
  });

  it("returns the user and the profile's views, bare or Bearer", async () => {
    const token = await t.token("originador");
    for (const authorization of [token, `Bearer ${token}`]) {
      const res = await t.app.inject({ method: "GET", url: "/api/Account/GetUserData", headers: { authorization } });
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body.usuario).toMatchObject({ usuario: "originador", perfil: "Originador", cambioClave: false });
      expect(body.vistas.map((v: { nombre: string }) => v.nombre)).toContain("Originador");
    }
  });
});

describe("PUT /api/Account/LogOff", () => {
  it("revokes the token at once", async () => {
    const token = await t.token("consultor");
    const off = await t.app.inject({ method: "PUT", url: "/api/Account/LogOff", headers: { authorization: token } });
    expect(off.json()).toEqual({ success: true, message: MSG.cierreSesion });
    const after = await t.app.inject({
      method: "GET",
      url: "/api/Account/GetUserData",
      headers: { authorization: token },
    });
    expect(after.statusCode).toBe(401);
  });
});
