/**
 * Verification calls: who may ask (401/403), bad input (Spanish field errors, never a
 * 500), the constancia's PDF (who may have it, its code and QR address), the public page by code
 * (masked cédula, state now, one 404 for unknown and malformed codes, rate limit per address), the
 * back-fill of the record from history, and the view and profile on databases seeded before it.
 */
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { CODIGO_CONSTANCIA_REGEX, MSG } from "@registro/contracts";
import { eq, isNull, type SQL, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { autorizaciones, funcionarios, historial } from "../../src/db/schema.js";
import { fechaLocal, sumarDias } from "../../src/shared/tiempo.js";
import { enmascararCedula } from "../../src/verificacion/verificacion.mappers.js";
import { hashCodigo } from "../../src/verificacion/verificacion.service.js";
import { crearTestApp, sentenciasRegistradas, type TestApp } from "../support/app.js";
import { CEDULAS, crearSolicitud } from "../support/factories.js";
import { textoPdf } from "../support/lectores.js";
import { USUARIOS_DEMO } from "../support/peticiones.js";
import { accion } from "../support/revision.js";

/** Avisos: "Por vencer" from this many days before the end date. */
const DIAS_AVISO = 10;
let t: TestApp;
let activa: Awaited<ReturnType<typeof crearSolicitud>>;

beforeAll(async () => {
  t = await crearTestApp({ PUBLIC_URL: "https://firmas.example.gob.do", EXPIRY_NOTICE_DAYS: String(DIAS_AVISO) });
  activa = await crearSolicitud(t.db, {
    estatus: 105,
    funcionarios: 2,
    estatusFuncionarios: 1,
    decididoJuridico: true,
  });
  expect((await accion(t, "administrador", "AprobarAdminRcc", activa.idSolicitud)).json().success).toBe(true);
});
afterAll(() => t.close());

/** Rows of a raw query (both drivers answer `{ rows }`). */
async function filas<T>(consulta: SQL): Promise<T[]> {
  return ((await t.db.execute(consulta)) as unknown as { rows: T[] }).rows;
}

const firma = (query: Record<string, string>, usuario: Parameters<TestApp["as"]>[0] = "consultor") =>
  t.as(usuario, { method: "GET", url: "/api/Verificacion/Firma", query });

describe("GET api/Verificacion/Firma", () => {
  it("reads its answer in one statement, the session's: entries, signatures and periods together", async () => {
    await firma({ cedula: CEDULAS[1] });
    sentenciasRegistradas.lista = [];
    sentenciasRegistradas.activo = true;
    let res: Awaited<ReturnType<typeof firma>>;
    try {
      res = await firma({ cedula: CEDULAS[1] });
    } finally {
      sentenciasRegistradas.activo = false;
    }
    expect(res.statusCode).toBe(200);
    const registros = res.json().registros as { firmas: unknown[]; periodos: unknown[] }[];
    expect(registros.length).toBeGreaterThan(0);
    expect(registros[0].firmas.length).toBeGreaterThan(0);
    expect(registros[0].periodos.length).toBeGreaterThan(0);
    // The session and the answer in one statement (auth/lectura-con-sesion.ts).
    expect(sentenciasRegistradas.lista).toHaveLength(1);
  });

  it("401 without a session; 403 without the view; the default profiles with it answer", async () => {
    expect((await firma({ cedula: CEDULAS[1] }, null)).statusCode).toBe(401);
    const permitidos = new Set(["consultor", "analista", "analista2", "administrador", "verificador"]);
    for (const u of USUARIOS_DEMO) {
      const res = await firma({ cedula: CEDULAS[1] }, u);
      expect(res.statusCode, u).toBe(permitidos.has(u) ? 200 : 403);
    }
    const [verificador] = await filas<{ vistas: string[] }>(sql`select p.id_perfil, array_agg(v.nombre) as vistas
      from perfiles p join perfil_vistas pv on pv.id_perfil = p.id_perfil join vistas v on v.id_vista = pv.id_vista
      where p.nombre = 'Verificador' group by p.id_perfil`);
    expect(verificador.vistas).toEqual(["Verificar firma"]);
  });

  it("answers today's question by default, in the country's calendar", async () => {
    const r = (await firma({ cedula: CEDULAS[1] })).json();
    expect(r).toMatchObject({ autorizado: true, motivo: MSG.verificacionAutorizado, fecha: fechaLocal(new Date()) });
    expect(fechaLocal(new Date("2026-05-21T03:59:59Z"))).toBe("2026-05-20");
    expect(fechaLocal(new Date("2026-05-21T04:00:00Z"))).toBe("2026-05-21");
  });

  it.each([
    [{ cedula: "" }, "cedula", MSG.requerido],
    [{ cedula: "001-0000001-8" }, "cedula", MSG.cedulaInvalida],
    [{ cedula: "0010000001" }, "cedula", MSG.cedulaFormato],
    [{ cedula: CEDULAS[1], monto: "-1" }, "monto", MSG.montoNegativo],
    [{ cedula: CEDULAS[1], monto: "mil" }, "monto", MSG.numeroInvalido],
    [{ cedula: CEDULAS[1], monto: "1e400" }, "monto", MSG.numeroInvalido],
    [{ cedula: CEDULAS[1], fecha: "2026-02-30" }, "fecha", MSG.fechaInvalida],
    [{ cedula: CEDULAS[1], fecha: "mañana" }, "fecha", MSG.fechaInvalida],
    // A date sent but unreadable is refused on its field, never answered for today instead.
    [{ cedula: CEDULAS[1], fecha: "31/02/2026" }, "fecha", MSG.fechaInvalida],
    [{ cedula: CEDULAS[1], fecha: "15062025" }, "fecha", MSG.fechaInvalida],
    [{ cedula: CEDULAS[1], fecha: "15/13/2026" }, "fecha", MSG.fechaInvalida],
    [{ cedula: CEDULAS[1], idFirma: "0" }, "idFirma", MSG.numeroInvalido],
    [{ cedula: CEDULAS[1], idFirma: "99999999999" }, "idFirma", MSG.numeroInvalido],
    [{ cedula: CEDULAS[1], idFirma: "999" }, "idFirma", MSG.firmaNoExiste],
    [{ cedula: CEDULAS[1], institucion: "x" }, "institucion", MSG.numeroInvalido],
  ])("400 for %j", async (query, campo, mensaje) => {
    const res = await firma(query);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toMatchObject({ success: false, message: MSG.datosInvalidos });
    expect(res.json().errors[campo]).toContain(mensaje);
  });

  it("is in the OpenAPI document", async () => {
    const doc = (await t.as(null, { method: "GET", url: "/api/openapi.json" })).json();
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        "/api/Verificacion/Firma",
        "/api/Verificacion/GetConstancia/{idSolicitud}",
        "/api/Verificacion/Constancia/{codigo}",
      ]),
    );
  });
});

async function constancia(usuario: Parameters<TestApp["as"]>[0], idSolicitud: number) {
  return t.as(usuario, { method: "GET", url: `/api/Verificacion/GetConstancia/${idSolicitud}` });
}

function codigoDe(pdf: Buffer): string {
  const textos = textoPdf(pdf);
  const codigo = textos.find((x) => CODIGO_CONSTANCIA_REGEX.test(x.trim()));
  if (!codigo) throw new Error(`no code in ${JSON.stringify(textos)}`);
  return codigo.trim();
}

const publica = (codigo: string) =>
  t.as(null, { method: "GET", url: `/api/Verificacion/Constancia/${encodeURIComponent(codigo)}` });

describe("the constancia and its public page", () => {
  let codigo = "";

  it("is issued to the originator of the institution and to internal readers, not to others", async () => {
    expect((await constancia(null, activa.idSolicitud)).statusCode).toBe(401);
    expect((await constancia("originador2", activa.idSolicitud)).statusCode).toBe(404);
    expect((await constancia("configuracion", activa.idSolicitud)).statusCode).toBe(403);
    expect((await constancia("consultor", 2_147_483_647)).statusCode).toBe(404);
    expect((await constancia("consultor", "abc" as unknown as number)).statusCode).toBe(400);
    const res = await constancia("originador", activa.idSolicitud);
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("application/pdf");
    const pdf = res.rawPayload;
    const texto = textoPdf(pdf).join("\n");
    expect(texto).toContain("Constancia de Registro de Firmas");
    expect(texto).toContain("Funcionario 1 De Prueba");
    expect(texto).toContain("Cheques");
    // The request reads as users know it (issue 35): "Activa", n.º for its number.
    expect(texto).toContain(`n.º ${activa.idSolicitud} (Activa)`);
    expect(texto).not.toContain("Aprobado por Administrador RyCC");
    codigo = codigoDe(pdf);
    // 20 symbols of 32: 100 bits; only the hash is kept.
    expect(codigo.replace(/-/g, "")).toHaveLength(20);
    const guardadas = await filas<{ codigo_hash: string }>(sql`select codigo_hash from constancias`);
    expect(guardadas.map((f) => f.codigo_hash)).toContain(hashCodigo(codigo));
    expect(JSON.stringify(guardadas)).not.toContain(codigo);
    // The QR and the printed address point at the public page under PUBLIC_URL.
    expect(texto).toContain(`https://firmas.example.gob.do/Verificar/${codigo}`);
    expect(pdf.toString("latin1")).toContain("/Subtype /Image");
    // Each download is a new constancia with its own code.
    const otra = codigoDe((await constancia("consultor", activa.idSolicitud)).rawPayload);
    expect(otra).not.toBe(codigo);
  });

  it("is refused for a request that is not active", async () => {
    const borrador = await crearSolicitud(t.db, { estatus: 202 });
    expect((await constancia("originador", borrador.idSolicitud)).json()).toEqual({
      success: false,
      message: MSG.constanciaNoDisponible,
    });
  });

  it("shows, signed out, only what a checker needs and the state now", async () => {
    const res = await publica(codigo);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ autentica: true, codigo, idSolicitud: activa.idSolicitud });
    expect(body.funcionarios).toHaveLength(2);
    expect(body.funcionarios[0]).toEqual({
      nombres: "Funcionario 1",
      apellidos: "De Prueba",
      cedula: enmascararCedula(CEDULAS[1]),
      cargo: expect.any(String),
      firmas: ["Cheques"],
      firmaRango: false,
      montoDesde: null,
      montoHasta: null,
      firmaVigencia: false,
      fechaDesde: null,
      fechaHasta: null,
      estado: "vigente",
      estadoTexto: "Vigente",
    });
    expect(enmascararCedula("001-0000002-5")).toBe("***-****002-5");
    expect(res.body).not.toMatch(/telefono|comentario|adjunto/i);
    // Typed by hand: lower case, no dashes, O for 0.
    const tecleado = codigo.toLowerCase().replace(/-/g, "").replace(/0/g, "o");
    expect((await publica(tecleado)).statusCode).toBe(200);
  });

  it("answers one 404 for unknown and malformed codes", async () => {
    const desconocido = "ABCD-EFGH-JKMN-PQRS-TV12";
    for (const c of [desconocido, "abc", "x".repeat(100), "ÑÑÑ", "../../etc/passwd", "%00", "null"]) {
      const res = await publica(c);
      expect(res.statusCode, c).toBe(404);
      expect(res.json(), c).toEqual({ success: false, message: MSG.constanciaNoEncontrada });
    }
  });

  it("says 'Por vencer' from EXPIRY_NOTICE_DAYS before the end date and 'Vencida' after it, here and in 'Verificar firma'", async () => {
    const id = activa.funcionarios[1];
    const [{ cedula }] = await t.db
      .select({ cedula: funcionarios.cedula })
      .from(funcionarios)
      .where(eq(funcionarios.idFuncionario, id));
    const hoy = fechaLocal(new Date());
    const casos: [string, string, string, string | null][] = [
      [sumarDias(hoy, DIAS_AVISO + 1), "vigente", "Vigente", null],
      [sumarDias(hoy, DIAS_AVISO), "porVencer", "Por vencer", "porVencer"],
      [hoy, "porVencer", "Por vencer", "porVencer"],
      [sumarDias(hoy, -1), "vencida", "Vencida", "vencida"],
    ];
    for (const [fechaHasta, estado, estadoTexto, vencimiento] of casos) {
      await t.db
        .update(funcionarios)
        .set({ firmaVigencia: true, fechaDesde: "2020-01-01", fechaHasta })
        .where(eq(funcionarios.idFuncionario, id));
      expect((await publica(codigo)).json().funcionarios[1], fechaHasta).toMatchObject({ estado, estadoTexto });
      const res = await firma({ cedula });
      expect(res.statusCode).toBe(200);
      const registro = res.json().registros.find((r: { idFuncionario: number }) => r.idFuncionario === id);
      expect(registro, fechaHasta).toMatchObject({ fechaHasta, vencimiento });
    }
    // A permanent signature never expires.
    await t.db
      .update(funcionarios)
      .set({ firmaVigencia: false, fechaDesde: null, fechaHasta: null })
      .where(eq(funcionarios.idFuncionario, id));
    expect((await publica(codigo)).json().funcionarios[1]).toMatchObject({ estado: "vigente" });
    const permanente = (await firma({ cedula }))
      .json()
      .registros.find((r: { idFuncionario: number }) => r.idFuncionario === id);
    expect(permanente.vencimiento).toBeNull();
  });

  it("says when the request was inactivated, and when a validity has ended", async () => {
    await t.db
      .update(funcionarios)
      .set({ firmaVigencia: true, fechaDesde: "2020-01-01", fechaHasta: "2020-12-31" })
      .where(eq(funcionarios.idFuncionario, activa.funcionarios[1]));
    expect((await publica(codigo)).json().funcionarios[1]).toMatchObject({ estado: "vencida", estadoTexto: "Vencida" });
    expect((await accion(t, "administrador", "Inactivar", activa.idSolicitud)).json().success).toBe(true);
    const hoy = fechaLocal(new Date()).split("-").reverse().join("/");
    const body = (await publica(codigo)).json();
    expect(body.funcionarios.map((f: { estadoTexto: string }) => f.estadoTexto)).toEqual([
      `Inactivada el ${hoy}`,
      `Inactivada el ${hoy}`,
    ]);
    // Inactivated requests still get a constancia, for the record.
    expect((await constancia("consultor", activa.idSolicitud)).headers["content-type"]).toBe("application/pdf");
  });

  it("is rate-limited per address", async () => {
    const limitada = await crearTestApp({ VERIFICACION_RATE_LIMIT: "3" });
    try {
      const codes: number[] = [];
      for (let i = 0; i < 4; i++) {
        const res = await limitada.app.inject({ method: "GET", url: "/api/Verificacion/Constancia/ABCD" });
        codes.push(res.statusCode);
      }
      expect(codes).toEqual([404, 404, 404, 429]);
      const otra = await limitada.app.inject({
        method: "GET",
        url: "/api/Verificacion/Constancia/ABCD",
        remoteAddress: "10.0.0.9",
      });
      expect(otra.statusCode).toBe(404);
    } finally {
      await limitada.close();
    }
  });
});

describe("the record for existing data", () => {
  it("is rebuilt from the request history", async () => {
    const s = await crearSolicitud(t.db, { estatus: 106, funcionarios: 2, estatusFuncionarios: 2 });
    const [f1, f2] = s.funcionarios;
    await t.db.delete(historial).where(eq(historial.idSolicitud, s.idSolicitud));
    await t.db
      .update(funcionarios)
      .set({ creado: new Date("2026-01-01T10:00:00Z") })
      .where(eq(funcionarios.idSolicitud, s.idSolicitud));
    const h = (estatus: number, fecha: string, motivoCambioEstatus = "") => ({
      idSolicitud: s.idSolicitud,
      estatus,
      fecha: new Date(fecha),
      motivoCambioEstatus,
    });
    const [{ cedula: cedula2 }] = await t.db
      .select({ cedula: funcionarios.cedula })
      .from(funcionarios)
      .where(eq(funcionarios.idFuncionario, f2));
    await t.db
      .insert(historial)
      .values([
        h(101, "2026-01-02T10:00:00Z"),
        h(102, "2026-01-03T10:00:00Z"),
        h(105, "2026-01-04T10:00:00Z"),
        h(106, "2026-01-05T10:00:00Z"),
        h(201, "2026-02-01T10:00:00Z"),
        h(106, "2026-03-01T10:00:00Z"),
        h(106, "2026-04-01T10:00:00Z", MSG.historialFuncionarioInactivado("Funcionario 2 De Prueba", cedula2)),
      ]);
    await t.db.update(funcionarios).set({ idEstatus: 3 }).where(eq(funcionarios.idFuncionario, f2));
    await t.db.execute(sql`select rf_autorizaciones_desde_historial()`);
    const leer = async (id: number) =>
      (await t.db.select().from(autorizaciones).where(eq(autorizaciones.idFuncionario, id))).map((p) => [
        p.desde.toISOString(),
        p.hasta?.toISOString() ?? null,
        p.causaFin,
      ]);
    expect(await leer(f1)).toEqual([
      ["2026-01-05T10:00:00.000Z", "2026-02-01T10:00:00.000Z", "solicitud"],
      ["2026-03-01T10:00:00.000Z", null, null],
    ]);
    expect(await leer(f2)).toEqual([
      ["2026-01-05T10:00:00.000Z", "2026-02-01T10:00:00.000Z", "solicitud"],
      ["2026-03-01T10:00:00.000Z", "2026-04-01T10:00:00.000Z", "funcionario"],
    ]);
  });

  it("covers the demo data: every active official of an active request may sign now", async () => {
    const sinPeriodo = await filas<{ n: number }>(sql`
      select count(*)::int as n from funcionarios f join solicitudes s on s.id_solicitud = f.id_solicitud
      where f.id_estatus = 2 and s.estatus in (106, 203)
        and not exists (select 1 from autorizaciones a where a.id_funcionario = f.id_funcionario and a.hasta is null)`);
    expect(sinPeriodo[0].n).toBe(0);
    const abiertos = await t.db.select().from(autorizaciones).where(isNull(autorizaciones.hasta));
    expect(abiertos.length).toBeGreaterThan(0);
  });

  it("the migration adds the view and the Verificador profile to databases seeded before it", async () => {
    // As it was before: no Verificador profile (its demo user moved to another), no view 31.
    await t.db.execute(sql`update usuarios set id_perfil = (select id_perfil from perfiles where nombre = 'Consultor')
      where id_perfil in (select id_perfil from perfiles where nombre = 'Verificador')`);
    await t.db.execute(sql`delete from perfiles where nombre = 'Verificador'`);
    await t.db.execute(sql`delete from perfil_vistas where id_vista = 31`);
    await t.db.execute(sql`delete from vistas where id_vista = 31`);
    const archivo = path.resolve(
      path.dirname(fileURLToPath(import.meta.url)),
      "../../src/db/migrations/0007_authorisations_and_constancias.sql",
    );
    const sentencias = fs.readFileSync(archivo, "utf8").split("--> statement-breakpoint");
    // The last four statements: the view, the default profiles, the new profile and its view.
    for (const s of sentencias.slice(-4)) await t.db.execute(sql.raw(s));
    const conVista = await filas<{ nombre: string }>(sql`select p.nombre from perfiles p
      join perfil_vistas pv on pv.id_perfil = p.id_perfil where pv.id_vista = 31 order by p.nombre`);
    expect(conVista.map((f) => f.nombre)).toEqual(["Administrador RyCC", "Analista RyCC", "Consultor", "Verificador"]);
    const vista = await filas(sql`select nombre, url, id_modulo from vistas where id_vista = 31`);
    expect(vista).toEqual([{ nombre: "Verificar firma", url: "/Consultar/Verificar", id_modulo: 4 }]);
  });
});
