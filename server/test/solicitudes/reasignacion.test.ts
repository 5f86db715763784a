/**
 * Release (Liberar) and reassignment (Reasignar) of a held request, and the stage's users: refusals
 * first (401, 400, 403, 404, wrong status, wrong holder, wrong target), then success with its
 * history entry, then 50 concurrent claims, releases and reassignments that must leave one holder
 * and a history that replays to it.
 */
import { MSG } from "@registro/contracts";
import { and, asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { auditoria } from "../../src/db/schema.js";
import { crearTestApp, type TestApp, type UsuarioDemo } from "../support/app.js";
import { crearSolicitud, idInstitucionDe, leerSolicitud } from "../support/factories.js";
import { idsDeUsuarios, USUARIOS_DEMO } from "../support/peticiones.js";
import { entradasHistorial, instantanea, nombreCompleto } from "../support/revision.js";

vi.setConfig({ testTimeout: 120_000, hookTimeout: 120_000 });

let t: TestApp;
let ids: Record<string, number>;
const nombres: Record<string, string> = {};
beforeAll(async () => {
  t = await crearTestApp();
  ids = await idsDeUsuarios(t.db, ["analista", "analista2", "juridico", "juridico2", "administrador", "consultor"]);
  for (const u of Object.keys(ids)) nombres[u] = await nombreCompleto(t.db, u);
});
afterAll(() => t.close());

const liberar = (u: UsuarioDemo | null, id: number | string) =>
  t.as(u, { method: "POST", url: `/api/SolicitudFirma/Liberar/${id}` });
const reasignar = (u: UsuarioDemo | null, id: number | string, payload?: Record<string, unknown>) =>
  t.as(u, { method: "POST", url: `/api/SolicitudFirma/Reasignar/${id}`, ...(payload ? { payload } : {}) });
const usuariosEtapa = (u: UsuarioDemo | null, id: number | string) =>
  t.as(u, { method: "GET", url: `/api/SolicitudFirma/UsuariosEtapa/${id}` });
const asignar = (u: UsuarioDemo, id: number) =>
  t.as(u, { method: "POST", url: `/api/SolicitudFirma/AssignProcess/${id}` });

/** dd/mm/aaaa hh:mm a. m. (12 h) in Santo Domingo (UTC−4 all year), written out independently. */
function fecha(d: Date): string {
  const l = new Date(d.getTime() - 4 * 3600_000);
  const dos = (n: number) => String(n).padStart(2, "0");
  const h = l.getUTCHours();
  const hora = `${dos(h % 12 === 0 ? 12 : h % 12)}:${dos(l.getUTCMinutes())} ${h < 12 ? "a. m." : "p. m."}`;
  return `${dos(l.getUTCDate())}/${dos(l.getUTCMonth() + 1)}/${l.getUTCFullYear()} ${hora}`;
}

/** The request's holder changes in the audit trail, oldest first. */
const cambiosTitular = (idSolicitud: number) =>
  t.db
    .select()
    .from(auditoria)
    .where(and(eq(auditoria.entidad, "Solicitud"), eq(auditoria.idEntidad, String(idSolicitud))))
    .orderBy(asc(auditoria.idAuditoria));

describe("POST Liberar", () => {
  it("401 without a token, 400 on a bad id, 403 for users without a reviewer view", async () => {
    const s = await crearSolicitud(t.db, { estatus: 101, asignadoA: ids.analista });
    expect((await liberar(null, s.idSolicitud)).statusCode).toBe(401);
    const mal = await liberar("analista", "abc");
    expect(mal.statusCode).toBe(400);
    expect(mal.json().errors).toHaveProperty("idSolicitud");
    for (const u of USUARIOS_DEMO.filter((x) => !["analista", "analista2", "juridico", "juridico2"].includes(x))) {
      expect((await liberar(u, s.idSolicitud)).statusCode, u).toBe(403);
    }
    expect((await liberar("analista", 999_999)).statusCode).toBe(404);
  });

  it("is refused to a reviewer who does not hold the request, leaving it untouched", async () => {
    const s = await crearSolicitud(t.db, { estatus: 101, asignadoA: ids.analista });
    const antes = await instantanea(t.db, s.idSolicitud);
    expect((await liberar("analista2", s.idSolicitud)).json()).toEqual({
      success: false,
      message: MSG.asignadaA(nombres.analista),
    });
    const libre = await crearSolicitud(t.db, { estatus: 101 });
    expect((await liberar("analista", libre.idSolicitud)).json()).toEqual({
      success: false,
      message: MSG.solicitudNoAsignada,
    });
    // The analyst cannot release a request in legal's stage.
    const juridica = await crearSolicitud(t.db, { estatus: 102, asignadoA: ids.analista });
    expect((await liberar("analista", juridica.idSolicitud)).json()).toEqual({
      success: false,
      message: MSG.transicionInvalida,
    });
    expect(await instantanea(t.db, s.idSolicitud)).toEqual(antes);
  });

  it("the holder releases: no holder, status kept, one history entry", async () => {
    for (const [u, estatus] of [
      ["analista", 101],
      ["analista", 204],
      ["juridico", 102],
      ["juridico", 103],
    ] as const) {
      const s = await crearSolicitud(t.db, { estatus, asignadoA: ids[u] });
      const antes = await entradasHistorial(t.db, s.idSolicitud);
      expect((await liberar(u, s.idSolicitud)).json()).toEqual({ success: true, message: MSG.liberadoExitoso });
      expect(await leerSolicitud(t.db, s.idSolicitud)).toMatchObject({ estatus, asignadoA: null });
      const despues = await entradasHistorial(t.db, s.idSolicitud);
      expect(despues.slice(antes.length)).toMatchObject([
        { estatus, idUsuario: ids[u], motivoCambioEstatus: MSG.historialLiberada(nombres[u]), motivos: [] },
      ]);
      // Anyone of the stage may claim it again.
      const otro = u === "analista" ? "analista2" : "juridico2";
      expect((await asignar(otro, s.idSolicitud)).json().success).toBe(true);
      expect((await leerSolicitud(t.db, s.idSolicitud)).asignadoA).toBe(ids[otro]);
    }
  });
});

describe("POST Reasignar and GET UsuariosEtapa", () => {
  it("401, 403 for everyone but the RyCC administrator, 400 on bad id or body", async () => {
    const s = await crearSolicitud(t.db, { estatus: 101, asignadoA: ids.analista });
    const cuerpo = { IdUsuario: ids.analista2, Comentario: "Vacaciones" };
    expect((await reasignar(null, s.idSolicitud, cuerpo)).statusCode).toBe(401);
    expect((await usuariosEtapa(null, s.idSolicitud)).statusCode).toBe(401);
    for (const u of USUARIOS_DEMO.filter((x) => x !== "administrador")) {
      expect((await reasignar(u, s.idSolicitud, cuerpo)).statusCode, u).toBe(403);
      expect((await usuariosEtapa(u, s.idSolicitud)).statusCode, u).toBe(403);
    }
    const sinCuerpo = await reasignar("administrador", s.idSolicitud);
    expect(sinCuerpo.statusCode).toBe(400);
    expect(sinCuerpo.json().errors).toEqual({
      IdUsuario: [MSG.usuarioDestinoRequerido],
      Comentario: [MSG.comentarioRequerido],
    });
    const malId = await reasignar("administrador", s.idSolicitud, { IdUsuario: "x", Comentario: "a" });
    expect(malId.statusCode).toBe(400);
    expect(malId.json().errors).toHaveProperty("IdUsuario");
    expect((await reasignar("administrador", "0", cuerpo)).statusCode).toBe(400);
    expect((await reasignar("administrador", 999_999, cuerpo)).statusCode).toBe(404);
    expect((await usuariosEtapa("administrador", 999_999)).statusCode).toBe(404);
  });

  it("lists the active internal users of the request's stage but the holder", async () => {
    const s = await crearSolicitud(t.db, { estatus: 101, asignadoA: ids.analista });
    const lista = (await usuariosEtapa("administrador", s.idSolicitud)).json();
    expect(lista.map((u: { usuario: string }) => u.usuario)).toEqual(["analista2"]);
    expect(lista[0]).toEqual({ idUsuario: ids.analista2, usuario: "analista2", nombre: nombres.analista2 });
    const j = await crearSolicitud(t.db, { estatus: 103 });
    const legales = (await usuariosEtapa("administrador", j.idSolicitud)).json();
    expect(legales.map((u: { usuario: string }) => u.usuario).sort()).toEqual(["juridico", "juridico2"]);
    const activa = await crearSolicitud(t.db, { estatus: 106 });
    expect((await usuariosEtapa("administrador", activa.idSolicitud)).json()).toEqual([]);
  });

  it("refuses a free request, another stage's user, an external or unknown user and the holder", async () => {
    const libre = await crearSolicitud(t.db, { estatus: 101 });
    expect(
      (await reasignar("administrador", libre.idSolicitud, { IdUsuario: ids.analista2, Comentario: "x" })).json(),
    ).toEqual({ success: false, message: MSG.solicitudNoAsignada });
    const s = await crearSolicitud(t.db, { estatus: 101, asignadoA: ids.analista });
    const antes = await instantanea(t.db, s.idSolicitud);
    for (const destino of [ids.juridico, ids.consultor, ids.analista, 999_999]) {
      const res = await reasignar("administrador", s.idSolicitud, { IdUsuario: destino, Comentario: "x" });
      expect(res.statusCode, String(destino)).toBe(400);
      expect(res.json().errors).toEqual({ IdUsuario: [MSG.usuarioDestinoInvalido] });
    }
    const activa = await crearSolicitud(t.db, { estatus: 106 });
    expect(
      (await reasignar("administrador", activa.idSolicitud, { IdUsuario: ids.analista2, Comentario: "x" })).json(),
    ).toEqual({ success: false, message: MSG.transicionInvalida });
    expect(await instantanea(t.db, s.idSolicitud)).toEqual(antes);
  });

  it("moves the request to the chosen user with the comment in the history", async () => {
    for (const [de, a, estatus] of [
      ["analista", "analista2", 101],
      ["juridico2", "juridico", 103],
    ] as const) {
      const s = await crearSolicitud(t.db, { estatus, asignadoA: ids[de] });
      const antes = await entradasHistorial(t.db, s.idSolicitud);
      const res = await reasignar("administrador", s.idSolicitud, { IdUsuario: ids[a], Comentario: "  De licencia  " });
      expect(res.json()).toEqual({ success: true, message: MSG.reasignadoExitoso });
      expect(await leerSolicitud(t.db, s.idSolicitud)).toMatchObject({ estatus, asignadoA: ids[a] });
      expect((await entradasHistorial(t.db, s.idSolicitud)).slice(antes.length)).toEqual([
        expect.objectContaining({
          estatus,
          idUsuario: ids.administrador,
          motivoCambioEstatus: MSG.historialReasignada(nombres[de], nombres[a], "De licencia"),
        }),
      ]);
      // The new holder may now decide; the former one may not.
      expect((await liberar(de, s.idSolicitud)).json().success).toBe(false);
      expect((await liberar(a, s.idSolicitud)).json().success).toBe(true);
    }
  });

  it("a user of another institution's scope never matters: the administrator is internal", async () => {
    const otra = await idInstitucionDe(t.db, "originador2");
    const s = await crearSolicitud(t.db, { estatus: 101, idInstitucion: otra, asignadoA: ids.analista });
    const res = await reasignar("administrador", s.idSolicitud, { IdUsuario: ids.analista2, Comentario: "x" });
    expect(res.json().success).toBe(true);
  });
});

describe("the history tells who held the request and since when", () => {
  it("a release or reassignment names the holder and the time of the claim or reassignment that gave it", async () => {
    const s = await crearSolicitud(t.db, { estatus: 101 });
    const id = s.idSolicitud;
    const antes = (await entradasHistorial(t.db, id)).length;
    expect((await asignar("analista", id)).json().success).toBe(true);
    const [toma] = await cambiosTitular(id);
    expect(toma.accion).toBe("asignar");
    // A claim alone adds no history entry: the status sequence stays that of the decisions.
    expect(await entradasHistorial(t.db, id)).toHaveLength(antes);
    expect((await leerSolicitud(t.db, id)).asignadoDesde).toEqual(toma.fecha);

    expect((await liberar("analista", id)).json().success).toBe(true);
    expect((await leerSolicitud(t.db, id)).asignadoDesde).toBeNull();
    expect((await asignar("analista2", id)).json().success).toBe(true);
    const r = await reasignar("administrador", id, { IdUsuario: ids.analista, Comentario: "Vacaciones" });
    expect(r.json().success).toBe(true);
    expect((await liberar("analista", id)).json().success).toBe(true);

    const [, , toma2, reasignacion] = await cambiosTitular(id);
    expect([toma2.accion, reasignacion.accion]).toEqual(["asignar", "reasignar"]);
    const entradas = (await entradasHistorial(t.db, id)).slice(antes);
    expect(entradas.map((e) => e.motivoCambioEstatus)).toEqual([
      // The date-time ends the sentence with its own period ("a. m."): never two.
      `Liberada por ${nombres.analista}, que la tenía desde el ${fecha(toma.fecha)}`,
      `Reasignada de ${nombres.analista2} (la tenía desde el ${fecha(toma2.fecha)}) a ${nombres.analista}: Vacaciones`,
      `Liberada por ${nombres.analista}, que la tenía desde el ${fecha(reasignacion.fecha)}`,
    ]);
    expect(entradas.every((e) => e.estatus === 101)).toBe(true);

    // A decision ends the holding: the request then has neither holder nor "since".
    expect((await asignar("analista", id)).json().success).toBe(true);
    const aprobar = await t.as("analista", { method: "POST", url: `/api/SolicitudFirma/AprobarRcc/${id}` });
    expect(aprobar.json().success).toBe(true);
    expect(await leerSolicitud(t.db, id)).toMatchObject({ estatus: 102, asignadoA: null, asignadoDesde: null });
    const historico = await t.as("administrador", { method: "GET", url: `/api/SolicitudFirma/Historico/${id}` });
    expect(historico.json().map((h: { idEstatus: number }) => h.idEstatus)).toEqual([101, 101, 101, 101, 102]);
  });
});

describe("50 simultaneous claims, releases and reassignments", () => {
  it("leave exactly one holder (or none), and audit trail and history that replay to it", async () => {
    const s = await crearSolicitud(t.db, { estatus: 101 });
    const antes = (await entradasHistorial(t.db, s.idSolicitud)).length;
    const llamadas: Promise<{ tipo: string; ok: boolean }>[] = [];
    for (let i = 0; i < 50; i++) {
      const tipo = ["asignar", "liberar", "reasignar"][i % 3];
      const quien: UsuarioDemo = i % 2 === 0 ? "analista" : "analista2";
      const res =
        tipo === "asignar"
          ? asignar(quien, s.idSolicitud)
          : tipo === "liberar"
            ? liberar(quien, s.idSolicitud)
            : reasignar("administrador", s.idSolicitud, { IdUsuario: ids[quien], Comentario: `Reparto ${i}` });
      llamadas.push(res.then((r) => ({ tipo, ok: r.statusCode === 200 && r.json().success === true })));
    }
    const resultados = await Promise.all(llamadas);
    const exitos = resultados.filter((r) => r.ok);
    expect(exitos.length).toBeGreaterThan(0);

    // The audit trail records every change of holder with before and after, in the order applied:
    // replayed, each one starts from where the previous left the request.
    const cambios = await cambiosTitular(s.idSolicitud);
    let titular: number | null = null;
    for (const c of cambios) {
      const antesC = c.antes as { asignadoA: number | null; estatus: number };
      const despuesC = c.despues as { asignadoA: number | null; estatus: number };
      expect(antesC.asignadoA, `${c.accion} #${c.idAuditoria}`).toBe(titular);
      expect(despuesC.estatus).toBe(101);
      if (c.accion === "asignar") expect([antesC.asignadoA, despuesC.asignadoA]).toEqual([null, c.idUsuario]);
      else if (c.accion === "liberar") expect([antesC.asignadoA, despuesC.asignadoA]).toEqual([c.idUsuario, null]);
      else {
        expect(c.accion).toBe("reasignar");
        expect(c.idUsuario).toBe(ids.administrador);
        expect(despuesC.asignadoA).not.toBeNull();
      }
      titular = despuesC.asignadoA;
    }
    expect((await leerSolicitud(t.db, s.idSolicitud)).asignadoA).toBe(titular);

    // Every successful release and reassignment is one audit entry and one history entry, in the same
    // order; a claim by the one who already holds it changes nothing and records nothing.
    const cuenta = (tipo: string) => exitos.filter((r) => r.tipo === tipo).length;
    expect(cambios.filter((c) => c.accion === "liberar")).toHaveLength(cuenta("liberar"));
    expect(cambios.filter((c) => c.accion === "reasignar")).toHaveLength(cuenta("reasignar"));
    expect(cambios.filter((c) => c.accion === "asignar").length).toBeLessThanOrEqual(cuenta("asignar"));
    const entradas = (await entradasHistorial(t.db, s.idSolicitud)).slice(antes);
    const nombrePorId = new Map(["analista", "analista2"].map((u) => [ids[u], nombres[u]]));
    // Each names since when the holder had it: the time of the change just before, which gave it.
    const esperadas = cambios.flatMap((c, i) => {
      if (c.accion === "asignar") return [];
      const desde = fecha(cambios[i - 1].fecha);
      return [
        c.accion === "liberar"
          ? MSG.historialLiberada(nombrePorId.get(c.idUsuario!)!, desde)
          : MSG.historialReasignada(
              nombrePorId.get((c.antes as { asignadoA: number }).asignadoA)!,
              nombrePorId.get((c.despues as { asignadoA: number }).asignadoA)!,
              (c.despues as { comentario: string }).comentario,
              desde,
            ),
      ];
    });
    expect(entradas.map((e) => e.motivoCambioEstatus)).toEqual(esperadas);
    expect(entradas.every((e) => e.estatus === 101)).toBe(true);
  });
});
