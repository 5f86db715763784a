/**
 * The originator's status changes: EnviarSolicitud/{id} (202/108 → 101), EnviarFuncionario/{id}
 * (106 → 101) and SolicitudInactivar/{id} (106 → 203 with evidence and justification). Failures
 * first, each leaving the request, its officials, files and history as they were; then success.
 */
import crypto from "node:crypto";
import { MSG } from "@registro/contracts";
import { and, asc, eq, isNull } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adjuntos, funcionarios, historial } from "../../src/db/schema.js";
import { crearTestApp, type TestApp, type UsuarioDemo } from "../support/app.js";
import { cargoDeTipo, crearSolicitud, idUsuario, leerSolicitud } from "../support/factories.js";
import {
  type Archivos,
  type Campos,
  camposFuncionario,
  cuatroDocumentos,
  multipart,
  pdf,
  png,
} from "../support/formularios.js";

let t: TestApp;
let cargoF: number;

beforeAll(async () => {
  t = await crearTestApp();
  cargoF = await cargoDeTipo(t.db, 2);
});
afterAll(() => t.close());

async function foto(idSolicitud: number) {
  return {
    solicitud: await leerSolicitud(t.db, idSolicitud),
    funcionarios: await t.db
      .select()
      .from(funcionarios)
      .where(eq(funcionarios.idSolicitud, idSolicitud))
      .orderBy(asc(funcionarios.idFuncionario)),
    adjuntos: await t.db
      .select({ id: adjuntos.idAdjunto, tipo: adjuntos.tipoAdjunto })
      .from(adjuntos)
      .where(eq(adjuntos.idSolicitud, idSolicitud))
      .orderBy(asc(adjuntos.idAdjunto)),
    historial: await t.db
      .select()
      .from(historial)
      .where(eq(historial.idSolicitud, idSolicitud))
      .orderBy(asc(historial.idHistorial)),
  };
}

const post = (u: UsuarioDemo | null, url: string) => t.as(u, { method: "POST", url });

describe("POST /api/SolicitudFirma/EnviarSolicitud/{idSolicitud}", () => {
  const url = (id: number | string) => `/api/SolicitudFirma/EnviarSolicitud/${id}`;

  it("401 without a token, 400 for a bad id", async () => {
    expect((await post(null, url(1))).statusCode).toBe(401);
    const res = await post("originador", url("uno"));
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.idSolicitud).toEqual([MSG.numeroInvalido]);
  });

  it("403 for roles without the originator's views", async () => {
    const { idSolicitud } = await crearSolicitud(t.db, { estatus: 202 });
    const antes = await foto(idSolicitud);
    for (const u of ["analista", "juridico", "administrador", "consultor", "configuracion"] as const) {
      expect((await post(u, url(idSolicitud))).statusCode).toBe(403);
    }
    expect(await foto(idSolicitud)).toEqual(antes);
  });

  it("404 for another institution's request, like a missing one", async () => {
    const { idSolicitud } = await crearSolicitud(t.db, { estatus: 202 });
    const antes = await foto(idSolicitud);
    const ajena = await post("originador2", url(idSolicitud));
    expect(ajena.statusCode).toBe(404);
    expect((await post("originador2", url(1_234_567))).json()).toEqual(ajena.json());
    expect(await foto(idSolicitud)).toEqual(antes);
  });

  it.each([
    ["without officials", { estatus: 202, funcionarios: 0 }, MSG.sinFuncionariosEnviar],
    ["without its documents", { estatus: 202, conDocumentos: false }, MSG.documentosFaltantes],
    ["already sent (101)", { estatus: 101 }, MSG.transicionInvalida],
    ["active (106)", { estatus: 106 }, MSG.transicionInvalida],
    ["rejected (104)", { estatus: 104 }, MSG.transicionInvalida],
  ] as const)("refuses a request %s and changes nothing", async (_n, opciones, mensaje) => {
    const { idSolicitud } = await crearSolicitud(t.db, opciones);
    const antes = await foto(idSolicitud);
    const res = await post("originador", url(idSolicitud));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: false, message: mensaje });
    expect(await foto(idSolicitud)).toEqual(antes);
  });

  it("refuses when one official lacks a document", async () => {
    const { idSolicitud, funcionarios: ids } = await crearSolicitud(t.db, { estatus: 202, funcionarios: 2 });
    await t.db.delete(adjuntos).where(and(eq(adjuntos.idFuncionario, ids[1]), eq(adjuntos.tipoAdjunto, "Tarjeta")));
    const antes = await foto(idSolicitud);
    expect((await post("originador", url(idSolicitud))).json()).toEqual({
      success: false,
      message: MSG.documentosFaltantes,
    });
    expect(await foto(idSolicitud)).toEqual(antes);
  });

  it.each([202, 108])("sends a request in %i: 101, a history entry, officials marked sent", async (estatus) => {
    const { idSolicitud } = await crearSolicitud(t.db, { estatus, funcionarios: 2, funcionariosEnviados: false });
    const antes = await foto(idSolicitud);
    const res = await post("originador", url(idSolicitud));
    expect(res.json()).toEqual({ success: true, message: MSG.enviadoExitoso });
    const despues = await foto(idSolicitud);
    expect(despues.solicitud).toMatchObject({ estatus: 101, asignadoA: null });
    expect(despues.funcionarios.every((f) => f.enviado && f.idEstatus === 1)).toBe(true);
    expect(despues.historial).toHaveLength(antes.historial.length + 1);
    expect(despues.historial.at(-1)).toMatchObject({ estatus: 101, idUsuario: await idUsuario(t.db, "originador") });
  });
});

describe("POST /api/SolicitudFirma/EnviarFuncionario/{idSolicitud}", () => {
  const url = (id: number) => `/api/SolicitudFirma/EnviarFuncionario/${id}`;

  async function agregar(idSolicitud: number, extra: Campos = {}) {
    const res = await t.as("originador", {
      method: "POST",
      url: "/api/SolicitudFirma/SolicitudFuncionario",
      ...multipart(camposFuncionario(idSolicitud, cargoF, extra), cuatroDocumentos()),
    });
    expect(res.json().success).toBe(true);
    return res.json().data.idFuncionario as number;
  }

  it("401 without a token", async () => {
    expect((await post(null, url(1))).statusCode).toBe(401);
  });

  it("403 for roles without the originator's views", async () => {
    const { idSolicitud } = await crearSolicitud(t.db, { estatus: 106 });
    await agregar(idSolicitud);
    const antes = await foto(idSolicitud);
    for (const u of ["analista", "administrador", "consultor"] as const) {
      expect((await post(u, url(idSolicitud))).statusCode).toBe(403);
    }
    expect(await foto(idSolicitud)).toEqual(antes);
  });

  it("404 for another institution's request", async () => {
    const { idSolicitud } = await crearSolicitud(t.db, { estatus: 106 });
    await agregar(idSolicitud);
    const antes = await foto(idSolicitud);
    expect((await post("originador2", url(idSolicitud))).statusCode).toBe(404);
    expect(await foto(idSolicitud)).toEqual(antes);
  });

  it("refuses an active request without new officials, and a request that is not active", async () => {
    const activa = await crearSolicitud(t.db, { estatus: 106 });
    const pendiente = await crearSolicitud(t.db, { estatus: 202 });
    for (const [id, mensaje] of [
      [activa.idSolicitud, MSG.sinFuncionariosNuevos],
      [pendiente.idSolicitud, MSG.transicionInvalida],
    ] as const) {
      const antes = await foto(id);
      expect((await post("originador", url(id))).json()).toEqual({ success: false, message: mensaje });
      expect(await foto(id)).toEqual(antes);
    }
  });

  it("sends the officials added to an active request: 101, history, the new ones marked sent", async () => {
    const {
      idSolicitud,
      funcionarios: [activo],
    } = await crearSolicitud(t.db, { estatus: 106 });
    const nuevo = await agregar(idSolicitud, { Cedula: "001-0000005-8" });
    const res = await post("originador", url(idSolicitud));
    expect(res.json()).toEqual({ success: true, message: MSG.funcionariosEnviados });
    const despues = await foto(idSolicitud);
    expect(despues.solicitud.estatus).toBe(101);
    expect(despues.historial.at(-1)).toMatchObject({ estatus: 101 });
    const porId = Object.fromEntries(despues.funcionarios.map((f) => [f.idFuncionario, f]));
    expect(porId[nuevo]).toMatchObject({ enviado: true, idEstatus: 1 });
    expect(porId[activo]).toMatchObject({ enviado: true, idEstatus: 2 });
  });
});

describe("POST /api/SolicitudFirma/SolicitudInactivar/{idSolicitud}", () => {
  const url = (id: number) => `/api/SolicitudFirma/SolicitudInactivar/${id}`;
  const justificacion = "El funcionario fue destituido mediante el decreto 45-26.";
  const inactivar = (u: UsuarioDemo | null, id: number, campos: Campos, archivos: Archivos) =>
    t.as(u, { method: "POST", url: url(id), ...multipart(campos, archivos) });

  it("401 without a token", async () => {
    const res = await inactivar(null, 1, { Justificacion: justificacion }, { Evidencia: pdf() });
    expect(res.statusCode).toBe(401);
  });

  it("403 for roles without the originator's views", async () => {
    const { idSolicitud } = await crearSolicitud(t.db, { estatus: 106 });
    const antes = await foto(idSolicitud);
    for (const u of ["analista", "juridico", "administrador", "consultor", "configuracion"] as const) {
      const res = await inactivar(u, idSolicitud, { Justificacion: justificacion }, { Evidencia: pdf() });
      expect(res.statusCode).toBe(403);
    }
    expect(await foto(idSolicitud)).toEqual(antes);
  });

  it("404 for another institution's request", async () => {
    const { idSolicitud } = await crearSolicitud(t.db, { estatus: 106 });
    const antes = await foto(idSolicitud);
    const res = await inactivar("originador2", idSolicitud, { Justificacion: justificacion }, { Evidencia: pdf() });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ success: false, message: MSG.solicitudNoEncontrada });
    expect(await foto(idSolicitud)).toEqual(antes);
  });

  it.each([202, 101, 105, 203, 201])("refuses a request in %i and changes nothing", async (estatus) => {
    const { idSolicitud } = await crearSolicitud(t.db, { estatus });
    const antes = await foto(idSolicitud);
    const res = await inactivar("originador", idSolicitud, { Justificacion: justificacion }, { Evidencia: pdf() });
    expect(res.json()).toEqual({ success: false, message: MSG.transicionInvalida });
    expect(await foto(idSolicitud)).toEqual(antes);
  });

  it.each([
    ["no justification", {}, { Evidencia: pdf() }, "Justificacion", MSG.justificacionRequerida],
    [
      "a blank justification",
      { Justificacion: "   " },
      { Evidencia: pdf() },
      "Justificacion",
      MSG.justificacionRequerida,
    ],
    [
      "a justification over 2000",
      { Justificacion: "j".repeat(2001) },
      { Evidencia: pdf() },
      "Justificacion",
      MSG.textoLargo(2000),
    ],
    ["no evidence", { Justificacion: justificacion }, {}, "Evidencia", MSG.evidenciaRequerida],
    [
      "a text file as evidence",
      { Justificacion: justificacion },
      { Evidencia: { nombre: "e.pdf", contenido: Buffer.from("solo texto"), tipo: "application/pdf" } },
      "Evidencia",
      MSG.archivoTipo,
    ],
    [
      "a 1,000,001-byte evidence",
      { Justificacion: justificacion },
      { Evidencia: { nombre: "e.pdf", contenido: Buffer.alloc(1_000_001, 0x25), tipo: "application/pdf" } },
      "Evidencia",
      MSG.archivoTamano(1_000_000),
    ],
    [
      "two evidence files",
      { Justificacion: justificacion },
      { Evidencia: [pdf(), png()] },
      "Evidencia",
      MSG.archivoUnico,
    ],
  ] as [string, Campos, Archivos, string, string][])(
    "400 for %s, and the request stays active",
    async (_n, campos, archivos, campo, mensaje) => {
      const { idSolicitud } = await crearSolicitud(t.db, { estatus: 106 });
      const antes = await foto(idSolicitud);
      const res = await inactivar("originador", idSolicitud, campos, archivos);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ success: false, message: MSG.datosInvalidos });
      expect(res.json().errors[campo]).toContain(mensaje);
      expect(await foto(idSolicitud)).toEqual(antes);
    },
  );

  it("asks to deactivate: 203, the justification kept and in the history, the evidence stored by its bytes", async () => {
    const { idSolicitud } = await crearSolicitud(t.db, { estatus: 106 });
    const evidencia = png("decreto.jpg");
    const res = await inactivar("originador", idSolicitud, { justificacion }, { evidencia });
    expect(res.json()).toEqual({ success: true, message: MSG.inactivacionSolicitada });
    const despues = await foto(idSolicitud);
    expect(despues.solicitud).toMatchObject({ estatus: 203, justificacionInactivacion: justificacion });
    expect(despues.historial.at(-1)).toMatchObject({ estatus: 203, motivoCambioEstatus: justificacion });
    const [ev] = await t.db
      .select()
      .from(adjuntos)
      .where(
        and(
          eq(adjuntos.idSolicitud, idSolicitud),
          isNull(adjuntos.idFuncionario),
          eq(adjuntos.tipoAdjunto, "Evidencia"),
        ),
      );
    expect(ev).toMatchObject({
      nombre: "decreto.png",
      mime: "image/png",
      tamano: evidencia.contenido.length,
      sha256: crypto.createHash("sha256").update(evidencia.contenido).digest("hex"),
    });
  });
});
