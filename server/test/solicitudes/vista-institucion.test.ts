/**
 * The institution's view of a request (DESIGN.md §4): an external user reads its own steps only.
 * A request goes 101 → 102 → 105 → 103 (the administrator's internal return) → 204 (legal's internal
 * return) through the API; the originator's detail, history, reasons and inbox must show none of
 * it: no internal status text or colour, no reviewer's name, no internal comment or reasons.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { crearTestApp, type TestApp } from "../support/app.js";
import { crearSolicitud } from "../support/factories.js";
import { accion, cuerpoRetornoAdmin, cuerpoRetornoJuridico, cuerpoRyCC } from "../support/revision.js";

let t: TestApp;
let id: number;

const COMENTARIO_ADMIN = "Nota interna del administrador: revisar la designación.";
const COMENTARIO_JURIDICO = "Nota interna de jurídico para el analista.";

const get = (u: Parameters<TestApp["as"]>[0], url: string) => t.as(u, { method: "GET", url });

async function decide(...args: Parameters<typeof accion> extends [unknown, ...infer R] ? R : never) {
  const res = await accion(t, ...args);
  expect(res.json().success, `${args[0]} ${args[1]}`).toBe(true);
}

beforeAll(async () => {
  t = await crearTestApp();
  ({ idSolicitud: id } = await crearSolicitud(t.db, { estatus: 101 }));
  await decide("analista", "AssignProcess", id);
  await decide("analista", "AprobarRcc", id);
  await decide("juridico", "AssignProcess", id);
  await decide("juridico", "AprobarJuridico", id);
  await decide("administrador", "RetornarJuridico", id, { ...cuerpoRetornoAdmin, Comentario: COMENTARIO_ADMIN });
  await decide("juridico", "AssignProcess", id);
});
afterAll(() => t.close());

describe("103, held by a legal analyst", () => {
  it("the originator reads 'En revisión legal' in the in-review colour, and no one's name", async () => {
    const s = (await get("originador", `/api/SolicitudFirma/${id}`)).json();
    expect(s).toMatchObject({ estatusSolitud: 103, estatus: "En revisión legal", colorEstatus: "info" });
    expect(s.asignadoA).toBeNull();
    expect(s.idAsignadoA).toBeNull();
    // Reviewers still read the real status and who holds it.
    const interna = (await get("administrador", `/api/SolicitudFirma/${id}`)).json();
    expect(interna).toMatchObject({ estatus: "Retornado Por RyCC", colorEstatus: "warning" });
    expect(interna.asignadoA).toMatch(/\S+ \S+/);
  });

  it("the originator's history leaves out the internal return and reviewers' names", async () => {
    const h = (await get("originador", `/api/SolicitudFirma/Historico/${id}`)).json();
    const texto = JSON.stringify(h);
    expect(h.map((x: { idEstatus: number }) => x.idEstatus)).not.toContain(103);
    expect(texto).not.toContain(COMENTARIO_ADMIN);
    expect(texto).not.toMatch(/Retornado/);
    for (const e of h.filter((x: { idEstatus: number }) => [102, 105].includes(x.idEstatus))) {
      expect(e.usuario).toBeNull();
    }
    const interna = (await get("administrador", `/api/SolicitudFirma/Historico/${id}`)).json();
    expect(interna.find((x: { idEstatus: number }) => x.idEstatus === 103)).toMatchObject({
      motivoCambioEstatus: COMENTARIO_ADMIN,
      usuario: expect.stringMatching(/\S+ \S+/),
    });
  });

  it("the originator gets no internal reasons; legal gets the administrator's", async () => {
    expect((await get("originador", `/api/SolicitudFirma/GetRechazos/${id}`)).json()).toEqual([]);
    const juridico = (await get("juridico", `/api/SolicitudFirma/GetRechazos/${id}`)).json();
    expect(juridico.length).toBe(cuerpoRetornoAdmin.MotivoCambioEstatus.length);
    expect(juridico[0].motivoCambioEstatus).toBe(COMENTARIO_ADMIN);
  });

  it("the originator's inbox masks it too, and finds it by the text it shows only", async () => {
    const lista = (await get("originador", "/api/SolicitudFirma/GetBandejaOriginador")).json();
    const item = lista.find((i: { id: number }) => i.id === id);
    expect(item).toMatchObject({
      estatus: "En revisión legal",
      colorEstatus: "info",
      asignadoA: null,
      idAsignadoA: null,
    });
    const buscar = async (q: string) =>
      (await get("originador", `/api/SolicitudFirma/GetBandejaOriginador?q=${encodeURIComponent(q)}`))
        .json()
        .map((i: { id: number }) => i.id);
    expect(await buscar("revision legal")).toContain(id);
    expect(await buscar("retornado")).not.toContain(id);
  });
});

describe("204, returned by legal to the analyst", () => {
  beforeAll(async () => {
    await decide("juridico", "RetornarJuridico", id, { ...cuerpoRetornoJuridico, Comentario: COMENTARIO_JURIDICO });
  });

  it("reads as in review by RyCC, with neither internal return in its history or reasons", async () => {
    const s = (await get("originador", `/api/SolicitudFirma/${id}`)).json();
    expect(s).toMatchObject({ estatusSolitud: 204, estatus: "En revisión RyCC", colorEstatus: "info" });
    const h = (await get("originador", `/api/SolicitudFirma/Historico/${id}`)).json();
    expect(h.map((x: { idEstatus: number }) => x.idEstatus)).toEqual([101, 102, 105]);
    expect(JSON.stringify(h)).not.toContain(COMENTARIO_JURIDICO);
    expect((await get("originador", `/api/SolicitudFirma/GetRechazos/${id}`)).json()).toEqual([]);
    const analista = (await get("analista", `/api/SolicitudFirma/GetRechazos/${id}`)).json();
    expect(analista[0].motivoCambioEstatus).toBe(COMENTARIO_JURIDICO);
  });

  it("a return to the institution (108) shows its reasons and comment, without the analyst's name", async () => {
    await decide("analista", "AssignProcess", id);
    await decide("analista", "Retornar", id, cuerpoRyCC);
    const r = (await get("originador", `/api/SolicitudFirma/GetRechazos/${id}`)).json();
    expect(r.map((x: { id: number }) => x.id)).toEqual(cuerpoRyCC.MotivoCambioEstatus);
    expect(r[0].motivoCambioEstatus).toBe(cuerpoRyCC.Comentario);
    const h = (await get("originador", `/api/SolicitudFirma/Historico/${id}`)).json();
    expect(h.at(-1)).toMatchObject({ idEstatus: 108, motivoCambioEstatus: cuerpoRyCC.Comentario, usuario: null });
  });
});

describe("status search matches whole words", () => {
  it("'Activa' finds the active request, not the deactivated one ('Inactivado')", async () => {
    const activa = (await crearSolicitud(t.db, { estatus: 106 })).idSolicitud;
    const inactivada = (await crearSolicitud(t.db, { estatus: 201 })).idSolicitud;
    const buscar = async (q: string) =>
      (await get("consultor", `/api/SolicitudFirma/GetBandejaConsultor?q=${q}`))
        .json()
        .map((i: { id: number }) => i.id);
    const activas = await buscar("activa");
    expect(activas).toContain(activa);
    expect(activas).not.toContain(inactivada);
    expect(await buscar("inactiv")).toContain(inactivada);
  });
});
