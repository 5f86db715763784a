import { GRUPOS, MSG, PERFILES_POR_DEFECTO, V, VISTAS } from "@registro/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { crearTestApp, type TestApp } from "../support/app.js";
import {
  auditoriaDe,
  contarAuditoria,
  esperarErrores,
  esperarNoAutenticado,
  esperarProhibido,
  idPerfil,
} from "../support/configuracion.js";

/** The default configuration administrator profile's views (contracts' default profiles). */
const VISTAS_ADMIN_CONFIGURACION = PERFILES_POR_DEFECTO.find((p) => p.nombre === "Administrador de Configuración")!
  .vistas.length;

let t: TestApp;
beforeAll(async () => {
  t = await crearTestApp();
});
afterAll(() => t.close());

const PERFILES = "/api/Perfiles";
const idVista = (nombre: string) => VISTAS.find((v) => v.nombre === nombre)!.idVista;
const TRES_VISTAS = [V.CONSULTA, V.DETALLES_CONSULTA, V.HISTORICO].map(idVista);

type PerfilApi = {
  idPerfil: number;
  nombre: string;
  cantPermisos: number;
  cantUsuariosExternos: number;
  vistas: { nombre: string }[];
};

async function perfiles(): Promise<PerfilApi[]> {
  return (await t.as("configuracion", { method: "GET", url: PERFILES })).json();
}

describe("GET /api/Perfiles", () => {
  it("401 without a token", () => esperarNoAutenticado(t, { method: "GET", url: PERFILES }));
  it("403 for every other role", () => esperarProhibido(t, { method: "GET", url: PERFILES }));

  it("lists the profiles with their views and counts", async () => {
    const lista = await perfiles();
    const admin = lista.find((p) => p.nombre === "Administrador de Configuración")!;
    expect(admin).toMatchObject({ porDefecto: true, cantPermisos: VISTAS_ADMIN_CONFIGURACION, cantUsuarios: 1 });
    expect(admin.vistas[0]).toEqual({
      idVista: idVista(V.CONFIGURACION),
      nombre: V.CONFIGURACION,
      url: "/Configuracion",
      permiso: true,
    });
    const originador = lista.find((p) => p.nombre === "Originador")!;
    expect(originador.cantPermisos).toBe(GRUPOS.originador.length);
    expect(originador.vistas.map((v) => v.nombre)).toEqual([...GRUPOS.originador]);
  });
});

describe("GET /api/Perfiles/GetVistas", () => {
  const url = `${PERFILES}/GetVistas`;
  it("401 without a token", () => esperarNoAutenticado(t, { method: "GET", url }));
  it("403 for every other role", () => esperarProhibido(t, { method: "GET", url }));

  it("lists every view, unpicked, with its module", async () => {
    const res = await t.as("configuracion", { method: "GET", url });
    expect(res.statusCode).toBe(200);
    const vistas = res.json() as Record<string, unknown>[];
    expect(vistas).toHaveLength(VISTAS.length);
    expect(vistas.find((v) => v.nombre === V.CARGOS)).toEqual({
      idVista: idVista(V.CARGOS),
      nombre: V.CARGOS,
      url: "/Configuracion/Cargos",
      permiso: false,
      idModulo: 5,
      modulo: "Configuración",
    });
  });
});

describe("POST /api/Perfiles", () => {
  const cuerpo = (extra: Record<string, unknown> = {}) => ({
    Nombre: "Supervisor de Consulta",
    Descripcion: "Consulta y histórico jurídico",
    PorDefecto: false,
    Vistas: TRES_VISTAS,
    ...extra,
  });

  it("401 without a token", () => esperarNoAutenticado(t, { method: "POST", url: PERFILES, payload: cuerpo() }));
  it("403 for every other role", () => esperarProhibido(t, { method: "POST", url: PERFILES, payload: cuerpo() }));

  it("400 without a name or without views", async () => {
    esperarErrores(await t.as("configuracion", { method: "POST", url: PERFILES, payload: { Vistas: [] } }), {
      Nombre: MSG.requerido,
      Vistas: MSG.perfilSinVistas,
    });
    esperarErrores(await t.as("configuracion", { method: "POST", url: PERFILES, payload: cuerpo({ Vistas: null }) }), {
      Vistas: MSG.perfilSinVistas,
    });
  });

  it("400 for an unknown view or a name already taken (ignoring case)", async () => {
    const res = await t.as("configuracion", {
      method: "POST",
      url: PERFILES,
      payload: cuerpo({ Nombre: "CONSULTOR", Vistas: [idVista(V.CONSULTA), 999] }),
    });
    esperarErrores(res, { Nombre: MSG.perfilDuplicado, Vistas: MSG.vistaNoExiste });
    expect((await perfiles()).some((p) => p.nombre === "CONSULTOR")).toBe(false);
  });

  it("creates a profile from ids or {idVista} objects, and audits it", async () => {
    const auditoriaAntes = await contarAuditoria(t.db);
    const res = await t.as("configuracion", {
      method: "POST",
      url: PERFILES,
      payload: {
        nombre: "Supervisor de Consulta",
        descripcion: "Consulta y histórico jurídico",
        porDefecto: true,
        vistas: [{ idVista: TRES_VISTAS[0] }, { IdVista: TRES_VISTAS[1], permiso: true }, TRES_VISTAS[2]],
      },
    });
    expect(res.json()).toMatchObject({ success: true, message: MSG.perfilCreado });
    const { idPerfil: id } = res.json().data;
    const creado = (await perfiles()).find((p) => p.idPerfil === id)!;
    expect(creado).toMatchObject({ nombre: "Supervisor de Consulta", porDefecto: true, cantPermisos: 3 });
    expect(creado.vistas.map((v) => v.nombre).sort()).toEqual([V.CONSULTA, V.DETALLES_CONSULTA, V.HISTORICO].sort());
    expect(await contarAuditoria(t.db)).toBe(auditoriaAntes + 1);
    const [fila] = await auditoriaDe(t.db, "Perfil", id);
    expect(fila).toMatchObject({ accion: "crear", antes: null });
    expect(fila.despues).toMatchObject({ nombre: "Supervisor de Consulta", porDefecto: true });
  });
});

describe("PUT /api/Perfiles?idPerfil=", () => {
  const url = (id: number | string) => `${PERFILES}?idPerfil=${id}`;

  it("401 without a token", async () =>
    esperarNoAutenticado(t, { method: "PUT", url: url(await idPerfil(t.db, "Consultor")), payload: { Nombre: "x" } }));

  it("403 for every other role", async () =>
    esperarProhibido(t, { method: "PUT", url: url(await idPerfil(t.db, "Consultor")), payload: { Nombre: "x" } }));

  it("400 for a bad id, a taken name, an empty or unknown view list; 404 for an unknown profile", async () => {
    esperarErrores(await t.as("configuracion", { method: "PUT", url: url("x"), payload: { Nombre: "x" } }), {
      idPerfil: MSG.numeroInvalido,
    });
    const consultor = await idPerfil(t.db, "Consultor");
    esperarErrores(
      await t.as("configuracion", { method: "PUT", url: url(consultor), payload: { Nombre: "originador" } }),
      { Nombre: MSG.perfilDuplicado },
    );
    esperarErrores(
      await t.as("configuracion", { method: "PUT", url: url(consultor), payload: { Nombre: "Consultor", Vistas: [] } }),
      { Vistas: MSG.perfilSinVistas },
    );
    esperarErrores(
      await t.as("configuracion", {
        method: "PUT",
        url: url(consultor),
        payload: { Nombre: "Consultor", Vistas: [999] },
      }),
      { Vistas: MSG.vistaNoExiste },
    );
    const res = await t.as("configuracion", { method: "PUT", url: url(99999), payload: { Nombre: "Nuevo" } });
    expect(res.statusCode).toBe(404);
  });

  it("400 on Vistas for the comptroller's views in a profile external users hold, naming them; nothing changes", async () => {
    const originador = await idPerfil(t.db, "Originador");
    const antes = (await perfiles()).find((p) => p.idPerfil === originador)!;
    expect(antes).toMatchObject({ cantUsuariosExternos: 2 });
    const suyas = antes.vistas.map((v) => idVista(v.nombre));
    const res = await t.as("configuracion", {
      method: "PUT",
      url: url(originador),
      payload: { Nombre: "Originador", Vistas: [...suyas, idVista(V.TABLERO), idVista(V.ANALISTA)] },
    });
    esperarErrores(res, {
      Vistas: MSG.vistasInternasPerfilExterno(["Bandeja del Analista de Revisión", "Tablero"]),
    });
    expect((await perfiles()).find((p) => p.idPerfil === originador)).toEqual(antes);
    // Verificar firma is no comptroller's view: external users may hold it.
    const verificar = await t.as("configuracion", {
      method: "PUT",
      url: url(originador),
      payload: { Nombre: "Originador", Vistas: [...new Set([...suyas, idVista(V.VERIFICAR_FIRMA)])] },
    });
    expect(verificar.json().success).toBe(true);
    // A profile held by internal users only takes the dashboard.
    const seguimiento = (await perfiles()).find((p) => p.vistas.some((v) => v.nombre === V.SEGUIMIENTO))!;
    expect(seguimiento).toMatchObject({ cantUsuariosExternos: 0 });
    const interno = await t.as("configuracion", {
      method: "PUT",
      url: url(seguimiento.idPerfil),
      payload: {
        Nombre: seguimiento.nombre,
        Vistas: [...new Set([...seguimiento.vistas.map((v) => idVista(v.nombre)), idVista(V.TABLERO)])],
      },
    });
    expect(interno.json().success).toBe(true);
  });

  it("400 when the change leaves nobody able to administer, and nothing changes", async () => {
    const admin = await idPerfil(t.db, "Administrador de Configuración");
    const res = await t.as("configuracion", {
      method: "PUT",
      url: url(admin),
      payload: { Nombre: "Administrador de Configuración", Vistas: [idVista(V.INSTITUCIONES), idVista(V.CARGOS)] },
    });
    esperarErrores(res, { Vistas: MSG.ultimoAdministrador });
    expect((await perfiles()).find((p) => p.idPerfil === admin)!.cantPermisos).toBe(VISTAS_ADMIN_CONFIGURACION);
    // The administrator still works.
    expect((await t.as("configuracion", { method: "GET", url: PERFILES })).statusCode).toBe(200);
  });

  it("Vistas null keeps the views; a change of views reaches the profile's users on their next call", async () => {
    const consultor = await idPerfil(t.db, "Consultor");
    const token = await t.token("consultor");
    const sinVistas = await t.as("configuracion", {
      method: "PUT",
      url: url(consultor),
      payload: { Nombre: "Consultor", Descripcion: "Consulta del registro", PorDefecto: true, Vistas: null },
    });
    expect(sinVistas.json()).toEqual({ success: true, message: MSG.perfilActualizado });
    expect((await perfiles()).find((p) => p.idPerfil === consultor)!.cantPermisos).toBe(3);

    const res = await t.as("configuracion", {
      method: "PUT",
      url: url(consultor),
      payload: { Nombre: "Consultor", Descripcion: "Consulta del registro", PorDefecto: true, Vistas: TRES_VISTAS },
    });
    expect(res.json().success).toBe(true);
    const datos = await t.app.inject({
      method: "GET",
      url: "/api/Account/GetUserData",
      headers: { authorization: token },
    });
    expect(datos.json().vistas.map((v: { nombre: string }) => v.nombre)).toContain(V.HISTORICO);

    const [fila] = await auditoriaDe(t.db, "Perfil", consultor);
    expect(fila.accion).toBe("editar");
    expect((fila.antes as { vistas: string[] }).vistas).toEqual([V.CONSULTA, V.DETALLES_CONSULTA, V.VERIFICAR_FIRMA]);
    expect((fila.despues as { vistas: string[] }).vistas).toContain(V.HISTORICO);
  });
});

describe("DELETE /api/Perfiles?idPerfil=", () => {
  const url = (id: number | string) => `${PERFILES}?idPerfil=${id}`;

  async function perfilLibre(nombre: string): Promise<number> {
    const res = await t.as("configuracion", {
      method: "POST",
      url: PERFILES,
      payload: { Nombre: nombre, Vistas: [idVista(V.CONSULTA)] },
    });
    return res.json().data.idPerfil;
  }

  it("401 without a token", async () =>
    esperarNoAutenticado(t, { method: "DELETE", url: url(await perfilLibre("Libre 1")) }));

  it("403 for every other role", async () => {
    const id = await perfilLibre("Libre 2");
    await esperarProhibido(t, { method: "DELETE", url: url(id) });
    expect((await perfiles()).some((p) => p.idPerfil === id)).toBe(true);
  });

  it("400 for a bad id, 404 for an unknown profile", async () => {
    esperarErrores(await t.as("configuracion", { method: "DELETE", url: url("abc") }), {
      idPerfil: MSG.numeroInvalido,
    });
    expect((await t.as("configuracion", { method: "DELETE", url: url(99999) })).statusCode).toBe(404);
  });

  it("400 for the last profile able to administer", async () => {
    const admin = await idPerfil(t.db, "Administrador de Configuración");
    esperarErrores(await t.as("configuracion", { method: "DELETE", url: url(admin) }), {
      idPerfil: MSG.ultimoPerfilAdministrador,
    });
    expect((await perfiles()).some((p) => p.idPerfil === admin)).toBe(true);
  });

  it("refuses a profile in use, saying how many users hold it", async () => {
    const originador = await idPerfil(t.db, "Originador");
    const res = await t.as("configuracion", { method: "DELETE", url: url(originador) });
    expect(res.json()).toEqual({ success: false, message: MSG.perfilAsignado(2) });
    expect(MSG.perfilAsignado(2)).toBe("El perfil está asignado a 2 usuarios y no puede eliminarse.");
    expect((await perfiles()).some((p) => p.idPerfil === originador)).toBe(true);
  });

  it("deletes an unused profile and audits it", async () => {
    const id = await perfilLibre("Libre 3");
    const res = await t.as("configuracion", { method: "DELETE", url: url(id) });
    expect(res.json()).toEqual({ success: true, message: MSG.perfilEliminado });
    expect((await perfiles()).some((p) => p.idPerfil === id)).toBe(false);
    const [fila] = await auditoriaDe(t.db, "Perfil", id);
    expect(fila).toMatchObject({ accion: "eliminar", despues: null });
    expect(fila.antes).toMatchObject({ nombre: "Libre 3", vistas: [V.CONSULTA] });
  });
});
