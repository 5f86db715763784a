import { MSG } from "@registro/contracts";
import { eq, sql } from "drizzle-orm";
import Fastify from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { authPlugin } from "../../src/auth/auth.plugin.js";
import { hashPassword } from "../../src/auth/passwords.js";
import { loadConfig } from "../../src/config.js";
import { bloqueosAcceso, sesiones, usuarios } from "../../src/db/schema.js";
import { relojDelSistema } from "../../src/shared/tiempo.js";
import { crearTestApp, type TestApp } from "../support/app.js";
import { idUsuario } from "../support/factories.js";

let t: TestApp;
beforeAll(async () => {
  t = await crearTestApp({ SESSION_IDLE_MINUTES: "30", SESSION_MAX_HOURS: "12" });
});
afterAll(() => t.close());

const login = (userName: string, password: string) =>
  t.app.inject({ method: "POST", url: "/api/Account/LogIn", payload: { userName, password } });
const userData = (token: string) =>
  t.app.inject({ method: "GET", url: "/api/Account/GetUserData", headers: { authorization: token } });

describe("session expiry", () => {
  it("401 with the expired-session message after the idle limit", async () => {
    const token = (await login("juridico2", "Demo.Firmas.2026")).json().token;
    expect((await userData(token)).statusCode).toBe(200);
    const id = await idUsuario(t.db, "juridico2");
    await t.db
      .update(sesiones)
      .set({ ultimoUso: sql`now() - interval '31 minutes'` })
      .where(eq(sesiones.idUsuario, id));
    const res = await userData(token);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ success: false, message: MSG.sesionExpirada });
  });

  it("401 after the absolute limit even when active", async () => {
    const token = (await login("analista2", "Demo.Firmas.2026")).json().token;
    const id = await idUsuario(t.db, "analista2");
    await t.db.update(sesiones).set({ creada: sql`now() - interval '13 hours'` }).where(eq(sesiones.idUsuario, id));
    expect((await userData(token)).statusCode).toBe(401);
  });

  it("401 for a made-up token and for a malformed header", async () => {
    expect((await userData("x".repeat(43))).statusCode).toBe(401);
    expect((await userData("Bearer")).statusCode).toBe(401);
  });

  it("a disabled user's sessions stop working at once", async () => {
    const token = (await login("originador2", "Demo.Firmas.2026")).json().token;
    await t.db.update(usuarios).set({ activo: false }).where(eq(usuarios.usuario, "originador2"));
    expect((await userData(token)).statusCode).toBe(401);
    expect((await login("originador2", "Demo.Firmas.2026")).json()).toEqual({
      success: false,
      message: MSG.loginFallido,
    });
    await t.db.update(usuarios).set({ activo: true }).where(eq(usuarios.usuario, "originador2"));
  });
});

describe("lockout", () => {
  it("locks the user for 15 minutes after five failures, and says so whatever the password", async () => {
    for (let i = 0; i < 4; i++) {
      expect((await login("consultor", "equivocada-123")).json().message).toBe(MSG.loginFallido);
    }
    expect((await login("consultor", "equivocada-123")).json().message).toBe(MSG.cuentaBloqueada(15));
    const locked = await login("consultor", "Demo.Firmas.2026");
    expect(locked.json()).toEqual({ success: false, message: MSG.cuentaBloqueada(15) });
    const id = await idUsuario(t.db, "consultor");
    const [b] = await t.db.select().from(bloqueosAcceso).where(eq(bloqueosAcceso.idUsuario, id));
    expect(b.bloqueadoHasta!.getTime() - Date.now()).toBeGreaterThan(14 * 60_000);
    await t.db
      .update(bloqueosAcceso)
      .set({ bloqueadoHasta: sql`now() - interval '1 second'` })
      .where(eq(bloqueosAcceso.idUsuario, id));
    expect((await login("consultor", "Demo.Firmas.2026")).json().success).toBe(true);
    const [after] = await t.db.select().from(usuarios).where(eq(usuarios.idUsuario, id));
    expect(after.intentosFallidos).toBe(0);
    expect(await t.db.select().from(bloqueosAcceso).where(eq(bloqueosAcceso.idUsuario, id))).toEqual([]);
  });
});

describe("PUT /api/Account/CambiarContraseña", () => {
  const url = `/api/Account/${encodeURIComponent("CambiarContraseña")}`;
  const cambiar = (token: string | null, payload: object) =>
    t.app.inject({
      method: "PUT",
      url,
      payload: { ContraseñaActual: "Demo.Firmas.2026", ...payload },
      headers: token ? { authorization: token } : {},
    });

  it("401 without a token", async () => {
    expect((await cambiar(null, {})).statusCode).toBe(401);
  });

  it("400 for each password rule, on the right field", async () => {
    const token = await t.token("administrador");
    const casos: [object, string, string][] = [
      [{ NuevaContraseña: "corta", ConfirmarContraseña: "corta" }, "NuevaContraseña", MSG.claveLongitud],
      [
        { NuevaContraseña: "x".repeat(129), ConfirmarContraseña: "x".repeat(129) },
        "NuevaContraseña",
        MSG.claveLongitud,
      ],
      [
        { NuevaContraseña: "administrador", ConfirmarContraseña: "administrador" },
        "NuevaContraseña",
        MSG.claveIgualUsuario,
      ],
      [{ NuevaContraseña: "password1234", ConfirmarContraseña: "password1234" }, "NuevaContraseña", MSG.claveComun],
      [
        { NuevaContraseña: "Una.Clave.Larga.1", ConfirmarContraseña: "Otra.Clave.Larga.1" },
        "ConfirmarContraseña",
        MSG.claveNoCoincide,
      ],
    ];
    for (const [payload, campo, mensaje] of casos) {
      const res = await cambiar(token, payload);
      expect(res.statusCode).toBe(400);
      expect(res.json().errors[campo]).toEqual([mensaje]);
    }
  });

  it("400 without the current password, or with a wrong one; nothing changes", async () => {
    const token = await t.token("administrador");
    const nueva = { NuevaContraseña: "Sol.Marino.Tranquilo.44", ConfirmarContraseña: "Sol.Marino.Tranquilo.44" };
    const sin = await cambiar(token, { ...nueva, ContraseñaActual: "" });
    expect(sin.statusCode).toBe(400);
    expect(sin.json().errors).toEqual({ ContraseñaActual: [MSG.requerido] });
    const mala = await cambiar(token, { ...nueva, ContraseñaActual: "No.Es.La.Actual.1" });
    expect(mala.statusCode).toBe(400);
    expect(mala.json().errors).toEqual({ ContraseñaActual: [MSG.claveActualIncorrecta] });
    expect((await login("administrador", "Demo.Firmas.2026")).json().success).toBe(true);
  });

  it("refuses well-known passwords (a list of a million), the demo password, and the user's own data", async () => {
    const token = await t.token("administrador");
    const comunes = [
      "1q2w3e4r5t6y",
      "P@ssw0rd1234",
      "contrasena12",
      "qwertyuiop123",
      "iloveyou1234",
      "Password12345",
      "Contraseña2026",
      "bienvenido123",
      "abc123456789",
      "123456789012",
    ];
    for (const clave of comunes) {
      const res = await cambiar(token, { NuevaContraseña: clave, ConfirmarContraseña: clave });
      expect(res.json().errors?.NuevaContraseña, clave).toEqual([MSG.claveComun]);
    }
    // For another user, "administrador1" is just a common password.
    const otro = await cambiar(await t.token("originador"), {
      NuevaContraseña: "administrador1",
      ConfirmarContraseña: "administrador1",
    });
    expect(otro.json().errors?.NuevaContraseña).toEqual([MSG.claveComun]);
    const [admin] = await t.db.select().from(usuarios).where(eq(usuarios.usuario, "administrador"));
    const propias = [
      "Demo.Firmas.2026",
      "RegistroDeFirmas!2026",
      `${admin.nombre}.Segura.2026`,
      `Clave-${admin.cedula}`,
      "mi.administrador.es.bueno",
    ];
    for (const clave of propias) {
      const res = await cambiar(token, { NuevaContraseña: clave, ConfirmarContraseña: clave });
      expect(res.json().errors?.NuevaContraseña, clave).toEqual([MSG.claveDatosPersonales]);
    }
    const buena = await cambiar(token, {
      NuevaContraseña: "Sol.Marino.Tranquilo.44",
      ConfirmarContraseña: "Sol.Marino.Tranquilo.44",
    });
    expect(buena.json().success).toBe(true);
    await t.db
      .update(usuarios)
      .set({ passwordHash: admin.passwordHash })
      .where(eq(usuarios.idUsuario, admin.idUsuario));
  });

  it("403 when changing someone else's password", async () => {
    const token = await t.token("administrador");
    const otro = await idUsuario(t.db, "consultor");
    const res = await cambiar(token, {
      idUsuario: otro,
      NuevaContraseña: "Una.Clave.Larga.1",
      ConfirmarContraseña: "Una.Clave.Larga.1",
    });
    expect(res.statusCode).toBe(403);
  });

  it("changes it, ends the other sessions, keeps this one, and the new password signs in", async () => {
    const a = (await login("juridico", "Demo.Firmas.2026")).json().token;
    const b = (await login("juridico", "Demo.Firmas.2026")).json().token;
    const id = await idUsuario(t.db, "juridico");
    const res = await cambiar(a, {
      idUsuario: id,
      NuevaContraseña: "Nueva.Clave.Abogacia.26",
      ConfirmarContraseña: "Nueva.Clave.Abogacia.26",
    });
    expect(res.json()).toEqual({ success: true, message: MSG.claveActualizada });
    expect((await userData(a)).statusCode).toBe(200);
    expect((await userData(b)).statusCode).toBe(401);
    expect((await login("juridico", "Demo.Firmas.2026")).json().success).toBe(false);
    expect((await login("juridico", "Nueva.Clave.Abogacia.26")).json().success).toBe(true);
  });

  it("a user who must change a temporary password may only read user data, change it, or sign out", async () => {
    await t.db
      .update(usuarios)
      .set({ passwordHash: await hashPassword("Temporal.Clave.2026"), cambioClave: true })
      .where(eq(usuarios.usuario, "analista"));
    const token = (await login("analista", "Temporal.Clave.2026")).json().token;
    expect((await userData(token)).json().usuario.cambioClave).toBe(true);
    const otra = await t.app.inject({
      method: "GET",
      url: "/api/Usuarios/CargarCriterios",
      headers: { authorization: token },
    });
    expect(otra.statusCode).toBe(403);
    expect(otra.json().message).toBe(MSG.cambioClaveRequerido);
    const ok = await cambiar(token, {
      ContraseñaActual: "Temporal.Clave.2026",
      NuevaContraseña: "Definitiva.Clave.2026",
      ConfirmarContraseña: "Definitiva.Clave.2026",
    });
    expect(ok.json().success).toBe(true);
    expect((await userData(token)).json().usuario.cambioClave).toBe(false);
  });
});

describe("guards", () => {
  it("403 'No está autorizado' for a route whose views the profile lacks", async () => {
    const res = await t.as("consultor", { method: "GET", url: "/api/SolicitudFirma/GetBandejaAnalista" });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ success: false, message: MSG.noAutorizado });
  });

  it("a route under /api that declares no access fails at start", async () => {
    const app = Fastify({ logger: false });
    await app.register(authPlugin, { db: t.db, config: loadConfig({}), reloj: relojDelSistema });
    expect(() => app.get("/api/Abierta", async () => ({ ok: true }))).toThrow(/declares no access/);
    await app.close();
  });

  it("401 without a token on a guarded route", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/SolicitudFirma/GetBandejaOriginador" });
    expect(res.statusCode).toBe(401);
  });

  it("rate-limits sign-in per address", async () => {
    const limited = await crearTestApp({ LOGIN_RATE_LIMIT: "3" });
    try {
      const codes: number[] = [];
      for (let i = 0; i < 4; i++) {
        const r = await limited.app.inject({
          method: "POST",
          url: "/api/Account/LogIn",
          payload: { userName: "x", password: "y" },
        });
        codes.push(r.statusCode);
      }
      expect(codes.slice(0, 3)).toEqual([200, 200, 200]);
      expect(codes[3]).toBe(429);
    } finally {
      await limited.close();
    }
  });
});
