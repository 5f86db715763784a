import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { crearTestApp, type TestApp } from "../support/app.js";
import { esperarErrores, esperarNoAutenticado, esperarProhibidoAuditoria } from "../support/configuracion.js";

let t: TestApp;
beforeAll(async () => {
  t = await crearTestApp();
  // Three changes to read back: two positions and an institution.
  for (const nombre of ["Cargo Auditado 1", "Cargo Auditado 2"]) {
    await t.as("configuracion", { method: "POST", url: "/api/Usuarios/CrearCargo", payload: { nombre, tipo: 2 } });
  }
  await t.as("configuracion", {
    method: "POST",
    url: "/api/Instituciones",
    payload: { Nombre: "Institución Auditada", Direccion: "Calle 3", Telefono: "(809) 555-3333" },
  });
});
afterAll(() => t.close());

const URL = "/api/Auditoria";

// The paging tests come first: the 401/403 tests sign every user in, and sign-ins are audited too.
describe("GET /api/Auditoria", () => {
  it("pages the log newest first, with who did what", async () => {
    const res = await t.as("configuracion", { method: "GET", url: `${URL}?page=0&rows=2` });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    // The three changes and, before them, the sign-in of the user who made them.
    expect(body.totalRecords).toBe(4);
    expect(body.rows).toHaveLength(2);
    expect(body.rows[0]).toMatchObject({
      usuario: "configuracion",
      entidad: "Institucion",
      accion: "crear",
      antes: null,
      despues: { nombre: "Institución Auditada" },
    });
    expect(body.rows[1]).toMatchObject({ entidad: "Cargo", despues: { nombre: "Cargo Auditado 2" } });
    expect(new Date(body.rows[0].fecha).getTime()).toBeGreaterThanOrEqual(new Date(body.rows[1].fecha).getTime());
    const segunda = (await t.as("configuracion", { method: "GET", url: `${URL}?page=1&rows=2` })).json();
    expect(segunda.rows).toHaveLength(2);
    expect(segunda.rows[0].despues).toMatchObject({ nombre: "Cargo Auditado 1" });
    expect(segunda.rows[1]).toMatchObject({ entidad: "Sesion", idEntidad: "configuracion", accion: "inicio" });
  });

  it("filters by entity", async () => {
    const body = (await t.as("configuracion", { method: "GET", url: `${URL}?entidad=Cargo` })).json();
    expect(body.totalRecords).toBe(2);
    expect(body.rows.every((r: { entidad: string }) => r.entidad === "Cargo")).toBe(true);
  });

  it("401 without a token", () => esperarNoAutenticado(t, { method: "GET", url: URL }));
  it("403 for every role without the view (the RyCC administrator has it)", () =>
    esperarProhibidoAuditoria(t, { method: "GET", url: URL }));

  it("400 for an unknown entity or bad paging", async () => {
    const res = await t.as("configuracion", { method: "GET", url: `${URL}?entidad=Otra` });
    expect(res.statusCode).toBe(400);
    esperarErrores(await t.as("configuracion", { method: "GET", url: `${URL}?rows=0` }), {});
  });
});
