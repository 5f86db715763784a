/**
 * The audit trail as one hash chain: what gets an entry (sign-ins, password change,
 * status change, claim, document download), that app code cannot change or remove entries, that
 * concurrent writers keep the chain linear, and that editing one row as the database owner makes
 * both "Verificar integridad" and `npm run audit:verify` name that row.
 */
import { MSG } from "@registro/contracts";
import { and, asc, eq, gt, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { auditoria, usuarios } from "../../src/db/schema.js";
import { crearTestApp, type TestApp } from "../support/app.js";
import { auditVerify, comoDueno } from "../support/auditoria.js";
import { esperarNoAutenticado, esperarProhibidoAuditoria } from "../support/configuracion.js";
import { crearSolicitud, idUsuario } from "../support/factories.js";

vi.setConfig({ testTimeout: 120_000, hookTimeout: 120_000 });

const URL_VERIFICAR = "/api/Auditoria/Verificar";

let t: TestApp;
beforeAll(async () => {
  t = await crearTestApp();
  // Sign in now, so the sign-ins' own entries do not land among those a test counts.
  for (const u of ["analista", "configuracion"]) await t.token(u);
});
afterAll(() => t.close());

const ultimoId = async () =>
  Number((await t.db.select({ m: sql<string>`coalesce(max(id_auditoria), 0)` }).from(auditoria))[0].m);
const entradasDesde = (id: number) =>
  t.db.select().from(auditoria).where(gt(auditoria.idAuditoria, id)).orderBy(asc(auditoria.idAuditoria));
const verificar = async () => (await t.as("configuracion", { method: "GET", url: URL_VERIFICAR })).json();

describe("what is recorded", () => {
  it("sign-in success and failure, with the address, and a password change", async () => {
    const desde = await ultimoId();
    const login = (userName: string, password: string) =>
      t.app.inject({
        method: "POST",
        url: "/api/Account/LogIn",
        payload: { userName, password },
        remoteAddress: "10.1.2.3",
      });
    expect((await login("consultor", "Mala.Clave.123")).json().success).toBe(false);
    expect((await login("nadie.existe", "Mala.Clave.123")).json().success).toBe(false);
    const ok = await login("consultor", "Demo.Firmas.2026");
    expect(ok.json().success).toBe(true);
    const idConsultor = await idUsuario(t.db, "consultor");
    const [{ hashAntes }] = await t.db
      .select({ hashAntes: usuarios.passwordHash })
      .from(usuarios)
      .where(eq(usuarios.idUsuario, idConsultor));
    const cambio = await t.app.inject({
      method: "PUT",
      url: "/api/Account/CambiarContrasena",
      headers: { authorization: ok.json().token },
      remoteAddress: "10.1.2.3",
      payload: {
        ContraseñaActual: "Demo.Firmas.2026",
        NuevaContraseña: "Otra.Clave.Segura.2026",
        ConfirmarContraseña: "Otra.Clave.Segura.2026",
      },
    });
    expect(cambio.json(), cambio.body).toMatchObject({ success: true });
    // Back to the demo password, for the other tests' sign-ins: the published demo password is
    // refused as a new password, so its hash is put back directly.
    await t.db.update(usuarios).set({ passwordHash: hashAntes }).where(eq(usuarios.idUsuario, idConsultor));
    const filas = (await entradasDesde(desde)).slice(0, 4);
    // An unknown user name goes through the same steps as a known one, its entry included, but
    // what an anonymous caller typed is never kept: it is recorded as "(usuario desconocido)".
    expect(filas.map((f) => [f.entidad, f.idEntidad, f.accion, f.idUsuario, f.direccion])).toEqual([
      ["Sesion", "consultor", "inicio_fallido", idConsultor, "10.1.2.3"],
      ["Sesion", "(usuario desconocido)", "inicio_fallido", null, "10.1.2.3"],
      ["Sesion", "consultor", "inicio", idConsultor, "10.1.2.3"],
      ["Cuenta", String(idConsultor), "cambio_clave", idConsultor, "10.1.2.3"],
    ]);
    // No password, hash or token in any entry.
    const texto = JSON.stringify(filas);
    expect(texto).not.toContain("Clave");
    expect(texto).not.toContain(ok.json().token);
    expect(texto).not.toContain("nadie.existe");
  });

  it("a claim, a status change and a document download, each with who and before/after", async () => {
    const s = await crearSolicitud(t.db, { estatus: 101 });
    const analista = await idUsuario(t.db, "analista");
    const desde = await ultimoId();
    const post = (accion: string) =>
      t.as("analista", { method: "POST", url: `/api/SolicitudFirma/${accion}/${s.idSolicitud}` });
    expect((await post("AssignProcess")).json().success).toBe(true);
    expect((await post("AprobarRcc")).json().success).toBe(true);
    const docs = (
      await t.as("analista", { method: "GET", url: `/api/SolicitudFirma/GetSolicitudAdjuntos/${s.idSolicitud}` })
    ).json();
    expect(docs.length).toBeGreaterThan(0);
    const descarga = await t.as("analista", {
      method: "GET",
      url: `/api/SolicitudFirma/DownloadAdjunto/${docs[0].idAdjunto}`,
    });
    expect(descarga.statusCode).toBe(200);
    const filas = await entradasDesde(desde);
    expect(filas.map((f) => ({ e: f.entidad, id: f.idEntidad, a: f.accion, u: f.idUsuario }))).toEqual([
      { e: "Solicitud", id: String(s.idSolicitud), a: "asignar", u: analista },
      { e: "Solicitud", id: String(s.idSolicitud), a: "aprobarRcc", u: analista },
      { e: "Documento", id: String(docs[0].idAdjunto), a: "descargar", u: analista },
    ]);
    expect(filas[0].antes).toEqual({ estatus: 101, asignadoA: null });
    expect(filas[0].despues).toEqual({ estatus: 101, asignadoA: analista });
    expect(filas[1].antes).toEqual({ estatus: 101, asignadoA: analista });
    expect(filas[1].despues).toMatchObject({ estatus: 102, asignadoA: null });
    expect(filas[2].despues).toMatchObject({ idSolicitud: s.idSolicitud });
  });
});

describe("the chain", () => {
  it("GET Verificar: 401 without a token, 403 for other roles", async () => {
    await esperarNoAutenticado(t, { method: "GET", url: URL_VERIFICAR });
    await esperarProhibidoAuditoria(t, { method: "GET", url: URL_VERIFICAR });
  });

  it("every entry links to the previous one's hash, in id order", async () => {
    const filas = await t.db.select().from(auditoria).orderBy(asc(auditoria.idAuditoria));
    expect(filas.length).toBeGreaterThan(3);
    for (const [i, f] of filas.entries()) {
      expect(f.hash).toMatch(/^[0-9a-f]{64}$/);
      expect(f.hashAnterior).toBe(i === 0 ? "" : filas[i - 1].hash);
    }
    expect(await verificar()).toEqual({
      integra: true,
      entradas: filas.length,
      idAuditoria: null,
      message: MSG.auditoriaIntegra(filas.length),
    });
  });

  it("app code can neither change nor remove an entry", async () => {
    const [primera] = await t.db.select().from(auditoria).orderBy(asc(auditoria.idAuditoria)).limit(1);
    await expect(
      t.db.update(auditoria).set({ accion: "otra" }).where(eq(auditoria.idAuditoria, primera.idAuditoria)),
    ).rejects.toThrow();
    await expect(t.db.delete(auditoria).where(eq(auditoria.idAuditoria, primera.idAuditoria))).rejects.toThrow();
    await expect(t.db.execute(sql`truncate auditoria`)).rejects.toThrow();
    const [igual] = await t.db.select().from(auditoria).where(eq(auditoria.idAuditoria, primera.idAuditoria));
    expect(igual).toEqual(primera);
    expect((await verificar()).integra).toBe(true);
  });

  it("30 concurrent writers leave one linear chain", async () => {
    const desde = await ultimoId();
    await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        t.as("configuracion", {
          method: "POST",
          url: "/api/Usuarios/CrearCargo",
          payload: { nombre: `Cargo Concurrente ${i}`, tipo: 2 },
        }),
      ),
    );
    const nuevas = await t.db
      .select()
      .from(auditoria)
      .where(and(gt(auditoria.idAuditoria, desde), eq(auditoria.entidad, "Cargo")));
    expect(nuevas).toHaveLength(30);
    expect((await verificar()).integra).toBe(true);
  });
});

describe("tampering as the database owner", () => {
  it("editing one row makes the verify call and the command name that row", async () => {
    const filas = await t.db.select().from(auditoria).orderBy(asc(auditoria.idAuditoria));
    const victima = filas[Math.floor(filas.length / 2)];
    await comoDueno(
      t.db,
      `update auditoria set despues = '{"nombre":"Alterado"}'::jsonb where id_auditoria = ${victima.idAuditoria}`,
    );
    expect(await verificar()).toEqual({
      integra: false,
      entradas: filas.length,
      idAuditoria: victima.idAuditoria,
      message: MSG.auditoriaRota(victima.idAuditoria),
    });
    const r = await auditVerify(t);
    expect(r.salida).toContain(MSG.auditoriaRota(victima.idAuditoria));
    expect(r.status).toBe(1);
  });

  it("removing the last entry is caught at the end of the chain", async () => {
    const sano = await crearTestApp();
    try {
      const filas = await sano.db.select().from(auditoria).orderBy(asc(auditoria.idAuditoria));
      // The template may hold no entries yet: make two.
      await sano.as("configuracion", { method: "GET", url: URL_VERIFICAR });
      await sano.as("consultor", { method: "GET", url: "/api/Account/GetUserData" });
      const todas = await sano.db.select().from(auditoria).orderBy(asc(auditoria.idAuditoria));
      expect(todas.length).toBeGreaterThan(filas.length);
      const ultima = todas.at(-1)!;
      await comoDueno(
        sano.db,
        `delete from auditoria_sello where id_auditoria = ${ultima.idAuditoria}`,
        `delete from auditoria where id_auditoria = ${ultima.idAuditoria}`,
      );
      const r = (await sano.as("configuracion", { method: "GET", url: URL_VERIFICAR })).json();
      expect(r).toMatchObject({ integra: false, idAuditoria: todas.at(-2)!.idAuditoria });
    } finally {
      await sano.close();
    }
  });
});
