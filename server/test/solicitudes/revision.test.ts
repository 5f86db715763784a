/**
 * The review calls one by one: failures first (401, 400, 403 per role, 404, refused transitions that
 * leave the request, its officials and its history exactly as they were), then each success with
 * its status, history, reasons, assignment and officials.
 */
import { CODIGOS_ESTATUS, ESTATUS_FUNCIONARIO, MSG } from "@registro/contracts";
import { inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { funcionarios } from "../../src/db/schema.js";
import { crearTestApp, type TestApp, type UsuarioDemo } from "../support/app.js";
import { crearSolicitud, leerSolicitud } from "../support/factories.js";
import { idsDeUsuarios, USUARIOS_DEMO } from "../support/peticiones.js";
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
  motivosDeTipo,
  nombreCompleto,
} from "../support/revision.js";

// Some tests walk every status, a request each; the shared CI machine can be slow.
vi.setConfig({ testTimeout: 120_000, hookTimeout: 120_000 });

let t: TestApp;
let ids: Record<string, number>;
beforeAll(async () => {
  t = await crearTestApp();
  ids = await idsDeUsuarios(t.db, ["analista", "analista2", "juridico", "juridico2", "administrador"]);
});
afterAll(() => t.close());

const TODOS = USUARIOS_DEMO;

interface Endpoint {
  accion: AccionRevision;
  /** Who holds a view that grants the call. */
  permitidos: UsuarioDemo[];
}

const ENDPOINTS: Endpoint[] = [
  { accion: "AprobarRcc", permitidos: ["analista", "analista2"] },
  { accion: "Retornar", permitidos: ["analista", "analista2"] },
  { accion: "AprobarJuridico", permitidos: ["juridico", "juridico2"] },
  { accion: "RetornarJuridico", permitidos: ["juridico", "juridico2", "administrador"] },
  { accion: "Rechazar", permitidos: ["juridico", "juridico2"] },
  { accion: "AprobarAdminRcc", permitidos: ["administrador"] },
  { accion: "Inactivar", permitidos: ["administrador"] },
  { accion: "AssignProcess", permitidos: ["analista", "analista2", "juridico", "juridico2"] },
  { accion: "CanAssign", permitidos: ["analista", "analista2", "juridico", "juridico2"] },
];

/** One way of deciding: who acts, from which statuses, whether it needs the request held, to where. */
interface Decision {
  accion: AccionRevision;
  actor: UsuarioDemo;
  /** Someone else of the same role, to hold the request. */
  otro?: UsuarioDemo;
  desde: number[];
  hacia: number;
  cuerpo?: { Comentario: string; MotivoCambioEstatus: number[] };
  mensaje: string;
}

const DECISIONES: Decision[] = [
  {
    accion: "AprobarRcc",
    actor: "analista",
    otro: "analista2",
    desde: [101, 204],
    hacia: 102,
    mensaje: MSG.aprobadoExitoso,
  },
  {
    accion: "Retornar",
    actor: "analista",
    otro: "analista2",
    desde: [101, 204],
    hacia: 108,
    cuerpo: cuerpoRyCC,
    mensaje: MSG.retornadoExitoso,
  },
  {
    accion: "AprobarJuridico",
    actor: "juridico",
    otro: "juridico2",
    desde: [102, 103],
    hacia: 105,
    mensaje: MSG.aprobadoExitoso,
  },
  {
    accion: "RetornarJuridico",
    actor: "juridico",
    otro: "juridico2",
    desde: [102, 103],
    hacia: 204,
    cuerpo: cuerpoRetornoJuridico,
    mensaje: MSG.retornadoExitoso,
  },
  {
    accion: "RetornarJuridico",
    actor: "administrador",
    desde: [105],
    hacia: 103,
    cuerpo: cuerpoRetornoAdmin,
    mensaje: MSG.retornadoExitoso,
  },
  {
    accion: "Rechazar",
    actor: "juridico",
    otro: "juridico2",
    desde: [102, 103],
    hacia: 104,
    cuerpo: cuerpoRechazo,
    mensaje: MSG.rechazadoExitoso,
  },
  { accion: "AprobarAdminRcc", actor: "administrador", desde: [105], hacia: 106, mensaje: MSG.aprobadoExitoso },
  { accion: "AprobarAdminRcc", actor: "administrador", desde: [203, 201], hacia: 106, mensaje: MSG.activadoExitoso },
  { accion: "Inactivar", actor: "administrador", desde: [106, 203], hacia: 201, mensaje: MSG.inactivadoExitoso },
];

const CON_CUERPO: AccionRevision[] = ["Retornar", "RetornarJuridico", "Rechazar"];
const cuerpoDe = (a: AccionRevision) =>
  a === "Retornar" ? cuerpoRyCC : a === "Rechazar" ? cuerpoRechazo : cuerpoRetornoJuridico;

describe("every review call: access and ids", () => {
  for (const e of ENDPOINTS) {
    describe(e.accion, () => {
      it("401 without a token, and nothing changes", async () => {
        const s = await crearSolicitud(t.db, { estatus: 101 });
        const antes = await instantanea(t.db, s.idSolicitud);
        const res = await accion(
          t,
          null,
          e.accion,
          s.idSolicitud,
          CON_CUERPO.includes(e.accion) ? cuerpoDe(e.accion) : undefined,
        );
        expect(res.statusCode).toBe(401);
        expect(res.json().success).toBe(false);
        expect(await instantanea(t.db, s.idSolicitud)).toEqual(antes);
      });

      it("400 on the idSolicitud field for an id that is not a positive integer", async () => {
        for (const id of ["abc", "0", "-3", "1.5", "99999999999"]) {
          const res = await accion(
            t,
            e.permitidos[0],
            e.accion,
            id,
            CON_CUERPO.includes(e.accion) ? cuerpoDe(e.accion) : undefined,
          );
          expect(res.statusCode, id).toBe(400);
          expect(res.json()).toMatchObject({ success: false, message: MSG.datosInvalidos });
          expect(res.json().errors.idSolicitud, id).toEqual([MSG.numeroInvalido]);
        }
      });

      for (const usuario of TODOS.filter((u) => !e.permitidos.includes(u))) {
        it(`403 for ${usuario}, and nothing changes`, async () => {
          const s = await crearSolicitud(t.db, { estatus: 105 });
          const antes = await instantanea(t.db, s.idSolicitud);
          const res = await accion(
            t,
            usuario,
            e.accion,
            s.idSolicitud,
            CON_CUERPO.includes(e.accion) ? cuerpoDe(e.accion) : undefined,
          );
          expect(res.statusCode).toBe(403);
          expect(res.json()).toEqual({ success: false, message: MSG.noAutorizado });
          expect(await instantanea(t.db, s.idSolicitud)).toEqual(antes);
        });
      }

      it("404 for a request that does not exist", async () => {
        const res = await accion(
          t,
          e.permitidos[0],
          e.accion,
          2_000_000,
          CON_CUERPO.includes(e.accion) ? cuerpoDe(e.accion) : undefined,
        );
        expect(res.statusCode).toBe(404);
        expect(res.json()).toEqual({ success: false, message: MSG.solicitudNoEncontrada });
      });
    });
  }
});

describe("reasons and comment are required (400)", () => {
  const casos: {
    accion: AccionRevision;
    actor: UsuarioDemo;
    estatus: number;
    cuerpo: typeof cuerpoRyCC;
    tipo: number;
  }[] = [
    { accion: "Retornar", actor: "analista", estatus: 101, cuerpo: cuerpoRyCC, tipo: 108 },
    { accion: "RetornarJuridico", actor: "juridico", estatus: 102, cuerpo: cuerpoRetornoJuridico, tipo: 204 },
    { accion: "RetornarJuridico", actor: "administrador", estatus: 105, cuerpo: cuerpoRetornoAdmin, tipo: 103 },
    { accion: "Rechazar", actor: "juridico", estatus: 103, cuerpo: cuerpoRechazo, tipo: 104 },
  ];
  for (const c of casos) {
    describe(`${c.accion} by ${c.actor}`, () => {
      const preparar = async () => {
        const s = await crearSolicitud(t.db, {
          estatus: c.estatus,
          asignadoA: c.actor === "administrador" ? null : ids[c.actor],
        });
        return { s, antes: await instantanea(t.db, s.idSolicitud) };
      };
      const rechazada = async (payload: unknown, errores: Record<string, string[]>) => {
        const { s, antes } = await preparar();
        const res = await accion(t, c.actor, c.accion, s.idSolicitud, payload);
        expect(res.statusCode).toBe(400);
        expect(res.json()).toEqual({ success: false, message: MSG.datosInvalidos, errors: errores });
        expect(await instantanea(t.db, s.idSolicitud)).toEqual(antes);
      };

      it("without reasons", () => rechazada({ Comentario: "Texto" }, { MotivoCambioEstatus: [MSG.motivosRequeridos] }));
      it("with an empty list of reasons", () =>
        rechazada({ Comentario: "Texto", MotivoCambioEstatus: [] }, { MotivoCambioEstatus: [MSG.motivosRequeridos] }));
      it("without a comment", () =>
        rechazada({ MotivoCambioEstatus: c.cuerpo.MotivoCambioEstatus }, { Comentario: [MSG.comentarioRequerido] }));
      it("with a blank comment", () =>
        rechazada(
          { Comentario: "   ", MotivoCambioEstatus: c.cuerpo.MotivoCambioEstatus },
          { Comentario: [MSG.comentarioRequerido] },
        ));
      it("without a body at all", () =>
        rechazada(undefined, {
          MotivoCambioEstatus: [MSG.motivosRequeridos],
          Comentario: [MSG.comentarioRequerido],
        }));
      it("with a reason that does not exist", () =>
        rechazada({ Comentario: "Texto", MotivoCambioEstatus: [999] }, { MotivoCambioEstatus: [MSG.motivoInvalido] }));
      for (const tipo of [108, 204, 104, 103].filter((x) => x !== c.tipo)) {
        it(`with a reason of another decision's kind (${tipo}), alone or next to a valid one`, async () => {
          const ajeno = motivosDeTipo(tipo)[0];
          await rechazada(
            { Comentario: "Texto", MotivoCambioEstatus: [ajeno] },
            { MotivoCambioEstatus: [MSG.motivoInvalido] },
          );
          await rechazada(
            { Comentario: "Texto", MotivoCambioEstatus: [c.cuerpo.MotivoCambioEstatus[0], ajeno] },
            { MotivoCambioEstatus: [MSG.motivoInvalido] },
          );
        });
      }
      it("with reasons that are not numbers, in Spanish", async () => {
        const { s, antes } = await preparar();
        const res = await accion(t, c.actor, c.accion, s.idSolicitud, {
          Comentario: "Texto",
          MotivoCambioEstatus: ["abc"],
        });
        expect(res.statusCode).toBe(400);
        const errores = res.json().errors.MotivoCambioEstatus ?? res.json().errors["MotivoCambioEstatus.0"];
        expect(errores).toBeDefined();
        expect(errores.join(" ")).not.toMatch(/Invalid|expected/);
        expect(await instantanea(t.db, s.idSolicitud)).toEqual(antes);
      });
      it("with a comment over 2000 characters", () =>
        rechazada(
          { Comentario: "x".repeat(2001), MotivoCambioEstatus: c.cuerpo.MotivoCambioEstatus },
          { Comentario: [MSG.textoLargo(2000)] },
        ));
    });
  }
});

describe("refused decisions leave everything as it was", () => {
  for (const d of DECISIONES) {
    const porEstatus = CODIGOS_ESTATUS.filter((c) => !d.desde.includes(c));
    const otraVia = DECISIONES.filter((x) => x !== d && x.accion === d.accion && x.actor === d.actor).flatMap(
      (x) => x.desde,
    );
    it(`${d.accion} by ${d.actor} from any other status: "${MSG.transicionInvalida}"`, async () => {
      for (const estatus of porEstatus.filter((c) => !otraVia.includes(c))) {
        const s = await crearSolicitud(t.db, { estatus, asignadoA: d.otro ? ids[d.actor] : null });
        const antes = await instantanea(t.db, s.idSolicitud);
        const res = await accion(t, d.actor, d.accion, s.idSolicitud, d.cuerpo);
        expect(res.statusCode, String(estatus)).toBe(200);
        expect(res.json(), String(estatus)).toEqual({ success: false, message: MSG.transicionInvalida });
        expect(await instantanea(t.db, s.idSolicitud), String(estatus)).toEqual(antes);
      }
    });

    if (d.otro) {
      const otro = d.otro;
      it(`${d.accion} by ${d.actor} on an unassigned request: "${MSG.requiereAsignacion}"`, async () => {
        for (const estatus of d.desde) {
          const s = await crearSolicitud(t.db, { estatus });
          const antes = await instantanea(t.db, s.idSolicitud);
          const res = await accion(t, d.actor, d.accion, s.idSolicitud, d.cuerpo);
          expect(res.json()).toEqual({ success: false, message: MSG.requiereAsignacion });
          expect(await instantanea(t.db, s.idSolicitud)).toEqual(antes);
        }
      });

      it(`${d.accion} by ${d.actor} on a request ${otro} holds: names the holder`, async () => {
        const nombre = await nombreCompleto(t.db, otro);
        for (const estatus of d.desde) {
          const s = await crearSolicitud(t.db, { estatus, asignadoA: ids[otro] });
          const antes = await instantanea(t.db, s.idSolicitud);
          const res = await accion(t, d.actor, d.accion, s.idSolicitud, d.cuerpo);
          expect(res.json()).toEqual({ success: false, message: MSG.asignadaA(nombre) });
          expect(await instantanea(t.db, s.idSolicitud)).toEqual(antes);
        }
      });
    }
  }

  it("an external user's scope never reaches review calls (403 before any lookup)", async () => {
    const s = await crearSolicitud(t.db, { estatus: 101 });
    const res = await accion(t, "originador", "AssignProcess", s.idSolicitud);
    expect(res.statusCode).toBe(403);
  });
});

describe("successful decisions", () => {
  for (const d of DECISIONES) {
    for (const desde of d.desde) {
      it(`${d.accion} by ${d.actor}: ${desde} → ${d.hacia}`, async () => {
        const s = await crearSolicitud(t.db, {
          estatus: desde,
          asignadoA: d.otro ? ids[d.actor] : null,
          funcionarios: 2,
        });
        const antes = await instantanea(t.db, s.idSolicitud);
        const res = await accion(t, d.actor, d.accion, s.idSolicitud, d.cuerpo);
        expect(res.statusCode).toBe(200);
        expect(res.json()).toEqual({ success: true, message: d.mensaje });

        const despues = await leerSolicitud(t.db, s.idSolicitud);
        expect(despues.estatus).toBe(d.hacia);
        expect(despues.asignadoA).toBeNull();
        const historial = await entradasHistorial(t.db, s.idSolicitud);
        expect(historial).toHaveLength(antes.historial.length + 1);
        expect(historial.at(-1)).toMatchObject({
          estatus: d.hacia,
          idUsuario: ids[d.actor],
          motivoCambioEstatus: d.cuerpo?.Comentario ?? "",
          motivos: d.cuerpo?.MotivoCambioEstatus ?? [],
        });
        if (d.accion === "AprobarJuridico" || d.accion === "Rechazar" || d.otro === "juridico2") {
          expect(despues.decididoJuridico).toBe(true);
        } else {
          expect(despues.decididoJuridico).toBe(antes.solicitud.decididoJuridico);
        }
        if (d.hacia === 106) expect(despues.fueActiva).toBe(true);
      });
    }
  }

  it("body keys bind case-insensitively and one reason may come alone", async () => {
    const s = await crearSolicitud(t.db, { estatus: 101, asignadoA: ids.analista });
    const res = await accion(t, "analista", "Retornar", s.idSolicitud, {
      comentario: "Corrija",
      motivoCambioEstatus: 3,
    });
    expect(res.json()).toEqual({ success: true, message: MSG.retornadoExitoso });
    expect((await entradasHistorial(t.db, s.idSolicitud)).at(-1)).toMatchObject({
      estatus: 108,
      motivoCambioEstatus: "Corrija",
      motivos: [3],
    });
  });

  it("analyst decisions leave the officials as they were", async () => {
    const s = await crearSolicitud(t.db, { estatus: 101, asignadoA: ids.analista, funcionarios: 2 });
    await accion(t, "analista", "AprobarRcc", s.idSolicitud);
    expect((await estatusFuncionarios(t.db, s.idSolicitud)).map((f) => f.idEstatus)).toEqual([1, 1]);
  });

  it("administrator approval makes the pending officials Activo and leaves the inactive ones", async () => {
    const s = await crearSolicitud(t.db, { estatus: 105, funcionarios: 3 });
    await t.as("administrador", {
      method: "DELETE",
      url: `/api/Funcionarios/InactivarFuncionario/${s.funcionarios[2]}`,
    });
    const res = await accion(t, "administrador", "AprobarAdminRcc", s.idSolicitud);
    expect(res.json()).toEqual({ success: true, message: MSG.aprobadoExitoso });
    expect((await estatusFuncionarios(t.db, s.idSolicitud)).map((f) => f.idEstatus)).toEqual([2, 2, 3]);
  });

  it("reactivation and inactivation keep the officials' statuses", async () => {
    const s = await crearSolicitud(t.db, { estatus: 106, funcionarios: 2 });
    await accion(t, "administrador", "Inactivar", s.idSolicitud);
    expect((await estatusFuncionarios(t.db, s.idSolicitud)).map((f) => f.idEstatus)).toEqual([2, 2]);
    await accion(t, "administrador", "AprobarAdminRcc", s.idSolicitud);
    expect((await estatusFuncionarios(t.db, s.idSolicitud)).map((f) => f.idEstatus)).toEqual([2, 2]);
    expect((await leerSolicitud(t.db, s.idSolicitud)).estatus).toBe(106);
  });

  it("legal rejection of a never-active request ends in 104 with its reasons; officials untouched", async () => {
    const s = await crearSolicitud(t.db, { estatus: 102, asignadoA: ids.juridico, funcionarios: 2 });
    await accion(t, "juridico", "Rechazar", s.idSolicitud, cuerpoRechazo);
    expect((await leerSolicitud(t.db, s.idSolicitud)).estatus).toBe(104);
    expect((await estatusFuncionarios(t.db, s.idSolicitud)).map((f) => f.idEstatus)).toEqual([1, 1]);
  });

  it("legal rejection of a once-active request returns it to 106; its pending officials become Inactivo", async () => {
    const s = await crearSolicitud(t.db, { estatus: 103, asignadoA: ids.juridico, fueActiva: true, funcionarios: 3 });
    // Two officials were approved before; the third was added to the active request.
    await t.db
      .update(funcionarios)
      .set({ idEstatus: ESTATUS_FUNCIONARIO.ACTIVO })
      .where(inArray(funcionarios.idFuncionario, s.funcionarios.slice(0, 2)));
    const antes = await entradasHistorial(t.db, s.idSolicitud);
    const res = await accion(t, "juridico", "Rechazar", s.idSolicitud, cuerpoRechazo);
    expect(res.json()).toEqual({ success: true, message: MSG.rechazadoExitoso });
    const despues = await leerSolicitud(t.db, s.idSolicitud);
    expect(despues).toMatchObject({ estatus: 106, asignadoA: null, decididoJuridico: true });
    expect((await estatusFuncionarios(t.db, s.idSolicitud)).map((f) => f.idEstatus)).toEqual([2, 2, 3]);
    const historial = await entradasHistorial(t.db, s.idSolicitud);
    expect(historial.slice(antes.length)).toMatchObject([
      { estatus: 104, motivoCambioEstatus: cuerpoRechazo.Comentario, motivos: cuerpoRechazo.MotivoCambioEstatus },
      { estatus: 106, motivos: [] },
    ]);
  });
});

describe("POST AssignProcess and CanAssign", () => {
  it("the analyst takes a request in the analyst stage", async () => {
    for (const estatus of [101, 204]) {
      const s = await crearSolicitud(t.db, { estatus });
      const puede = await accion(t, "analista", "CanAssign", s.idSolicitud);
      expect(puede.json()).toEqual({ success: true, message: MSG.puedeAsignar });
      const antes = await entradasHistorial(t.db, s.idSolicitud);
      const res = await accion(t, "analista", "AssignProcess", s.idSolicitud);
      expect(res.json()).toEqual({ success: true, message: MSG.asignadoExitoso });
      expect(await leerSolicitud(t.db, s.idSolicitud)).toMatchObject({ estatus, asignadoA: ids.analista });
      // Taking a request is not a status change: no history entry.
      expect(await entradasHistorial(t.db, s.idSolicitud)).toEqual(antes);
    }
  });

  it("legal takes a request in the legal stage", async () => {
    for (const estatus of [102, 103]) {
      const s = await crearSolicitud(t.db, { estatus });
      const res = await accion(t, "juridico", "AssignProcess", s.idSolicitud);
      expect(res.json()).toEqual({ success: true, message: MSG.asignadoExitoso });
      expect((await leerSolicitud(t.db, s.idSolicitud)).asignadoA).toBe(ids.juridico);
    }
  });

  it("taking one you already hold is accepted and changes nothing else", async () => {
    const s = await crearSolicitud(t.db, { estatus: 101, asignadoA: ids.analista });
    const res = await accion(t, "analista", "AssignProcess", s.idSolicitud);
    expect(res.json()).toEqual({ success: true, message: MSG.asignadoExitoso });
    expect((await leerSolicitud(t.db, s.idSolicitud)).asignadoA).toBe(ids.analista);
  });

  it("a request outside the user's stage cannot be taken", async () => {
    const casos: [UsuarioDemo, number[]][] = [
      ["analista", CODIGOS_ESTATUS.filter((c) => c !== 101 && c !== 204)],
      ["juridico", CODIGOS_ESTATUS.filter((c) => c !== 102 && c !== 103)],
    ];
    for (const [usuario, estatuses] of casos) {
      for (const estatus of estatuses) {
        const s = await crearSolicitud(t.db, { estatus });
        const antes = await instantanea(t.db, s.idSolicitud);
        const puede = await accion(t, usuario, "CanAssign", s.idSolicitud);
        expect(puede.json(), `${usuario} ${estatus}`).toEqual({ success: false, message: MSG.transicionInvalida });
        const res = await accion(t, usuario, "AssignProcess", s.idSolicitud);
        expect(res.json(), `${usuario} ${estatus}`).toEqual({ success: false, message: MSG.transicionInvalida });
        expect(await instantanea(t.db, s.idSolicitud)).toEqual(antes);
      }
    }
  });

  it("one someone else holds is refused with the holder's name", async () => {
    const nombre = await nombreCompleto(t.db, "analista2");
    const s = await crearSolicitud(t.db, { estatus: 101, asignadoA: ids.analista2 });
    const antes = await instantanea(t.db, s.idSolicitud);
    const puede = await accion(t, "analista", "CanAssign", s.idSolicitud);
    expect(puede.json()).toEqual({ success: false, message: MSG.asignadaA(nombre) });
    const res = await accion(t, "analista", "AssignProcess", s.idSolicitud);
    expect(res.json()).toEqual({ success: false, message: MSG.asignadaA(nombre) });
    expect(await instantanea(t.db, s.idSolicitud)).toEqual(antes);
  });

  it(`two analysts taking the same request at once: exactly one wins (${"database"})`, async () => {
    for (let i = 0; i < 5; i++) {
      const s = await crearSolicitud(t.db, { estatus: 101 });
      const [a, b] = await Promise.all([
        accion(t, "analista", "AssignProcess", s.idSolicitud),
        accion(t, "analista2", "AssignProcess", s.idSolicitud),
      ]);
      const exitos = [a, b].filter((r) => r.json().success);
      expect(exitos).toHaveLength(1);
      const ganador = exitos[0] === a ? "analista" : "analista2";
      const perdedor = ganador === "analista" ? b : a;
      expect(perdedor.json()).toEqual({ success: false, message: MSG.asignadaA(await nombreCompleto(t.db, ganador)) });
      expect((await leerSolicitud(t.db, s.idSolicitud)).asignadoA).toBe(ids[ganador]);
    }
  });
});

describe("DELETE api/Funcionarios/InactivarFuncionario/{id}", () => {
  const borrar = (usuario: UsuarioDemo | null, id: number | string) =>
    t.as(usuario, { method: "DELETE", url: `/api/Funcionarios/InactivarFuncionario/${id}` });

  it("401 without a token", async () => {
    const s = await crearSolicitud(t.db, { estatus: 106 });
    const antes = await instantanea(t.db, s.idSolicitud);
    expect((await borrar(null, s.funcionarios[0])).statusCode).toBe(401);
    expect(await instantanea(t.db, s.idSolicitud)).toEqual(antes);
  });

  it("400 on the id field for a bad id", async () => {
    for (const id of ["x", "0", "99999999999"]) {
      const res = await borrar("administrador", id);
      expect(res.statusCode, id).toBe(400);
      expect(res.json().errors.id).toEqual([MSG.numeroInvalido]);
    }
  });

  for (const usuario of TODOS.filter((u) => u !== "administrador")) {
    it(`403 for ${usuario}`, async () => {
      const s = await crearSolicitud(t.db, { estatus: 106 });
      const antes = await instantanea(t.db, s.idSolicitud);
      const res = await borrar(usuario, s.funcionarios[0]);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ success: false, message: MSG.noAutorizado });
      expect(await instantanea(t.db, s.idSolicitud)).toEqual(antes);
    });
  }

  it("404 for an official that does not exist", async () => {
    const res = await borrar("administrador", 2_000_000);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ success: false, message: MSG.funcionarioNoEncontrado });
  });

  it("refused while the request is outside the administrator's reach, nothing changes", async () => {
    for (const estatus of [202, 101, 108, 102, 204, 104, 103, 201, 109]) {
      const s = await crearSolicitud(t.db, { estatus });
      const antes = await instantanea(t.db, s.idSolicitud);
      const res = await borrar("administrador", s.funcionarios[0]);
      expect(res.json(), String(estatus)).toEqual({ success: false, message: MSG.transicionInvalida });
      expect(await instantanea(t.db, s.idSolicitud)).toEqual(antes);
    }
  });

  it("makes one official Inactivo for good and notes it in the history", async () => {
    for (const estatus of [105, 106, 203]) {
      const s = await crearSolicitud(t.db, { estatus, funcionarios: 2 });
      const antes = await instantanea(t.db, s.idSolicitud);
      const res = await borrar("administrador", s.funcionarios[1]);
      expect(res.json()).toEqual({ success: true, message: MSG.funcionarioInactivado });
      const despues = await instantanea(t.db, s.idSolicitud);
      expect(despues.solicitud.estatus).toBe(estatus);
      expect(despues.funcionarios.map((f) => f.idEstatus)).toEqual([antes.funcionarios[0].idEstatus, 3]);
      expect(despues.historial).toHaveLength(antes.historial.length + 1);
      expect(despues.historial.at(-1)).toMatchObject({
        estatus,
        idUsuario: ids.administrador,
        motivoCambioEstatus: MSG.historialFuncionarioInactivado("Funcionario 2 De Prueba", "001-0000003-3"),
        motivos: [],
      });

      const otraVez = await borrar("administrador", s.funcionarios[1]);
      expect(otraVez.json()).toEqual({ success: false, message: MSG.funcionarioYaInactivo });
      expect(await instantanea(t.db, s.idSolicitud)).toEqual(despues);
    }
  });
});
