/**
 * The approvals' optional comment (issue 35, item 7): AprobarRcc, AprobarJuridico and AprobarAdminRcc
 * take no body (SPEC.md §7) or `{Comentario}`; the comment is the history entry's
 * motivoCambioEstatus, as a return's is. A bad comment is a 400 on its field and changes nothing.
 */
import { MSG } from "@registro/contracts";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { crearTestApp, type TestApp, type UsuarioDemo } from "../support/app.js";
import { crearSolicitud, leerSolicitud } from "../support/factories.js";
import { idsDeUsuarios } from "../support/peticiones.js";
import { type AccionRevision, accion, entradasHistorial } from "../support/revision.js";

vi.setConfig({ testTimeout: 60_000, hookTimeout: 60_000 });

let t: TestApp;
let ids: Record<string, number>;
beforeAll(async () => {
  t = await crearTestApp();
  ids = await idsDeUsuarios(t.db, ["analista", "juridico", "administrador"]);
});
afterAll(() => t.close());

const APROBACIONES: { accion: AccionRevision; actor: UsuarioDemo; desde: number; hacia: number; asignada: boolean }[] =
  [
    { accion: "AprobarRcc", actor: "analista", desde: 101, hacia: 102, asignada: true },
    { accion: "AprobarJuridico", actor: "juridico", desde: 102, hacia: 105, asignada: true },
    { accion: "AprobarAdminRcc", actor: "administrador", desde: 105, hacia: 106, asignada: false },
    { accion: "AprobarAdminRcc", actor: "administrador", desde: 201, hacia: 106, asignada: false },
  ];

describe.each(APROBACIONES)("$accion from $desde", (a) => {
  const nueva = () => crearSolicitud(t.db, { estatus: a.desde, asignadoA: a.asignada ? ids[a.actor] : null });

  it("writes the comment to the history entry", async () => {
    const s = await nueva();
    const res = await accion(t, a.actor, a.accion, s.idSolicitud, { Comentario: "  Documentos conformes.  " });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ success: true });
    expect((await leerSolicitud(t.db, s.idSolicitud)).estatus).toBe(a.hacia);
    expect((await entradasHistorial(t.db, s.idSolicitud)).at(-1)).toMatchObject({
      estatus: a.hacia,
      idUsuario: ids[a.actor],
      motivoCambioEstatus: "Documentos conformes.",
      motivos: [],
    });
    // The history the screens read shows it.
    const historico = await t.as(a.actor, { method: "GET", url: `/api/SolicitudFirma/Historico/${s.idSolicitud}` });
    expect(historico.json().at(-1)).toMatchObject({ motivoCambioEstatus: "Documentos conformes." });
  });

  it("without a body, or with an empty one, approves with no comment", async () => {
    for (const cuerpo of [undefined, {}]) {
      const s = await nueva();
      const res = await accion(t, a.actor, a.accion, s.idSolicitud, cuerpo);
      expect(res.json()).toMatchObject({ success: true });
      expect((await entradasHistorial(t.db, s.idSolicitud)).at(-1)).toMatchObject({
        estatus: a.hacia,
        motivoCambioEstatus: "",
      });
    }
  });

  it("a comment over 2000 characters or not a text is a 400 on Comentario, and nothing changes", async () => {
    for (const [comentario, mensaje] of [
      ["x".repeat(2001), MSG.textoLargo(2000)],
      [42, MSG.comentarioTexto],
    ] as const) {
      const s = await nueva();
      const antes = await entradasHistorial(t.db, s.idSolicitud);
      const res = await accion(t, a.actor, a.accion, s.idSolicitud, { Comentario: comentario });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        success: false,
        message: MSG.datosInvalidos,
        errors: { Comentario: [mensaje] },
      });
      expect((await leerSolicitud(t.db, s.idSolicitud)).estatus).toBe(a.desde);
      expect(await entradasHistorial(t.db, s.idSolicitud)).toEqual(antes);
    }
  });
});
