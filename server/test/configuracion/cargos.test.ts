import { MSG } from "@registro/contracts";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cargos } from "../../src/db/schema.js";
import { crearTestApp, type TestApp } from "../support/app.js";
import {
  auditoriaDe,
  contarAuditoria,
  esperarErrores,
  esperarNoAutenticado,
  esperarProhibido,
} from "../support/configuracion.js";

let t: TestApp;
beforeAll(async () => {
  t = await crearTestApp();
});
afterAll(() => t.close());

type CargoApi = { id: number; nombre: string; descripcion: string; tipo: number; estatus: number };

async function listar(): Promise<CargoApi[]> {
  return (await t.as("configuracion", { method: "GET", url: "/api/Usuarios/CargosActivos" })).json();
}

async function idCargo(nombre: string): Promise<number> {
  const [c] = await t.db.select({ id: cargos.idCargo }).from(cargos).where(eq(cargos.nombre, nombre));
  return c.id;
}

async function crear(nombre: string, tipo = 2): Promise<number> {
  const res = await t.as("configuracion", {
    method: "POST",
    url: "/api/Usuarios/CrearCargo",
    payload: { nombre, descripcion: "Cargo de prueba", tipo, estatus: 1 },
  });
  expect(res.json().success).toBe(true);
  return idCargo(nombre);
}

describe("GET /api/Usuarios/CargosActivos", () => {
  const url = "/api/Usuarios/CargosActivos";
  it("401 without a token", () => esperarNoAutenticado(t, { method: "GET", url }));
  it("403 for every other role", () => esperarProhibido(t, { method: "GET", url }));

  it("lists every position with tipo 1|2 and estatus 1|0", async () => {
    const lista = await listar();
    expect(lista.find((c) => c.nombre === "Ministro")).toEqual({
      id: await idCargo("Ministro"),
      nombre: "Ministro",
      descripcion: "Máxima autoridad de un ministerio",
      tipo: 1,
      estatus: 1,
    });
    expect(lista.find((c) => c.nombre === "Tesorero")).toMatchObject({ tipo: 2, estatus: 1 });
  });
});

describe("POST /api/Usuarios/CrearCargo", () => {
  const url = "/api/Usuarios/CrearCargo";
  const cuerpo = {
    id: 0,
    nombre: "Subdirector Financiero",
    descripcion: "Apoya al director financiero",
    tipo: 2,
    estatus: 1,
  };

  it("401 without a token", () => esperarNoAutenticado(t, { method: "POST", url, payload: cuerpo }));

  it("403 for every other role, and nothing is created", async () => {
    await esperarProhibido(t, { method: "POST", url, payload: cuerpo });
    expect((await listar()).some((c) => c.nombre === cuerpo.nombre)).toBe(false);
  });

  it("400 on Nombre and Tipo when missing, for an unknown type, and for a name already taken", async () => {
    esperarErrores(await t.as("configuracion", { method: "POST", url, payload: {} }), {
      Nombre: MSG.requerido,
      Tipo: MSG.requerido,
    });
    esperarErrores(await t.as("configuracion", { method: "POST", url, payload: { ...cuerpo, tipo: 3 } }), {
      Tipo: MSG.cargoTipo,
    });
    esperarErrores(await t.as("configuracion", { method: "POST", url, payload: { ...cuerpo, nombre: "TESORERO" } }), {
      Nombre: MSG.cargoDuplicado,
    });
  });

  it("creates a position and audits it", async () => {
    const antes = await contarAuditoria(t.db);
    const res = await t.as("configuracion", { method: "POST", url, payload: cuerpo });
    expect(res.json()).toEqual({ success: true, message: MSG.cargoCreado });
    const id = await idCargo(cuerpo.nombre);
    expect((await listar()).find((c) => c.id === id)).toEqual({
      id,
      nombre: cuerpo.nombre,
      descripcion: cuerpo.descripcion,
      tipo: 2,
      estatus: 1,
    });
    expect(await contarAuditoria(t.db)).toBe(antes + 1);
    const [fila] = await auditoriaDe(t.db, "Cargo", id);
    expect(fila).toMatchObject({ accion: "crear", antes: null, despues: { nombre: cuerpo.nombre, tipo: 2 } });
  });
});

describe("PUT /api/Usuarios/EditarCargo", () => {
  const url = "/api/Usuarios/EditarCargo";

  it("401 without a token", () =>
    esperarNoAutenticado(t, { method: "PUT", url, payload: { id: 1, nombre: "x", tipo: 1, estatus: 1 } }));

  it("403 for every other role", async () => {
    const id = await idCargo("Tesorero");
    await esperarProhibido(t, { method: "PUT", url, payload: { id, nombre: "Tesorero", tipo: 2, estatus: 0 } });
    expect((await listar()).find((c) => c.id === id)?.estatus).toBe(1);
  });

  it("400 without an id, 404 for an unknown position", async () => {
    esperarErrores(await t.as("configuracion", { method: "PUT", url, payload: { nombre: "x", tipo: 1 } }), {
      Id: MSG.requerido,
    });
    const res = await t.as("configuracion", { method: "PUT", url, payload: { id: 99999, nombre: "x", tipo: 1 } });
    expect(res.statusCode).toBe(404);
  });

  it("400 for another position's name, or a type change while incumbents or officials hold it", async () => {
    const id = await idCargo("Tesorero");
    esperarErrores(
      await t.as("configuracion", { method: "PUT", url, payload: { id, nombre: "Ministro", tipo: 2, estatus: 1 } }),
      { Nombre: MSG.cargoDuplicado },
    );
    // The demo requests name the first incumbent position.
    const ministro = await idCargo("Ministro");
    esperarErrores(
      await t.as("configuracion", {
        method: "PUT",
        url,
        payload: { id: ministro, nombre: "Ministro", tipo: 2, estatus: 1 },
      }),
      { Tipo: MSG.cargoTipoEnUso },
    );
  });

  it("edits a position and audits before and after", async () => {
    const id = await crear("Analista Presupuestario");
    const res = await t.as("configuracion", {
      method: "PUT",
      url,
      payload: { id, nombre: "Analista de Presupuesto", descripcion: "Nuevo nombre", tipo: 1, estatus: 0 },
    });
    expect(res.json()).toEqual({ success: true, message: MSG.cargoActualizado });
    expect((await listar()).find((c) => c.id === id)).toEqual({
      id,
      nombre: "Analista de Presupuesto",
      descripcion: "Nuevo nombre",
      tipo: 1,
      estatus: 0,
    });
    const [fila] = await auditoriaDe(t.db, "Cargo", id);
    expect(fila).toMatchObject({
      accion: "editar",
      antes: { nombre: "Analista Presupuestario", tipo: 2, estatus: 1 },
      despues: { nombre: "Analista de Presupuesto", tipo: 1, estatus: 0 },
    });
  });
});

describe("DELETE /api/Usuarios/BorrarCargo?idcargo=", () => {
  const url = (id: number | string) => `/api/Usuarios/BorrarCargo?idcargo=${id}`;

  it("401 without a token", async () =>
    esperarNoAutenticado(t, { method: "DELETE", url: url(await crear("Libre A")) }));

  it("403 for every other role, and nothing is deleted", async () => {
    const id = await crear("Libre B");
    await esperarProhibido(t, { method: "DELETE", url: url(id) });
    expect((await listar()).some((c) => c.id === id)).toBe(true);
  });

  it("400 for a malformed id, 404 for an unknown position", async () => {
    esperarErrores(await t.as("configuracion", { method: "DELETE", url: url("x") }), { idcargo: MSG.numeroInvalido });
    expect((await t.as("configuracion", { method: "DELETE", url: url(99999) })).statusCode).toBe(404);
  });

  it("deletes an unused position and audits it", async () => {
    const id = await crear("Libre C");
    const res = await t.as("configuracion", { method: "DELETE", url: url(id) });
    expect(res.json()).toEqual({ success: true, message: MSG.cargoEliminado });
    expect((await listar()).some((c) => c.id === id)).toBe(false);
    const [fila] = await auditoriaDe(t.db, "Cargo", id);
    expect(fila).toMatchObject({ accion: "eliminar", antes: { nombre: "Libre C" }, despues: null });
  });

  it("deactivates a position in use instead, and says so", async () => {
    const id = await idCargo("Director Financiero");
    const res = await t.as("configuracion", { method: "DELETE", url: url(id) });
    expect(res.json()).toEqual({ success: true, message: MSG.cargoDesactivado });
    expect((await listar()).find((c) => c.id === id)?.estatus).toBe(0);
    const [fila] = await auditoriaDe(t.db, "Cargo", id);
    expect(fila).toMatchObject({ accion: "desactivar", antes: { estatus: 1 }, despues: { estatus: 0 } });
  });

  it("a position held only by an institution is deactivated too", async () => {
    const id = await crear("Solo Institucional");
    const inst = await t.as("configuracion", {
      method: "POST",
      url: "/api/Instituciones",
      payload: {
        Nombre: "Institución con Cargo",
        Direccion: "Calle 2",
        Telefono: "(809) 555-2222",
        SelectedCargos: [id],
      },
    });
    expect(inst.json().success).toBe(true);
    const res = await t.as("configuracion", { method: "DELETE", url: url(id) });
    expect(res.json().message).toBe(MSG.cargoDesactivado);
  });
});
