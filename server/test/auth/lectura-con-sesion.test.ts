/**
 * A route's data read in the session's statement (auth/lectura-con-sesion.ts): GetSolicitud and the
 * single verification make one statement per call, answer what the plain reads answer, and the
 * guard decides exactly as before (a sign-out, a disabled user, an expired session, a pending
 * password change, a missing view take effect on the very next call; 401 comes before 400).
 */
import { MSG } from "@registro/contracts";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { aSesionUsuario } from "../../src/auth/auth.plugin.js";
import { buscarSesion } from "../../src/auth/auth.repository.js";
import { hashToken } from "../../src/auth/tokens.js";
import { funcionarios, sesiones, usuarios } from "../../src/db/schema.js";
import { obtenerSolicitud } from "../../src/solicitudes/lectura.service.js";
import { verificarFirma } from "../../src/verificacion/verificacion.service.js";
import { crearTestApp, sentenciasRegistradas, type TestApp } from "../support/app.js";
import { crearSolicitud, idUsuario } from "../support/factories.js";
import { accion } from "../support/revision.js";

let t: TestApp;
beforeAll(async () => {
  t = await crearTestApp({ SESSION_IDLE_MINUTES: "30", SESSION_MAX_HOURS: "12" });
});
afterAll(() => t.close());

const login = async (userName: string) =>
  (
    await t.app.inject({
      method: "POST",
      url: "/api/Account/LogIn",
      payload: { userName, password: "Demo.Firmas.2026" },
    })
  ).json().token as string;
const get = (token: string | null, url: string) =>
  t.app.inject({ method: "GET", url, headers: token ? { authorization: token } : {} });

async function contar<T>(fn: () => Promise<T>): Promise<{ r: T; n: number }> {
  sentenciasRegistradas.lista = [];
  sentenciasRegistradas.activo = true;
  try {
    const r = await fn();
    return { r, n: sentenciasRegistradas.lista.length };
  } finally {
    sentenciasRegistradas.activo = false;
  }
}

/** The detail as the service reads it on its own (no read with the session), as JSON. */
async function detalleLlano(token: string, idSolicitud: number) {
  const fila = await buscarSesion(t.db, hashToken(token));
  if (!fila) throw new Error("sin sesión");
  return JSON.parse(JSON.stringify(await obtenerSolicitud(t.db, aSesionUsuario(fila), idSolicitud)));
}

describe("GET api/SolicitudFirma/{id} read with the session", () => {
  it("one statement per call: the session and the detail together", async () => {
    const { idSolicitud } = await crearSolicitud(t.db, { estatus: 105, funcionarios: 2 });
    const token = await login("administrador");
    await get(token, `/api/SolicitudFirma/${idSolicitud}`);
    const { r, n } = await contar(() => get(token, `/api/SolicitudFirma/${idSolicitud}`));
    expect(r.statusCode).toBe(200);
    expect(n).toBe(1);
  });

  it("answers what the plain read answers, for each user that reads it and for the institution's own", async () => {
    const propia = await crearSolicitud(t.db, { estatus: 105, funcionarios: 3 });
    const borrador = await crearSolicitud(t.db, { estatus: 202, funcionarios: 1 });
    for (const u of ["administrador", "analista", "juridico", "consultor", "originador"]) {
      const token = await login(u);
      for (const s of [propia, borrador]) {
        const res = await get(token, `/api/SolicitudFirma/${s.idSolicitud}`);
        if (res.statusCode === 200) expect(res.json(), u).toEqual(await detalleLlano(token, s.idSolicitud));
        else {
          expect(res.statusCode, u).toBe(404);
          await expect(detalleLlano(token, s.idSolicitud)).rejects.toThrow(MSG.solicitudNoEncontrada);
        }
      }
    }
    const token = await login("originador2");
    const ajena = await get(token, `/api/SolicitudFirma/${propia.idSolicitud}`);
    const falta = await get(token, "/api/SolicitudFirma/1999999");
    expect([ajena.statusCode, falta.statusCode]).toEqual([404, 404]);
    expect(ajena.body).toBe(falta.body);
  });

  it("401 before 400, 403 without the view, and nothing of the request in a refusal", async () => {
    const { idSolicitud } = await crearSolicitud(t.db, { estatus: 105 });
    expect((await get(null, "/api/SolicitudFirma/abc")).statusCode).toBe(401);
    expect((await get("x".repeat(43), `/api/SolicitudFirma/${idSolicitud}`)).json()).toEqual({
      success: false,
      message: MSG.sesionExpirada,
    });
    expect((await get(await login("administrador"), "/api/SolicitudFirma/abc")).statusCode).toBe(400);
    const sinVista = await get(await login("configuracion"), `/api/SolicitudFirma/${idSolicitud}`);
    expect(sinVista.statusCode).toBe(403);
    expect(sinVista.json()).toEqual({ success: false, message: MSG.noAutorizado });
  });

  it("a sign-out, a disabled user, an expired session and a pending password change count on the very next call", async () => {
    const { idSolicitud } = await crearSolicitud(t.db, { estatus: 105 });
    const url = `/api/SolicitudFirma/${idSolicitud}`;
    const id = await idUsuario(t.db, "analista2");

    let token = await login("analista2");
    expect((await get(token, url)).statusCode).toBe(200);
    await t.app.inject({ method: "PUT", url: "/api/Account/LogOff", headers: { authorization: token } });
    expect((await get(token, url)).statusCode).toBe(401);

    token = await login("analista2");
    await t.db.update(usuarios).set({ activo: false }).where(eq(usuarios.idUsuario, id));
    expect((await get(token, url)).statusCode).toBe(401);
    await t.db.update(usuarios).set({ activo: true }).where(eq(usuarios.idUsuario, id));

    token = await login("analista2");
    await t.db
      .update(sesiones)
      .set({ ultimoUso: sql`now() - interval '31 minutes'` })
      .where(eq(sesiones.tokenHash, hashToken(token)));
    expect((await get(token, url)).json()).toEqual({ success: false, message: MSG.sesionExpirada });

    token = await login("analista2");
    await t.db.update(usuarios).set({ cambioClave: true }).where(eq(usuarios.idUsuario, id));
    const cambio = await get(token, url);
    await t.db.update(usuarios).set({ cambioClave: false }).where(eq(usuarios.idUsuario, id));
    expect(cambio.statusCode).toBe(403);
    expect(cambio.json().message).toBe(MSG.cambioClaveRequerido);
  });

  it("still notes the session's use", async () => {
    const { idSolicitud } = await crearSolicitud(t.db, { estatus: 105 });
    const token = await login("juridico");
    const hash = hashToken(token);
    await t.db
      .update(sesiones)
      .set({ ultimoUso: sql`now() - interval '10 minutes'` })
      .where(eq(sesiones.tokenHash, hash));
    expect((await get(token, `/api/SolicitudFirma/${idSolicitud}`)).statusCode).toBe(200);
    const [s] = await t.db
      .select({ hace: sql<number>`extract(epoch from now() - ${sesiones.ultimoUso})::float8` })
      .from(sesiones)
      .where(eq(sesiones.tokenHash, hash));
    expect(Number(s.hace)).toBeLessThan(60);
  });
});

describe("GET api/Verificacion/Firma read with the session", () => {
  let cedulas: string[] = [];
  beforeAll(async () => {
    const s = await crearSolicitud(t.db, {
      estatus: 105,
      funcionarios: 3,
      estatusFuncionarios: 1,
      decididoJuridico: true,
    });
    expect((await accion(t, "administrador", "AprobarAdminRcc", s.idSolicitud)).json().success).toBe(true);
    const filas = await t.db.select({ cedula: funcionarios.cedula }).from(funcionarios);
    cedulas = [...new Set([...filas.map((f) => f.cedula), "001-0000009-0"])];
  });

  const firma = (token: string, query: Record<string, string>) =>
    t.app.inject({ method: "GET", url: "/api/Verificacion/Firma", query, headers: { authorization: token } });

  it("one statement per call for a user's question", async () => {
    const token = await login("consultor");
    await firma(token, { cedula: cedulas[0] });
    const { r, n } = await contar(() => firma(token, { cedula: cedulas[0] }));
    expect(r.statusCode).toBe(200);
    expect(n).toBe(1);
  });

  it("answers what the plain read answers, for every cédula, of any institution or of one", async () => {
    const token = await login("consultor");
    const fila = await buscarSesion(t.db, hashToken(token));
    if (!fila) throw new Error("sin sesión");
    const reloj = () => new Date();
    let conRegistros = 0;
    for (const cedula of cedulas) {
      for (const institucion of [undefined, "1", "2"]) {
        const query: Record<string, string> = institucion ? { cedula, institucion } : { cedula };
        const res = await firma(token, query);
        expect(res.statusCode, cedula).toBe(200);
        const consulta = { cedula, ...(institucion ? { institucion: Number(institucion) } : {}) };
        const llano = await verificarFirma(t.db, aSesionUsuario(fila), consulta, reloj, t.config.expiryNoticeDays);
        expect(res.json(), `${cedula} ${institucion}`).toEqual(JSON.parse(JSON.stringify(llano)));
        conRegistros += llano.registros.length > 0 ? 1 : 0;
      }
    }
    expect(conRegistros).toBeGreaterThan(2);
  });

  it("rows read for another reach than the caller's are not used: an external user's are read again", async () => {
    const cedula = cedulas[0];
    const externo = { externo: true, idInstitucion: 2 };
    const ajenas = { cedula, idInstitucion: null, filas: [{ cedula, institucion: "no debe verse" }] };
    const reloj = () => new Date();
    const propio = await verificarFirma(t.db, externo, { cedula }, reloj, 30);
    const conAjenas = await verificarFirma(t.db, externo, { cedula }, reloj, 30, ajenas as never);
    expect(conAjenas).toEqual(propio);
    expect(JSON.stringify(conAjenas)).not.toContain("no debe verse");
  });

  it("401 without a session and 403 without the view, before any validation", async () => {
    expect((await t.app.inject({ method: "GET", url: "/api/Verificacion/Firma?cedula=x" })).statusCode).toBe(401);
    const res = await firma(await login("originador"), { cedula: cedulas[0] });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ success: false, message: MSG.noAutorizado });
    expect((await firma(await login("consultor"), { cedula: "x" })).statusCode).toBe(400);
  });
});
