/**
 * The Auditoría screen's filters: calendar days (UTC−4), who made the change, action and
 * entity, applied in SQL with paging. Bad input first, then written-out cases around the day's
 * boundary, then generated filters and pages against a plain reading of the whole trail.
 */
import { ACCIONES_AUDITORIA, type AuditoriaEntrada, MSG } from "@registro/contracts";
import { asc, desc, sql } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { auditar } from "../../src/auditoria/cadena.js";
import { auditoria, usuarios } from "../../src/db/schema.js";
import { crearTestApp, type TestApp } from "../support/app.js";
import { esperarNoAutenticado, esperarProhibidoAuditoria } from "../support/configuracion.js";
import { idsDeUsuarios } from "../support/peticiones.js";

vi.setConfig({ testTimeout: 120_000, hookTimeout: 120_000 });

let t: TestApp;
let ids: Record<string, number>;
const URL = "/api/Auditoria";

/** Entries at chosen instants (UTC): the days around 10 Nov 2026 in Santo Domingo, and its edges. */
const INSTANTES = [
  "2026-11-09T03:59:59.999Z", // 8 Nov 23:59:59.999 in Santo Domingo
  "2026-11-09T04:00:00.000Z", // 9 Nov 00:00
  "2026-11-10T03:59:59.999Z", // 9 Nov 23:59:59.999
  "2026-11-10T04:00:00.000Z", // 10 Nov 00:00
  "2026-11-10T15:30:00.000Z",
  "2026-11-11T03:59:59.999Z", // 10 Nov, last instant
  "2026-11-11T04:00:00.000Z", // 11 Nov
  "2026-11-12T12:00:00.000Z",
];
const QUIENES = ["analista", "juridico", "configuracion", null] as const;
const ACCIONES = ["asignar", "liberar", "editar", "inicio_fallido"] as const;

beforeAll(async () => {
  t = await crearTestApp();
  ids = await idsDeUsuarios(t.db, ["analista", "juridico", "configuracion", "administrador"]);
  // 40 entries through the app's own append, then (as the database owner) dated as the test needs.
  await t.db.transaction(async (tx) => {
    for (let i = 0; i < 40; i++) {
      const quien = QUIENES[i % QUIENES.length];
      await auditar(tx, {
        idUsuario: quien === null ? null : ids[quien],
        entidad: i % 5 === 0 ? "Cargo" : "Solicitud",
        idEntidad: 1000 + i,
        accion: ACCIONES[(i >> 2) % ACCIONES.length],
      });
    }
  });
  const filas = await t.db
    .select({ id: auditoria.idAuditoria })
    .from(auditoria)
    .where(sql`${auditoria.idEntidad} >= '1000' and ${auditoria.idEntidad} < '1040'`)
    .orderBy(asc(auditoria.idAuditoria));
  await t.db.execute(sql`alter table auditoria disable trigger auditoria_inmutable`);
  for (const [i, f] of filas.entries()) {
    await t.db.execute(
      sql`update auditoria set fecha = ${INSTANTES[i % INSTANTES.length]}::timestamptz where id_auditoria = ${f.id}`,
    );
  }
  await t.db.execute(sql`alter table auditoria enable trigger auditoria_inmutable`);
});
afterAll(() => t.close());

type Pagina = { rows: AuditoriaEntrada[]; totalRecords: number };

async function consultar(query: string): Promise<Pagina> {
  const res = await t.as("configuracion", { method: "GET", url: `${URL}?${query}` });
  expect(res.statusCode, `${query}: ${res.body}`).toBe(200);
  return res.json();
}

describe("GET /api/Auditoria filters: refusals", () => {
  it("401 without a token, 403 for every role without the view", async () => {
    await esperarNoAutenticado(t, { method: "GET", url: `${URL}?desde=2026-11-10` });
    await esperarProhibidoAuditoria(t, { method: "GET", url: `${URL}?idUsuario=1` });
    await esperarNoAutenticado(t, { method: "GET", url: `${URL}/Usuarios` });
    await esperarProhibidoAuditoria(t, { method: "GET", url: `${URL}/Usuarios` });
  });

  it("400 on the field for a bad date, a reversed range, an unknown action or a bad user id", async () => {
    for (const [query, campo, mensaje] of [
      ["desde=2026-13-01", "desde", MSG.fechaInvalida],
      ["hasta=ayer", "hasta", MSG.fechaInvalida],
      ["desde=2026-11-11&hasta=2026-11-10", "hasta", MSG.rangoFechasInvalido],
      ["accion=borrar_todo", "accion", MSG.datosInvalidos],
      ["idUsuario=abc", "idUsuario", undefined],
      ["idUsuario=99999999999", "idUsuario", undefined],
    ] as const) {
      const res = await t.as("configuracion", { method: "GET", url: `${URL}?${query}` });
      expect(res.statusCode, query).toBe(400);
      expect(Object.keys(res.json().errors), query).toEqual([campo]);
      if (mensaje) expect(res.json().errors[campo], query).toEqual([mensaje]);
    }
  });
});

describe("GET /api/Auditoria filters", () => {
  it("a day is the calendar day in Santo Domingo: both limits included, its edges exact", async () => {
    const dia = await consultar("desde=2026-11-10&hasta=2026-11-10&rows=100");
    const fechas = new Set(dia.rows.map((r) => r.fecha));
    expect([...fechas].sort()).toEqual([
      "2026-11-10T04:00:00.000Z",
      "2026-11-10T15:30:00.000Z",
      "2026-11-11T03:59:59.999Z",
    ]);
    expect(dia.totalRecords).toBe(15);
    const hasta9 = await consultar("hasta=2026-11-09&rows=100");
    expect(new Set(hasta9.rows.map((r) => r.fecha))).toEqual(
      new Set(["2026-11-09T03:59:59.999Z", "2026-11-09T04:00:00.000Z", "2026-11-10T03:59:59.999Z"]),
    );
    // dd/mm/aaaa is read as the same day.
    expect((await consultar("desde=10/11/2026&hasta=10/11/2026&rows=100")).totalRecords).toBe(15);
  });

  it("by user, by action, combined, and the users the filter offers", async () => {
    const deAnalista = await consultar(`idUsuario=${ids.analista}&rows=100`);
    expect(deAnalista.totalRecords).toBeGreaterThanOrEqual(10);
    expect(deAnalista.rows.every((r) => r.usuario === "analista")).toBe(true);
    const liberaciones = await consultar(`accion=liberar&idUsuario=${ids.juridico}&desde=2026-11-10&rows=100`);
    expect(liberaciones.rows.length).toBeGreaterThan(0);
    for (const r of liberaciones.rows) {
      expect(r).toMatchObject({ accion: "liberar", usuario: "juridico" });
      expect(r.fecha >= "2026-11-10T04:00:00.000Z").toBe(true);
    }
    const lista = (await t.as("configuracion", { method: "GET", url: `${URL}/Usuarios` })).json();
    const todos = await t.db.select({ usuario: usuarios.usuario }).from(usuarios);
    expect(lista).toHaveLength(todos.length);
    expect(lista.find((u: { usuario: string }) => u.usuario === "analista")).toEqual({
      idUsuario: ids.analista,
      usuario: "analista",
      nombre: expect.stringMatching(/\S+ \S+/),
    });
  });

  it("every filter and page agrees with a plain reading of the whole trail", async () => {
    const todas = await t.db
      .select({
        id: auditoria.idAuditoria,
        fecha: auditoria.fecha,
        idUsuario: auditoria.idUsuario,
        accion: auditoria.accion,
        entidad: auditoria.entidad,
      })
      .from(auditoria)
      .orderBy(desc(auditoria.fecha), desc(auditoria.idAuditoria));
    // The calendar day of an instant in Santo Domingo (UTC−4).
    const dia = (d: Date) => new Date(d.getTime() - 4 * 3600_000).toISOString().slice(0, 10);
    const dias = ["2026-11-08", "2026-11-09", "2026-11-10", "2026-11-11", "2026-11-12", dia(new Date())];
    const opcion = <T>(a: fc.Arbitrary<T>) => fc.option(a, { nil: undefined });
    await fc.assert(
      fc.asyncProperty(
        fc.record({
          desde: opcion(fc.constantFrom(...dias)),
          hasta: opcion(fc.constantFrom(...dias)),
          idUsuario: opcion(fc.constantFrom(ids.analista, ids.juridico, ids.configuracion, ids.administrador)),
          accion: opcion(fc.constantFrom(...(Object.keys(ACCIONES_AUDITORIA) as string[]).slice(0, 16))),
          entidad: opcion(fc.constantFrom("Solicitud", "Cargo", "Sesion")),
          page: fc.integer({ min: 0, max: 3 }),
          rows: fc.integer({ min: 1, max: 15 }),
        }),
        async (f) => {
          if (f.desde && f.hasta && f.desde > f.hasta) [f.desde, f.hasta] = [f.hasta, f.desde];
          const esperadas = todas.filter(
            (e) =>
              (!f.desde || dia(e.fecha) >= f.desde) &&
              (!f.hasta || dia(e.fecha) <= f.hasta) &&
              (!f.idUsuario || e.idUsuario === f.idUsuario) &&
              (!f.accion || e.accion === f.accion) &&
              (!f.entidad || e.entidad === f.entidad),
          );
          const query = Object.entries(f)
            .filter(([, v]) => v !== undefined)
            .map(([k, v]) => `${k}=${v}`)
            .join("&");
          const pagina = await consultar(query);
          expect(pagina.totalRecords, query).toBe(esperadas.length);
          expect(
            pagina.rows.map((r) => r.idAuditoria),
            query,
          ).toEqual(esperadas.slice(f.page * f.rows, (f.page + 1) * f.rows).map((e) => e.id));
        },
      ),
      { numRuns: 60 },
    );
  });
});
