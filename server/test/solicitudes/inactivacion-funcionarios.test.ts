/**
 * Deactivating chosen officials: SolicitudInactivar/{id} with `Funcionarios` (an addition to SPEC.md
 * §7; absent, the whole request as before) marks them, the history names them, the reviewers read
 * which officials the request concerns, and the administrator's approval (Inactivar) ends only those
 * while the request stays active; Activar keeps them all.
 */
import { MSG } from "@registro/contracts";
import { asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { autorizaciones, avisos, funcionarios, historial } from "../../src/db/schema.js";
import { crearTestApp, type TestApp } from "../support/app.js";
import { crearSolicitud, idUsuario, leerSolicitud } from "../support/factories.js";
import { multipart, pdf } from "../support/formularios.js";

let t: TestApp;
beforeAll(async () => {
  t = await crearTestApp();
});
afterAll(() => t.close());

const justificacion = "El funcionario fue trasladado a otra institución.";
const pedir = (id: number, elegidos?: (string | number)[]) =>
  t.as("originador", {
    method: "POST",
    url: `/api/SolicitudFirma/SolicitudInactivar/${id}`,
    ...multipart({ Justificacion: justificacion, Funcionarios: elegidos }, { Evidencia: pdf() }),
  });

async function estados(idSolicitud: number) {
  const filas = await t.db
    .select({
      id: funcionarios.idFuncionario,
      estatus: funcionarios.idEstatus,
      marcado: funcionarios.inactivacionSolicitada,
    })
    .from(funcionarios)
    .where(eq(funcionarios.idSolicitud, idSolicitud))
    .orderBy(asc(funcionarios.idFuncionario));
  return filas;
}

async function ultimoHistorial(idSolicitud: number) {
  const filas = await t.db
    .select()
    .from(historial)
    .where(eq(historial.idSolicitud, idSolicitud))
    .orderBy(asc(historial.idHistorial));
  return filas.at(-1)!;
}

describe("SolicitudInactivar with chosen officials", () => {
  it("400 on Funcionarios for an id that is not an active official of the request, changing nothing", async () => {
    const a = await crearSolicitud(t.db, { estatus: 106, funcionarios: 3, estatusFuncionarios: 2 });
    const otra = await crearSolicitud(t.db, { estatus: 106, funcionarios: 1, estatusFuncionarios: 2 });
    for (const malos of [[otra.funcionarios[0]], ["x"], [a.funcionarios[0], 2147483648]]) {
      const res = await pedir(a.idSolicitud, malos);
      expect(res.statusCode, String(malos)).toBe(400);
      expect(res.json().errors.Funcionarios).toEqual([MSG.funcionariosInactivarInvalidos]);
    }
    expect((await leerSolicitud(t.db, a.idSolicitud)).estatus).toBe(106);
    expect((await estados(a.idSolicitud)).every((f) => !f.marcado)).toBe(true);
  });

  it("404 for another institution's request before looking at the officials", async () => {
    const a = await crearSolicitud(t.db, { estatus: 106, funcionarios: 2, estatusFuncionarios: 2 });
    const res = await t.as("originador2", {
      method: "POST",
      url: `/api/SolicitudFirma/SolicitudInactivar/${a.idSolicitud}`,
      ...multipart({ Justificacion: justificacion, Funcionarios: [a.funcionarios[0]] }, { Evidencia: pdf() }),
    });
    expect(res.statusCode).toBe(404);
  });

  it("marks the chosen officials; the history and the reviewers' list name them; approval ends only them", async () => {
    const a = await crearSolicitud(t.db, { estatus: 106, funcionarios: 3, estatusFuncionarios: 2 });
    const [uno, dos, tres] = a.funcionarios;
    const res = await pedir(a.idSolicitud, [dos]);
    expect(res.json()).toEqual({ success: true, message: MSG.inactivacionSolicitada });
    expect((await leerSolicitud(t.db, a.idSolicitud)).estatus).toBe(203);
    expect(await estados(a.idSolicitud)).toEqual([
      { id: uno, estatus: 2, marcado: false },
      { id: dos, estatus: 2, marcado: true },
      { id: tres, estatus: 2, marcado: false },
    ]);
    const h = await ultimoHistorial(a.idSolicitud);
    expect(h.estatus).toBe(203);
    expect(h.motivoCambioEstatus).toContain(justificacion);
    expect(h.motivoCambioEstatus).toMatch(/Funcionarios: .+\(\d{3}-\d{7}-\d\)\.$/);

    // The administrator reads which officials the request concerns.
    const lista = await t.as("administrador", {
      method: "GET",
      url: `/api/Funcionarios/GetFuncionarioSolicitud/${a.idSolicitud}`,
    });
    expect(
      lista.json().map((f: { idFuncionario: number; inactivacionSolicitada: boolean }) => f.inactivacionSolicitada),
    ).toEqual([false, true, false]);

    const aprobada = await t.as("administrador", {
      method: "POST",
      url: `/api/SolicitudFirma/Inactivar/${a.idSolicitud}`,
    });
    expect(aprobada.json()).toMatchObject({ success: true });
    expect((await leerSolicitud(t.db, a.idSolicitud)).estatus).toBe(106);
    expect(await estados(a.idSolicitud)).toEqual([
      { id: uno, estatus: 2, marcado: false },
      { id: dos, estatus: 3, marcado: false },
      { id: tres, estatus: 2, marcado: false },
    ]);
    const fin = await ultimoHistorial(a.idSolicitud);
    expect(fin.estatus).toBe(106);
    expect(fin.motivoCambioEstatus).toMatch(/^Inactivación aprobada de los funcionarios: .+\.$/);
    // The registry: the other two may still sign, the chosen one no longer.
    const periodos = await t.db.select().from(autorizaciones).where(eq(autorizaciones.idSolicitud, a.idSolicitud));
    const abierto = (id: number) => periodos.some((p) => p.idFuncionario === id && p.hasta === null);
    expect([abierto(uno), abierto(dos), abierto(tres)]).toEqual([true, false, true]);
    // The institution is told which officials ended.
    const originador = await idUsuario(t.db, "originador");
    const [aviso] = await t.db
      .select()
      .from(avisos)
      .where(eq(avisos.idSolicitud, a.idSolicitud))
      .orderBy(asc(avisos.idAviso));
    expect(aviso).toBeDefined();
    const propios = (await t.db.select().from(avisos).where(eq(avisos.idSolicitud, a.idSolicitud))).filter(
      (x) => x.idUsuario === originador,
    );
    expect(propios.map((x) => x.tipo)).toContain("funcionariosInactivados");
  });

  it("Activar instead keeps every official and clears the choice", async () => {
    const a = await crearSolicitud(t.db, { estatus: 106, funcionarios: 2, estatusFuncionarios: 2 });
    await pedir(a.idSolicitud, [a.funcionarios[0]]);
    const res = await t.as("administrador", {
      method: "POST",
      url: `/api/SolicitudFirma/AprobarAdminRcc/${a.idSolicitud}`,
    });
    expect(res.json()).toMatchObject({ success: true });
    expect((await leerSolicitud(t.db, a.idSolicitud)).estatus).toBe(106);
    expect((await estados(a.idSolicitud)).map((f) => [f.estatus, f.marcado])).toEqual([
      [2, false],
      [2, false],
    ]);
  });

  it("without Funcionarios, or choosing every active official, it is the whole request, as before", async () => {
    for (const elegir of [undefined, "todos"] as const) {
      const a = await crearSolicitud(t.db, { estatus: 106, funcionarios: 2, estatusFuncionarios: 2 });
      await pedir(a.idSolicitud, elegir === "todos" ? a.funcionarios : undefined);
      expect((await estados(a.idSolicitud)).every((f) => !f.marcado)).toBe(true);
      expect((await ultimoHistorial(a.idSolicitud)).motivoCambioEstatus).toBe(justificacion);
      await t.as("administrador", { method: "POST", url: `/api/SolicitudFirma/Inactivar/${a.idSolicitud}` });
      expect((await leerSolicitud(t.db, a.idSolicitud)).estatus).toBe(201);
    }
  });
});
