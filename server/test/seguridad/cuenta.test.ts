/**
 * Lockout (OWASP authentication guidance): failures count per account and client address;
 * five from one address lock the account there for 15 minutes while other addresses still sign in;
 * twenty from all addresses lock the account everywhere; while locked, the right password and a
 * wrong one get the same answer, which says the account is temporarily locked and for how long; a
 * count restarts when its lock expires; the password reset and "Desbloquear" unlock any user,
 * internal ones included; "bloqueado" shows in the users list; locks and unlocks are audited.
 */
import { MSG } from "@registro/contracts";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MAX_INTENTOS_CUENTA } from "../../src/auth/auth.service.js";
import { auditoria, bloqueosAcceso, sesiones, usuarios } from "../../src/db/schema.js";
import { DEMO_PASSWORD } from "../../src/seed/demo.js";
import { crearTestApp, type TestApp } from "../support/app.js";
import { idUsuario } from "../support/factories.js";

let t: TestApp;
beforeAll(async () => {
  t = await crearTestApp();
});
afterAll(() => t?.close());

const login = (userName: string, password: string, remoteAddress = "198.51.100.1") =>
  t.app.inject({ method: "POST", url: "/api/Account/LogIn", payload: { userName, password }, remoteAddress });

/** Fails `veces` times: every answer but the last is the generic one; returns the last. */
async function fallar(usuario: string, veces: number, direccion: (i: number) => string) {
  for (let i = 0; i < veces - 1; i++) {
    expect((await login(usuario, "equivocada-123", direccion(i))).json()).toEqual({
      success: false,
      message: MSG.loginFallido,
    });
  }
  return (await login(usuario, "equivocada-123", direccion(veces - 1))).json();
}

const bloqueada = (minutos: number) => ({ success: false, message: MSG.cuentaBloqueada(minutos) });

async function bloqueadoEnLista(usuario: string): Promise<boolean> {
  const res = await t.as("configuracion", { method: "GET", url: "/api/Usuarios" });
  return (res.json() as { usuario: string; bloqueado: boolean }[]).find((u) => u.usuario === usuario)!.bloqueado;
}

async function acciones(id: number): Promise<string[]> {
  const rows = await t.db
    .select({ accion: auditoria.accion })
    .from(auditoria)
    .where(sql`${auditoria.entidad} = 'Usuario' and ${auditoria.idEntidad} = ${String(id)}`)
    .orderBy(auditoria.idAuditoria);
  return rows.map((r) => r.accion);
}

describe("lockout per account and address", () => {
  it("five failures from one address lock it there only; other addresses still sign in", async () => {
    // The failure that starts the lock already says so.
    expect(await fallar("juridico2", 5, () => "203.0.113.7")).toEqual(bloqueada(15));
    // Right or wrong password, the same answer: the lock says nothing about the password.
    const correcta = (await login("juridico2", DEMO_PASSWORD, "203.0.113.7")).json();
    const equivocada = (await login("juridico2", "equivocada-456", "203.0.113.7")).json();
    expect(correcta).toEqual(bloqueada(15));
    expect(equivocada).toEqual(correcta);
    expect(await bloqueadoEnLista("juridico2")).toBe(true);
    expect(await acciones(await idUsuario(t.db, "juridico2"))).toContain("bloquear");
    expect((await login("juridico2", DEMO_PASSWORD, "192.0.2.50")).json().success).toBe(true);
  });

  it("when a lock expires the count restarts: one more failure does not lock again", async () => {
    expect(await fallar("analista2", 5, () => "203.0.113.8")).toEqual(bloqueada(15));
    const id = await idUsuario(t.db, "analista2");
    await t.db
      .update(bloqueosAcceso)
      .set({ bloqueadoHasta: sql`now() - interval '1 second'` })
      .where(eq(bloqueosAcceso.idUsuario, id));
    expect(await fallar("analista2", 1, () => "203.0.113.8")).toEqual({ success: false, message: MSG.loginFallido });
    expect(await bloqueadoEnLista("analista2")).toBe(false);
    expect((await login("analista2", DEMO_PASSWORD, "203.0.113.8")).json().success).toBe(true);
  });

  it("failures from many addresses lock the whole account at the higher threshold", async () => {
    // Four per address never locks an address; the account-wide count still adds up.
    const ultimo = await fallar("originador2", MAX_INTENTOS_CUENTA, (i) => `198.18.${Math.floor(i / 4)}.1`);
    expect(ultimo).toEqual(bloqueada(15));
    const [u] = await t.db.select().from(usuarios).where(eq(usuarios.usuario, "originador2"));
    expect(u.bloqueadoHasta!.getTime() - Date.now()).toBeGreaterThan(14 * 60_000);
    expect((await login("originador2", DEMO_PASSWORD, "192.0.2.99")).json()).toEqual(bloqueada(15));
    expect(await bloqueadoEnLista("originador2")).toBe(true);
  });

  it("the password reset unlocks any user, internal ones included, and is audited", async () => {
    await fallar("analista", 5, () => "203.0.113.9");
    const id = await idUsuario(t.db, "analista");
    expect(await bloqueadoEnLista("analista")).toBe(true);
    const res = await t.as("configuracion", { method: "PUT", url: `/api/Usuarios/ResetPassword/${id}` });
    expect(res.json()).toMatchObject({ success: true, message: MSG.claveReiniciada });
    expect(await bloqueadoEnLista("analista")).toBe(false);
    expect(await acciones(id)).toEqual(["bloquear", "reiniciar_clave", "desbloquear"]);
    const temporal = res.json().data.password as string;
    expect((await login("analista", temporal, "203.0.113.9")).json().success).toBe(true);
  });

  it("an unknown user name locks as an account does (issue 34.4), and leaves no account lock behind", async () => {
    expect(await fallar("no-existe", 5, () => "203.0.113.10")).toEqual(bloqueada(15));
    const [{ n }] = await t.db.select({ n: sql<number>`count(*)::int` }).from(bloqueosAcceso);
    expect(n).toBeGreaterThan(0);
    const filas = await t.db.select().from(bloqueosAcceso).where(eq(bloqueosAcceso.direccion, "203.0.113.10"));
    expect(filas).toEqual([]);
  });
});

describe("the locked account's answer", () => {
  it("says how long the lock still lasts, in whole minutes rounded up, and 1 minuto at the end", async () => {
    const id = await idUsuario(t.db, "juridico");
    await t.db
      .update(usuarios)
      .set({ bloqueadoHasta: sql`now() + interval '3 minutes 10 seconds'` })
      .where(eq(usuarios.idUsuario, id));
    expect((await login("juridico", DEMO_PASSWORD, "192.0.2.60")).json()).toEqual(bloqueada(4));
    expect(MSG.cuentaBloqueada(4)).toContain("en 4 minutos");
    await t.db
      .update(usuarios)
      .set({ bloqueadoHasta: sql`now() + interval '20 seconds'` })
      .where(eq(usuarios.idUsuario, id));
    const casi = (await login("juridico", "equivocada-789", "192.0.2.60")).json();
    expect(casi).toEqual(bloqueada(1));
    expect(casi.message).toContain("en 1 minuto ");
    await t.db.update(usuarios).set({ bloqueadoHasta: null }).where(eq(usuarios.idUsuario, id));
  });

  it("an inactive user's account lock is not told: the name is answered as an unknown one", async () => {
    const id = await idUsuario(t.db, "verificador");
    await t.db
      .update(usuarios)
      .set({ activo: false, bloqueadoHasta: sql`now() + interval '10 minutes'` })
      .where(eq(usuarios.idUsuario, id));
    expect((await login("verificador", DEMO_PASSWORD, "192.0.2.61")).json()).toEqual({
      success: false,
      message: MSG.loginFallido,
    });
    await t.db.update(usuarios).set({ activo: true, bloqueadoHasta: null }).where(eq(usuarios.idUsuario, id));
  });
});

describe("Desbloquear: PUT api/Usuarios/Desbloquear/{idUsuario}", () => {
  const desbloquear = (quien: Parameters<TestApp["as"]>[0], id: number | string) =>
    t.as(quien, { method: "PUT", url: `/api/Usuarios/Desbloquear/${id}` });

  it("401 without a session, 400 for a bad id, 403 for other profiles, 404 for an unknown user", async () => {
    const id = await idUsuario(t.db, "consultor");
    expect((await desbloquear(null, id)).statusCode).toBe(401);
    const mala = await desbloquear("configuracion", "abc");
    expect(mala.statusCode).toBe(400);
    expect(mala.json().errors).toBeDefined();
    expect((await desbloquear("administrador", id)).statusCode).toBe(403);
    expect((await desbloquear("originador", id)).statusCode).toBe(403);
    expect((await desbloquear("configuracion", 999_999)).statusCode).toBe(404);
  });

  it("a user who is not locked is told so and nothing is audited", async () => {
    const id = await idUsuario(t.db, "consultor");
    expect((await desbloquear("configuracion", id)).json()).toEqual({
      success: false,
      message: MSG.usuarioNoBloqueado,
    });
    expect(await acciones(id)).not.toContain("desbloquear");
  });

  it("lifts every lock (address and account) without changing the password, and is audited", async () => {
    expect(await fallar("administrador", 5, () => "203.0.113.20")).toEqual(bloqueada(15));
    const id = await idUsuario(t.db, "administrador");
    await t.db
      .update(usuarios)
      .set({ bloqueadoHasta: sql`now() + interval '15 minutes'` })
      .where(eq(usuarios.idUsuario, id));
    expect(await bloqueadoEnLista("administrador")).toBe(true);
    const res = await desbloquear("configuracion", id);
    expect(res.json()).toEqual({ success: true, message: MSG.usuarioDesbloqueado });
    expect(await bloqueadoEnLista("administrador")).toBe(false);
    const [entrada] = await t.db
      .select()
      .from(auditoria)
      .where(
        sql`${auditoria.entidad} = 'Usuario' and ${auditoria.idEntidad} = ${String(id)} and ${auditoria.accion} = 'desbloquear'`,
      );
    expect(entrada.idUsuario).toBe(await idUsuario(t.db, "configuracion"));
    expect(entrada.antes).toMatchObject({ bloqueado: true });
    expect(entrada.despues).toMatchObject({ bloqueado: false });
    // The same password works again at once, from the address that was locked.
    expect((await login("administrador", DEMO_PASSWORD, "203.0.113.20")).json().success).toBe(true);
  });
});

describe("sessions in use stay alive; answers are not cached", () => {
  it("with a one-minute idle limit, a call refreshes the last use well before the limit", async () => {
    const corta = await crearTestApp({ SESSION_IDLE_MINUTES: "1" });
    try {
      const token = await corta.token("consultor");
      const id = await idUsuario(corta.db, "consultor");
      await corta.db
        .update(sesiones)
        .set({ ultimoUso: sql`now() - interval '50 seconds'` })
        .where(eq(sesiones.idUsuario, id));
      const datos = () =>
        corta.app.inject({ method: "GET", url: "/api/Account/GetUserData", headers: { authorization: token } });
      expect((await datos()).statusCode).toBe(200);
      const [s] = await corta.db.select().from(sesiones).where(eq(sesiones.idUsuario, id));
      expect(Date.now() - s.ultimoUso.getTime()).toBeLessThan(10_000);
    } finally {
      await corta.close();
    }
  });

  it("Cache-Control: no-store on answers with personal data, errors included", async () => {
    const entrada = await login("configuracion", DEMO_PASSWORD);
    expect(entrada.headers["cache-control"]).toBe("no-store");
    for (const url of ["/api/Account/GetUserData", "/api/Usuarios", "/api/SolicitudFirma/GetPersona/001-0000001-7"]) {
      const res = await t.as("configuracion", { method: "GET", url });
      expect(res.headers["cache-control"], url).toBe("no-store");
    }
    expect((await t.as(null, { method: "GET", url: "/api/Usuarios" })).headers["cache-control"]).toBe("no-store");
  });
});
