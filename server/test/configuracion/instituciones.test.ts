import { MSG } from "@registro/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { crearTestApp, type TestApp } from "../support/app.js";
import {
  auditoriaDe,
  contarAuditoria,
  esperarErrores,
  esperarNoAutenticado,
  esperarProhibido,
  idInstitucion,
} from "../support/configuracion.js";
import { cargoDeTipo } from "../support/factories.js";

let t: TestApp;
let cargoI: number;
let cargoF: number;
beforeAll(async () => {
  t = await crearTestApp();
  cargoI = await cargoDeTipo(t.db, 1);
  cargoF = await cargoDeTipo(t.db, 2);
});
afterAll(() => t.close());

const URL = "/api/Instituciones";

type InstitucionApi = Record<string, unknown> & { idInstitucionFirma: number; nombre: string };

async function instituciones(): Promise<InstitucionApi[]> {
  return (await t.as("configuracion", { method: "GET", url: URL })).json();
}

const cuerpo = (extra: Record<string, unknown> = {}) => ({
  Nombre: "Ministerio de Cultura",
  Estructura: "Gobierno Central",
  Direccion: "Av. George Washington No. 10, Santo Domingo",
  Telefono: "(809) 221-4141",
  Ext: "210",
  Telefono2: "(809) 221-4142",
  Ext2: "",
  Estatus: true,
  SelectedCargos: [cargoI, cargoF],
  ...extra,
});

describe("GET /api/Instituciones", () => {
  it("401 without a token", () => esperarNoAutenticado(t, { method: "GET", url: URL }));
  it("403 for every other role", () => esperarProhibido(t, { method: "GET", url: URL }));

  it("lists every institution with its positions; idUsuario carries the institution's id", async () => {
    const lista = await instituciones();
    const hacienda = lista.find((i) => i.nombre === "Ministerio de Hacienda")!;
    expect(hacienda).toMatchObject({
      idUsuario: hacienda.idInstitucionFirma,
      estructura: "Gobierno Central",
      telefono: "(809) 687-5131",
      ext: "2101",
      estatus: true,
    });
    expect((hacienda.selectedCargos as number[]).length).toBe(hacienda.cantCargos);
    expect(hacienda.selectedCargos).toContain(cargoI);
  });
});

describe("POST /api/Instituciones", () => {
  it("401 without a token", () => esperarNoAutenticado(t, { method: "POST", url: URL, payload: cuerpo() }));

  it("403 for every other role, and nothing is created", async () => {
    await esperarProhibido(t, { method: "POST", url: URL, payload: cuerpo() });
    expect((await instituciones()).some((i) => i.nombre === "Ministerio de Cultura")).toBe(false);
  });

  it("400 for missing name, address and phone", async () => {
    esperarErrores(await t.as("configuracion", { method: "POST", url: URL, payload: {} }), {
      Nombre: MSG.requerido,
      Direccion: MSG.requerido,
      Telefono: MSG.requerido,
    });
  });

  it("400 for phones outside the mask and a non-numeric extension", async () => {
    const res = await t.as("configuracion", {
      method: "POST",
      url: URL,
      payload: cuerpo({ Telefono: "809-221-4141", Telefono2: "(809) 221-41", Ext: "12a", Ext2: "1234567" }),
    });
    esperarErrores(res, {
      Telefono: MSG.telefonoFormato,
      Telefono2: MSG.telefonoFormato,
      Ext: MSG.extFormato,
      Ext2: MSG.extFormato,
    });
  });

  it("400 for a name already taken (ignoring case) and an unknown position", async () => {
    const res = await t.as("configuracion", {
      method: "POST",
      url: URL,
      payload: cuerpo({ Nombre: "ministerio de hacienda", SelectedCargos: [cargoI, 99999] }),
    });
    esperarErrores(res, { Nombre: MSG.institucionDuplicada, SelectedCargos: MSG.cargoNoExiste });
  });

  it("creates an institution with its positions and audits it", async () => {
    const antes = await contarAuditoria(t.db);
    const res = await t.as("configuracion", { method: "POST", url: URL, payload: cuerpo() });
    expect(res.json()).toMatchObject({ success: true, message: MSG.institucionCreada });
    const id = res.json().data.idInstitucionFirma;
    const creada = (await instituciones()).find((i) => i.idInstitucionFirma === id);
    expect(creada).toEqual({
      idUsuario: id,
      idInstitucionFirma: id,
      nombre: "Ministerio de Cultura",
      estructura: "Gobierno Central",
      direccion: "Av. George Washington No. 10, Santo Domingo",
      telefono: "(809) 221-4141",
      ext: "210",
      telefono2: "(809) 221-4142",
      ext2: "",
      estatus: true,
      selectedCargos: [cargoI, cargoF].sort((a, b) => a - b),
      cantCargos: 2,
    });
    expect(await contarAuditoria(t.db)).toBe(antes + 1);
    const [fila] = await auditoriaDe(t.db, "Institucion", id);
    expect(fila).toMatchObject({ accion: "crear", antes: null });
    expect(fila.despues).toMatchObject({ nombre: "Ministerio de Cultura", cantCargos: 2 });
    expect((fila.despues as { cargos: string[] }).cargos).toHaveLength(2);
  });
});

describe("PUT /api/Instituciones", () => {
  it("401 without a token", async () =>
    esperarNoAutenticado(t, { method: "PUT", url: URL, payload: cuerpo({ IdInstitucionFirma: 1 }) }));

  it("403 for every other role", async () => {
    const id = await idInstitucion(t.db, "Ayuntamiento de La Vega");
    await esperarProhibido(t, { method: "PUT", url: URL, payload: cuerpo({ IdInstitucionFirma: id }) });
  });

  it("400 without an id, 404 for an unknown institution", async () => {
    esperarErrores(await t.as("configuracion", { method: "PUT", url: URL, payload: cuerpo({ Nombre: "Otra" }) }), {
      IdInstitucionFirma: MSG.requerido,
    });
    const res = await t.as("configuracion", {
      method: "PUT",
      url: URL,
      payload: cuerpo({ Nombre: "Otra", IdInstitucionFirma: 99999 }),
    });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ success: false, message: MSG.institucionNoEncontrada });
  });

  it("400 for another institution's name, a bad phone or an unknown position; nothing changes", async () => {
    const id = await idInstitucion(t.db, "Ayuntamiento de La Vega");
    const res = await t.as("configuracion", {
      method: "PUT",
      url: URL,
      payload: cuerpo({ IdInstitucionFirma: id, Nombre: "Ministerio de Educación" }),
    });
    esperarErrores(res, { Nombre: MSG.institucionDuplicada });
    const tel = await t.as("configuracion", {
      method: "PUT",
      url: URL,
      payload: cuerpo({ IdInstitucionFirma: id, Nombre: "Ayuntamiento de La Vega", Telefono: "8095732020" }),
    });
    esperarErrores(tel, { Telefono: MSG.telefonoFormato });
    const cargo = await t.as("configuracion", {
      method: "PUT",
      url: URL,
      payload: cuerpo({ IdInstitucionFirma: id, Nombre: "Ayuntamiento de La Vega", SelectedCargos: [99999] }),
    });
    esperarErrores(cargo, { SelectedCargos: MSG.cargoNoExiste });
    expect((await instituciones()).find((i) => i.idInstitucionFirma === id)).toMatchObject({
      nombre: "Ayuntamiento de La Vega",
      telefono: "(809) 573-2020",
    });
  });

  it("edits by IdInstitucionFirma or by IdUsuario (SPEC's key), and audits before and after", async () => {
    const id = await idInstitucion(t.db, "Ayuntamiento de La Vega");
    const res = await t.as("configuracion", {
      method: "PUT",
      url: URL,
      payload: cuerpo({
        IdInstitucionFirma: id,
        Nombre: "Ayuntamiento de La Vega",
        Direccion: "Calle Nueva No. 1, La Vega",
        Estatus: false,
        SelectedCargos: [cargoF],
      }),
    });
    expect(res.json()).toMatchObject({ success: true, message: MSG.institucionActualizada });
    expect((await instituciones()).find((i) => i.idInstitucionFirma === id)).toMatchObject({
      direccion: "Calle Nueva No. 1, La Vega",
      estatus: false,
      selectedCargos: [cargoF],
      cantCargos: 1,
    });
    const [fila] = await auditoriaDe(t.db, "Institucion", id);
    expect(fila.accion).toBe("editar");
    expect(fila.antes).toMatchObject({ direccion: "Calle Padre Adolfo No. 7, La Vega", estatus: true });
    expect(fila.despues).toMatchObject({ direccion: "Calle Nueva No. 1, La Vega", estatus: false, cantCargos: 1 });

    const porIdUsuario = await t.as("configuracion", {
      method: "PUT",
      url: URL,
      payload: {
        idUsuario: id,
        nombre: "Ayuntamiento de La Vega",
        direccion: "Calle Nueva No. 1, La Vega",
        telefono: "(809) 573-2020",
        estatus: true,
        selectedCargos: [],
      },
    });
    expect(porIdUsuario.json().success).toBe(true);
    expect((await instituciones()).find((i) => i.idInstitucionFirma === id)).toMatchObject({
      estatus: true,
      cantCargos: 0,
    });
  });
});
