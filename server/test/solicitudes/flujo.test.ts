/**
 * The whole workflow of DESIGN.md §4 driven end to end through the real calls: the originator's
 * sending, officials and deactivation request, the reviewers' assignment and decisions, and the
 * inboxes and history each step shows. Every path (approval, each return, rejection of a new and of
 * a once-active request, deactivation and reactivation) is checked for status, history, reasons,
 * assignment and officials; refused steps for leaving everything as it was. Runs on PGlite and, with
 * TEST_PG_URL, on PostgreSQL.
 */
import { MSG } from "@registro/contracts";
import type { InjectOptions } from "fastify";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { crearTestApp, type TestApp, type UsuarioDemo } from "../support/app.js";
import { cargoDeTipo, crearSolicitud, leerSolicitud } from "../support/factories.js";
import { camposFuncionario, cuatroDocumentos, multipart, pdf } from "../support/formularios.js";
import { idsDeUsuarios } from "../support/peticiones.js";
import {
  type AccionRevision,
  accion,
  cuerpoRechazo,
  cuerpoRetornoAdmin,
  cuerpoRetornoJuridico,
  cuerpoRyCC,
  entradasHistorial,
  estatusFuncionarios,
  instantanea,
  nombreCompleto,
} from "../support/revision.js";

// Whole paths make dozens of calls each; the shared CI machine can be slow.
vi.setConfig({ testTimeout: 120_000, hookTimeout: 120_000 });

let t: TestApp;
let ids: Record<string, number>;
let cargoF: number;

beforeAll(async () => {
  t = await crearTestApp();
  ids = await idsDeUsuarios(t.db, ["originador", "analista", "analista2", "juridico", "juridico2", "administrador"]);
  cargoF = await cargoDeTipo(t.db, 2);
});
afterAll(() => t.close());

/** A review call that must succeed with this message. */
async function decide(usuario: UsuarioDemo, nombre: AccionRevision, id: number, mensaje: string, cuerpo?: unknown) {
  const res = await accion(t, usuario, nombre, id, cuerpo);
  expect(res.json(), `${usuario} ${nombre}`).toEqual({ success: true, message: mensaje });
}

async function originador(opts: InjectOptions, mensaje: string) {
  const res = await t.as("originador", opts);
  expect(res.json(), String(opts.url)).toMatchObject({ success: true, message: mensaje });
  return res.json();
}

const enviar = (id: number) =>
  originador({ method: "POST", url: `/api/SolicitudFirma/EnviarSolicitud/${id}` }, MSG.enviadoExitoso);

const enviarFuncionarios = (id: number) =>
  originador({ method: "POST", url: `/api/SolicitudFirma/EnviarFuncionario/${id}` }, MSG.funcionariosEnviados);

async function agregarFuncionario(id: number, cedula: string): Promise<number> {
  const body = await originador(
    {
      method: "POST",
      url: "/api/SolicitudFirma/SolicitudFuncionario",
      ...multipart(camposFuncionario(id, cargoF, { Cedula: cedula }), cuatroDocumentos()),
    },
    MSG.funcionarioGuardado,
  );
  return body.data.idFuncionario;
}

const solicitarInactivacion = (id: number) =>
  originador(
    {
      method: "POST",
      url: `/api/SolicitudFirma/SolicitudInactivar/${id}`,
      ...multipart({ Justificacion: "El funcionario fue trasladado a otra institución." }, { Evidencia: pdf() }),
    },
    MSG.inactivacionSolicitada,
  );

async function estado(id: number) {
  const s = await leerSolicitud(t.db, id);
  return {
    estatus: s.estatus,
    asignadoA: s.asignadoA,
    funcionarios: (await estatusFuncionarios(t.db, id)).map((f) => f.idEstatus),
    historial: (await entradasHistorial(t.db, id)).map((h) => h.estatus),
  };
}

/** The history as the API returns it (what tracking and the legal history show). */
async function historicoApi(id: number) {
  const res = await t.as("administrador", { method: "GET", url: `/api/SolicitudFirma/Historico/${id}` });
  expect(res.statusCode).toBe(200);
  return (res.json() as { idEstatus: number; motivoCambioEstatus: string }[]).map((h) => h.idEstatus);
}

async function rechazosApi(usuario: UsuarioDemo, id: number) {
  const res = await t.as(usuario, { method: "GET", url: `/api/SolicitudFirma/GetRechazos/${id}` });
  expect(res.statusCode).toBe(200);
  return res.json() as { id: number; nombre: string; descripcion: string; motivoCambioEstatus: string }[];
}

/** Ids an inbox lists (bare array, filtered by status to keep it short). */
async function enBandeja(usuario: UsuarioDemo, url: string, id: number) {
  const res = await t.as(usuario, { method: "GET", url: `/api/SolicitudFirma/${url}` });
  expect(res.statusCode).toBe(200);
  return (res.json() as { id: number; asignadoA: string | null }[]).find((i) => i.id === id) ?? null;
}

/** Every review call by every reviewer on a request: each refused, nothing changes. */
async function nadieMasPuedeDecidir(id: number, excepto: [UsuarioDemo, AccionRevision][] = []) {
  const llamadas: [UsuarioDemo, AccionRevision, unknown?][] = [
    ["analista", "AssignProcess"],
    ["analista", "AprobarRcc"],
    ["analista", "Retornar", cuerpoRyCC],
    ["juridico", "AssignProcess"],
    ["juridico", "AprobarJuridico"],
    ["juridico", "RetornarJuridico", cuerpoRetornoJuridico],
    ["juridico", "Rechazar", cuerpoRechazo],
    ["administrador", "AprobarAdminRcc"],
    ["administrador", "RetornarJuridico", cuerpoRetornoAdmin],
    ["administrador", "Inactivar"],
  ];
  for (const [usuario, nombre, cuerpo] of llamadas) {
    if (excepto.some(([u, n]) => u === usuario && n === nombre)) continue;
    const antes = await instantanea(t.db, id);
    const res = await accion(t, usuario, nombre, id, cuerpo);
    expect(res.json().success, `${usuario} ${nombre}`).toBe(false);
    expect(await instantanea(t.db, id), `${usuario} ${nombre}`).toEqual(antes);
  }
}

describe("the whole life of a request", () => {
  it("202 → 101 → 102 → 105 → 106 → 203 → 201 → 106", async () => {
    const { idSolicitud: id } = await crearSolicitud(t.db, {
      estatus: 202,
      funcionarios: 2,
      funcionariosEnviados: false,
    });
    await nadieMasPuedeDecidir(id);

    await enviar(id);
    expect(await estado(id)).toEqual({ estatus: 101, asignadoA: null, funcionarios: [1, 1], historial: [202, 101] });
    expect(await enBandeja("analista", "GetBandejaAnalista", id)).toMatchObject({ asignadoA: null });
    expect(await enBandeja("juridico", "GetBandejaJuridico", id)).toBeNull();

    // Deciding needs the request held; the analyst takes it, the other analyst then cannot.
    expect((await accion(t, "analista", "AprobarRcc", id)).json()).toEqual({
      success: false,
      message: MSG.requiereAsignacion,
    });
    await decide("analista", "AssignProcess", id, MSG.asignadoExitoso);
    const analista = await nombreCompleto(t.db, "analista");
    expect((await accion(t, "analista2", "CanAssign", id)).json()).toEqual({
      success: false,
      message: MSG.asignadaA(analista),
    });
    expect((await accion(t, "analista2", "AprobarRcc", id)).json()).toEqual({
      success: false,
      message: MSG.asignadaA(analista),
    });
    expect(await enBandeja("analista2", "GetBandejaAnalista", id)).toMatchObject({ asignadoA: analista });
    await nadieMasPuedeDecidir(id, [
      ["analista", "AssignProcess"],
      ["analista", "AprobarRcc"],
      ["analista", "Retornar"],
    ]);

    await decide("analista", "AprobarRcc", id, MSG.aprobadoExitoso);
    expect(await estado(id)).toEqual({
      estatus: 102,
      asignadoA: null,
      funcionarios: [1, 1],
      historial: [202, 101, 102],
    });
    expect(await enBandeja("analista", "GetBandejaAnalista", id)).toBeNull();
    expect(await enBandeja("juridico", "GetBandejaJuridico", id)).toMatchObject({ asignadoA: null });

    await decide("juridico", "AssignProcess", id, MSG.asignadoExitoso);
    expect((await leerSolicitud(t.db, id)).asignadoA).toBe(ids.juridico);
    await decide("juridico", "AprobarJuridico", id, MSG.aprobadoExitoso);
    expect(await estado(id)).toEqual({
      estatus: 105,
      asignadoA: null,
      funcionarios: [1, 1],
      historial: [202, 101, 102, 105],
    });
    expect(await enBandeja("juridico", "GetHistorico", id)).not.toBeNull();
    expect(await enBandeja("administrador", "GetBandejaAdministradorRCC", id)).not.toBeNull();
    expect(await enBandeja("consultor", "GetBandejaConsultor", id)).toBeNull();

    await decide("administrador", "AprobarAdminRcc", id, MSG.aprobadoExitoso);
    expect(await estado(id)).toEqual({
      estatus: 106,
      asignadoA: null,
      funcionarios: [2, 2],
      historial: [202, 101, 102, 105, 106],
    });
    expect((await leerSolicitud(t.db, id)).fueActiva).toBe(true);
    expect(await enBandeja("consultor", "GetBandejaConsultor", id)).not.toBeNull();
    await nadieMasPuedeDecidir(id, [["administrador", "Inactivar"]]);

    await solicitarInactivacion(id);
    expect((await estado(id)).estatus).toBe(203);
    await decide("administrador", "Inactivar", id, MSG.inactivadoExitoso);
    expect(await estado(id)).toEqual({
      estatus: 201,
      asignadoA: null,
      funcionarios: [2, 2],
      historial: [202, 101, 102, 105, 106, 203, 201],
    });
    expect(await enBandeja("consultor", "GetBandejaConsultor", id)).not.toBeNull();

    await decide("administrador", "AprobarAdminRcc", id, MSG.activadoExitoso);
    expect(await estado(id)).toEqual({
      estatus: 106,
      asignadoA: null,
      funcionarios: [2, 2],
      historial: [202, 101, 102, 105, 106, 203, 201, 106],
    });
    expect(await historicoApi(id)).toEqual([202, 101, 102, 105, 106, 203, 201, 106]);
  });
});

describe("returns", () => {
  it("the analyst returns to the institution (108) with reasons; it corrects and sends again", async () => {
    const { idSolicitud: id } = await crearSolicitud(t.db, {
      estatus: 202,
      funcionarios: 1,
      funcionariosEnviados: false,
    });
    await enviar(id);
    await decide("analista2", "AssignProcess", id, MSG.asignadoExitoso);
    await decide("analista2", "Retornar", id, MSG.retornadoExitoso, cuerpoRyCC);
    expect(await estado(id)).toEqual({ estatus: 108, asignadoA: null, funcionarios: [1], historial: [202, 101, 108] });
    const entrada = (await entradasHistorial(t.db, id)).at(-1);
    expect(entrada).toMatchObject({
      motivoCambioEstatus: cuerpoRyCC.Comentario,
      motivos: cuerpoRyCC.MotivoCambioEstatus,
      idUsuario: ids.analista2,
    });
    const rechazos = await rechazosApi("originador", id);
    expect(rechazos.map((r) => r.id).sort()).toEqual(cuerpoRyCC.MotivoCambioEstatus);
    expect(rechazos.every((r) => r.motivoCambioEstatus === cuerpoRyCC.Comentario)).toBe(true);
    await nadieMasPuedeDecidir(id);

    // Sent again: back to the analyst who returned it (issue 35), who decides without claiming it.
    await enviar(id);
    expect(await estado(id)).toMatchObject({ estatus: 101, asignadoA: ids.analista2 });
    await decide("analista2", "AprobarRcc", id, MSG.aprobadoExitoso);
    expect(await estado(id)).toEqual({
      estatus: 102,
      asignadoA: null,
      funcionarios: [1],
      historial: [202, 101, 108, 101, 102],
    });
  });

  it("legal returns to the analyst (204); the analyst approves it again; legal approves", async () => {
    const { idSolicitud: id } = await crearSolicitud(t.db, { estatus: 102 });
    await decide("juridico2", "AssignProcess", id, MSG.asignadoExitoso);
    await decide("juridico2", "RetornarJuridico", id, MSG.retornadoExitoso, cuerpoRetornoJuridico);
    expect(await estado(id)).toMatchObject({ estatus: 204, asignadoA: null, historial: [102, 204] });
    expect((await entradasHistorial(t.db, id)).at(-1)).toMatchObject({
      motivos: cuerpoRetornoJuridico.MotivoCambioEstatus,
    });
    expect(await enBandeja("analista", "GetBandejaAnalista", id)).not.toBeNull();
    expect(await enBandeja("juridico", "GetHistorico", id)).not.toBeNull();

    await decide("analista", "AssignProcess", id, MSG.asignadoExitoso);
    await decide("analista", "AprobarRcc", id, MSG.aprobadoExitoso);
    // Back to the legal analyst who returned it (issue 35).
    expect(await estado(id)).toMatchObject({ estatus: 102, asignadoA: ids.juridico2 });
    await decide("juridico2", "AprobarJuridico", id, MSG.aprobadoExitoso);
    expect(await estado(id)).toMatchObject({ estatus: 105, asignadoA: null, historial: [102, 204, 102, 105] });
  });

  it("the administrator returns to legal (103); legal sees the observations and approves; the administrator approves", async () => {
    const { idSolicitud: id } = await crearSolicitud(t.db, { estatus: 105, funcionarios: 2 });
    await decide("administrador", "RetornarJuridico", id, MSG.retornadoExitoso, cuerpoRetornoAdmin);
    expect(await estado(id)).toEqual({ estatus: 103, asignadoA: null, funcionarios: [1, 1], historial: [105, 103] });
    expect(await enBandeja("juridico", "GetBandejaJuridico", id)).not.toBeNull();
    const observaciones = await rechazosApi("juridico", id);
    expect(observaciones.map((r) => r.id).sort()).toEqual(cuerpoRetornoAdmin.MotivoCambioEstatus);

    await decide("juridico", "AssignProcess", id, MSG.asignadoExitoso);
    await decide("juridico", "AprobarJuridico", id, MSG.aprobadoExitoso);
    await decide("administrador", "AprobarAdminRcc", id, MSG.aprobadoExitoso);
    expect(await estado(id)).toEqual({
      estatus: 106,
      asignadoA: null,
      funcionarios: [2, 2],
      historial: [105, 103, 105, 106],
    });
  });

  it("legal returns a 103 to the analyst (204)", async () => {
    const { idSolicitud: id } = await crearSolicitud(t.db, { estatus: 103 });
    await decide("juridico", "AssignProcess", id, MSG.asignadoExitoso);
    await decide("juridico", "RetornarJuridico", id, MSG.retornadoExitoso, cuerpoRetornoJuridico);
    expect(await estado(id)).toMatchObject({ estatus: 204, asignadoA: null, historial: [103, 204] });
  });
});

describe("rejections", () => {
  it("legal rejects a new request: 104 is final, with its reasons", async () => {
    const { idSolicitud: id } = await crearSolicitud(t.db, { estatus: 103, funcionarios: 2 });
    await decide("juridico", "AssignProcess", id, MSG.asignadoExitoso);
    await decide("juridico", "Rechazar", id, MSG.rechazadoExitoso, cuerpoRechazo);
    expect(await estado(id)).toEqual({ estatus: 104, asignadoA: null, funcionarios: [1, 1], historial: [103, 104] });
    expect((await entradasHistorial(t.db, id)).at(-1)).toMatchObject({
      motivoCambioEstatus: cuerpoRechazo.Comentario,
      motivos: cuerpoRechazo.MotivoCambioEstatus,
      idUsuario: ids.juridico,
    });
    expect((await rechazosApi("originador", id)).map((r) => r.id).sort()).toEqual(cuerpoRechazo.MotivoCambioEstatus);
    await nadieMasPuedeDecidir(id);
    const antes = await instantanea(t.db, id);
    const reenviar = await t.as("originador", { method: "POST", url: `/api/SolicitudFirma/EnviarSolicitud/${id}` });
    expect(reenviar.json()).toEqual({ success: false, message: MSG.transicionInvalida });
    expect(await instantanea(t.db, id)).toEqual(antes);
  });

  it("legal rejects officials added to an active request: back to 106, the new ones Inactivo", async () => {
    const { idSolicitud: id } = await crearSolicitud(t.db, {
      estatus: 202,
      funcionarios: 1,
      funcionariosEnviados: false,
    });
    await enviar(id);
    await decide("analista", "AssignProcess", id, MSG.asignadoExitoso);
    await decide("analista", "AprobarRcc", id, MSG.aprobadoExitoso);
    await decide("juridico", "AssignProcess", id, MSG.asignadoExitoso);
    await decide("juridico", "AprobarJuridico", id, MSG.aprobadoExitoso);
    await decide("administrador", "AprobarAdminRcc", id, MSG.aprobadoExitoso);
    expect(await estado(id)).toMatchObject({ estatus: 106, funcionarios: [2] });

    await agregarFuncionario(id, "001-0000005-8");
    await enviarFuncionarios(id);
    expect(await estado(id)).toMatchObject({ estatus: 101, funcionarios: [2, 1] });
    await decide("analista", "AssignProcess", id, MSG.asignadoExitoso);
    await decide("analista", "AprobarRcc", id, MSG.aprobadoExitoso);
    await decide("juridico2", "AssignProcess", id, MSG.asignadoExitoso);
    await decide("juridico2", "Rechazar", id, MSG.rechazadoExitoso, cuerpoRechazo);

    expect(await estado(id)).toEqual({
      estatus: 106,
      asignadoA: null,
      funcionarios: [2, 3],
      historial: [202, 101, 102, 105, 106, 101, 102, 104, 106],
    });
    const historial = await entradasHistorial(t.db, id);
    expect(historial.at(-2)).toMatchObject({ estatus: 104, motivos: cuerpoRechazo.MotivoCambioEstatus });
    expect((await rechazosApi("originador", id)).map((r) => r.id).sort()).toEqual(cuerpoRechazo.MotivoCambioEstatus);
    expect(await enBandeja("consultor", "GetBandejaConsultor", id)).not.toBeNull();
    expect(await enBandeja("juridico", "GetHistorico", id)).not.toBeNull();
  });

  it("the added officials approved instead become Activo with the others", async () => {
    const { idSolicitud: id } = await crearSolicitud(t.db, { estatus: 106, funcionarios: 1 });
    await agregarFuncionario(id, "001-0000004-1");
    await enviarFuncionarios(id);
    await decide("analista", "AssignProcess", id, MSG.asignadoExitoso);
    await decide("analista", "AprobarRcc", id, MSG.aprobadoExitoso);
    await decide("juridico", "AssignProcess", id, MSG.asignadoExitoso);
    await decide("juridico", "AprobarJuridico", id, MSG.aprobadoExitoso);
    await decide("administrador", "AprobarAdminRcc", id, MSG.aprobadoExitoso);
    expect(await estado(id)).toMatchObject({ estatus: 106, funcionarios: [2, 2] });
  });
});

describe("the administrator's other decisions", () => {
  it("inactivates an active request without a request to, then reactivates it", async () => {
    const { idSolicitud: id } = await crearSolicitud(t.db, { estatus: 106, funcionarios: 2 });
    await decide("administrador", "Inactivar", id, MSG.inactivadoExitoso);
    expect(await estado(id)).toEqual({ estatus: 201, asignadoA: null, funcionarios: [2, 2], historial: [106, 201] });
    await nadieMasPuedeDecidir(id, [["administrador", "AprobarAdminRcc"]]);
    await decide("administrador", "AprobarAdminRcc", id, MSG.activadoExitoso);
    expect(await estado(id)).toMatchObject({ estatus: 106, historial: [106, 201, 106] });
  });

  it("removes one official for good: later approvals leave it Inactivo", async () => {
    const { idSolicitud: id, funcionarios } = await crearSolicitud(t.db, { estatus: 106, funcionarios: 2 });
    const res = await t.as("administrador", {
      method: "DELETE",
      url: `/api/Funcionarios/InactivarFuncionario/${funcionarios[0]}`,
    });
    expect(res.json()).toEqual({ success: true, message: MSG.funcionarioInactivado });
    await agregarFuncionario(id, "001-0000004-1");
    await enviarFuncionarios(id);
    await decide("analista", "AssignProcess", id, MSG.asignadoExitoso);
    await decide("analista", "AprobarRcc", id, MSG.aprobadoExitoso);
    await decide("juridico", "AssignProcess", id, MSG.asignadoExitoso);
    await decide("juridico", "AprobarJuridico", id, MSG.aprobadoExitoso);
    await decide("administrador", "AprobarAdminRcc", id, MSG.aprobadoExitoso);
    expect(await estado(id)).toMatchObject({
      estatus: 106,
      funcionarios: [3, 2, 2],
      historial: [106, 106, 101, 102, 105, 106],
    });
  });
});

describe("the same decision twice at the same moment", () => {
  it("two analysts take the same request: exactly one wins", async () => {
    for (let i = 0; i < 5; i++) {
      const { idSolicitud: id } = await crearSolicitud(t.db, { estatus: 204 });
      const resultados = await Promise.all([
        accion(t, "analista", "AssignProcess", id),
        accion(t, "analista2", "AssignProcess", id),
      ]);
      const cuerpos = resultados.map((r) => r.json());
      expect(cuerpos.filter((c) => c.success)).toHaveLength(1);
      const ganador = cuerpos[0].success ? "analista" : "analista2";
      expect(cuerpos.find((c) => !c.success)).toEqual({
        success: false,
        message: MSG.asignadaA(await nombreCompleto(t.db, ganador)),
      });
      expect((await leerSolicitud(t.db, id)).asignadoA).toBe(ids[ganador]);
    }
  });

  it("approve and return at once: one applies, the other is refused, one history entry", async () => {
    const { idSolicitud: id } = await crearSolicitud(t.db, { estatus: 101, asignadoA: ids.analista });
    const [a, b] = await Promise.all([
      accion(t, "analista", "AprobarRcc", id),
      accion(t, "analista", "Retornar", id, cuerpoRyCC),
    ]);
    expect([a.json().success, b.json().success].filter(Boolean)).toHaveLength(1);
    const perdedor = a.json().success ? b : a;
    // The request left the analyst's stage, so the second finds a status it cannot act on.
    expect(perdedor.json()).toEqual({ success: false, message: MSG.transicionInvalida });
    const { historial } = await estado(id);
    expect(historial).toHaveLength(2);
    expect([102, 108]).toContain(historial[1]);
  });

  it("the administrator approves twice at once: one 106 entry", async () => {
    const { idSolicitud: id } = await crearSolicitud(t.db, { estatus: 105 });
    const respuestas = await Promise.all([
      accion(t, "administrador", "AprobarAdminRcc", id),
      accion(t, "administrador", "AprobarAdminRcc", id),
    ]);
    expect(respuestas.map((r) => r.json().success).sort()).toEqual([false, true]);
    expect(await estado(id)).toMatchObject({ estatus: 106, historial: [105, 106] });
  });
});
