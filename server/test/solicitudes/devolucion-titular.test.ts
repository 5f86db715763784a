/**
 * Issue 35: a returned request goes back to the reviewer who returned it when it comes back to
 * their stage — the analyst's return (108) when the institution sends it again, legal's return
 * (204) when the analyst approves it again — with a notice to them; to the stage's pool when that
 * reviewer is no longer active or lost the stage's view, or once it has been back there since.
 */
import { MSG } from "@registro/contracts";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { avisos, usuarios } from "../../src/db/schema.js";
import { crearTestApp, type TestApp, type UsuarioDemo } from "../support/app.js";
import { crearSolicitud, leerSolicitud } from "../support/factories.js";
import { idsDeUsuarios } from "../support/peticiones.js";
import { type AccionRevision, accion, cuerpoRetornoJuridico, cuerpoRyCC } from "../support/revision.js";

vi.setConfig({ testTimeout: 120_000, hookTimeout: 120_000 });

let t: TestApp;
let ids: Record<string, number>;
beforeAll(async () => {
  t = await crearTestApp();
  ids = await idsDeUsuarios(t.db, ["analista", "analista2", "juridico", "juridico2"]);
});
afterAll(() => t.close());

async function decide(u: UsuarioDemo, a: AccionRevision, id: number, cuerpo?: unknown) {
  const r = await accion(t, u, a, id, cuerpo);
  expect(r.json(), `${u} ${a}`).toMatchObject({ success: true });
}
async function enviar(id: number) {
  const r = await t.as("originador", { method: "POST", url: `/api/SolicitudFirma/EnviarSolicitud/${id}` });
  expect(r.json()).toEqual({ success: true, message: MSG.enviadoExitoso });
}
/** The ids in the user's "Mis asignadas" of the analyst's inbox. */
async function misAsignadas(u: UsuarioDemo): Promise<number[]> {
  const r = await t.as(u, {
    method: "GET",
    url: "/api/SolicitudFirma/GetBandejaAnalista?page=0&rows=100&asignadas=mias",
  });
  return (r.json().rows as { idSolicitud: number }[]).map((f) => f.idSolicitud);
}
const avisosDe = (idUsuario: number, idSolicitud: number) =>
  t.db
    .select()
    .from(avisos)
    .where(
      and(eq(avisos.idUsuario, idUsuario), eq(avisos.idSolicitud, idSolicitud), eq(avisos.tipo, "asignadaAUsted")),
    );

describe("a returned request goes back to who returned it", () => {
  it("resent after the analyst's return: the analyst holds it again, in Mis asignadas, and is told", async () => {
    const { idSolicitud: id } = await crearSolicitud(t.db, { estatus: 202, funcionariosEnviados: false });
    await enviar(id);
    await decide("analista2", "AssignProcess", id);
    await decide("analista2", "Retornar", id, cuerpoRyCC);
    expect(await leerSolicitud(t.db, id)).toMatchObject({ estatus: 108, asignadoA: null });

    await enviar(id);
    const s = await leerSolicitud(t.db, id);
    expect(s).toMatchObject({ estatus: 101, asignadoA: ids.analista2 });
    expect(s.asignadoDesde).not.toBeNull();
    expect(await misAsignadas("analista2")).toContain(id);
    expect(await misAsignadas("analista")).not.toContain(id);
    const [aviso] = await avisosDe(ids.analista2, id);
    expect(aviso).toMatchObject({ titulo: `Solicitud N.º ${id} devuelta a usted` });
    expect(await avisosDe(ids.analista, id)).toEqual([]);
    // The holder decides at once, without claiming it.
    await decide("analista2", "AprobarRcc", id);
    // Nobody from legal returned it before: legal's pool.
    expect(await leerSolicitud(t.db, id)).toMatchObject({ estatus: 102, asignadoA: null });
  });

  it("approved again after legal's return: the legal analyst who returned it holds it again", async () => {
    const { idSolicitud: id } = await crearSolicitud(t.db, { estatus: 202, funcionariosEnviados: false });
    await enviar(id);
    await decide("analista", "AssignProcess", id);
    await decide("analista", "AprobarRcc", id);
    await decide("juridico2", "AssignProcess", id);
    await decide("juridico2", "RetornarJuridico", id, cuerpoRetornoJuridico);
    // Back in the analyst's stage through legal's return: the analyst returned nothing, the pool.
    expect(await leerSolicitud(t.db, id)).toMatchObject({ estatus: 204, asignadoA: null });
    await decide("analista", "AssignProcess", id);
    await decide("analista", "AprobarRcc", id);
    expect(await leerSolicitud(t.db, id)).toMatchObject({ estatus: 102, asignadoA: ids.juridico2 });
    expect(await avisosDe(ids.juridico2, id)).toHaveLength(1);
    // Approved by legal, then the analyst's stage again through another round: no stale return.
    await decide("juridico2", "AprobarJuridico", id);
    expect(await leerSolicitud(t.db, id)).toMatchObject({ estatus: 105, asignadoA: null });
  });

  it("legal's return, then the analyst's: each reviewer gets it back at their own stage", async () => {
    const { idSolicitud: id } = await crearSolicitud(t.db, { estatus: 202, funcionariosEnviados: false });
    await enviar(id);
    await decide("analista", "AssignProcess", id);
    await decide("analista", "AprobarRcc", id);
    await decide("juridico", "AssignProcess", id);
    await decide("juridico", "RetornarJuridico", id, cuerpoRetornoJuridico);
    await decide("analista2", "AssignProcess", id);
    await decide("analista2", "Retornar", id, cuerpoRyCC);
    await enviar(id);
    expect(await leerSolicitud(t.db, id)).toMatchObject({ estatus: 101, asignadoA: ids.analista2 });
    await decide("analista2", "AprobarRcc", id);
    expect(await leerSolicitud(t.db, id)).toMatchObject({ estatus: 102, asignadoA: ids.juridico });
  });

  it("to the pool when the reviewer who returned it is inactive now", async () => {
    const { idSolicitud: id } = await crearSolicitud(t.db, { estatus: 202, funcionariosEnviados: false });
    await enviar(id);
    await decide("analista2", "AssignProcess", id);
    await decide("analista2", "Retornar", id, cuerpoRyCC);
    await t.db.update(usuarios).set({ activo: false }).where(eq(usuarios.idUsuario, ids.analista2));
    try {
      await enviar(id);
      expect(await leerSolicitud(t.db, id)).toMatchObject({ estatus: 101, asignadoA: null });
      expect(await avisosDe(ids.analista2, id)).toEqual([]);
    } finally {
      await t.db.update(usuarios).set({ activo: true }).where(eq(usuarios.idUsuario, ids.analista2));
    }
  });
});
