/**
 * Renewal: POST api/SolicitudFirma/Renovar/{id} copies an active request — incumbent,
 * documents, active officials with their signatures and files — into a new draft that goes through
 * the normal review.
 */
import { MSG } from "@registro/contracts";
import { and, eq, isNull } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { adjuntos, funcionarioFirmas, funcionarios, historial, incumbentes } from "../../src/db/schema.js";
import { crearTestApp, type TestApp } from "../support/app.js";
import { crearSolicitud, leerSolicitud } from "../support/factories.js";

vi.setConfig({ testTimeout: 120_000, hookTimeout: 120_000 });

let t: TestApp;
beforeAll(async () => {
  t = await crearTestApp();
});
afterAll(() => t.close());

const renovar = (usuario: "originador" | "originador2" | "analista" | null, id: number | string) =>
  t.as(usuario, { method: "POST", url: `/api/SolicitudFirma/Renovar/${id}` });

describe("POST api/SolicitudFirma/Renovar/{id}", () => {
  it("401 without a session, 400 for a bad id, 403 for reviewers, 404 for another institution", async () => {
    const { idSolicitud: id } = await crearSolicitud(t.db, { estatus: 106 });
    expect((await renovar(null, id)).statusCode).toBe(401);
    const mala = await renovar("originador", "abc");
    expect(mala.statusCode).toBe(400);
    expect(mala.json().errors.id).toBeDefined();
    expect((await renovar("analista", id)).statusCode).toBe(403);
    expect((await renovar("originador2", id)).statusCode).toBe(404);
    expect((await renovar("originador", 99_999_999)).statusCode).toBe(404);
  });

  it("refuses a request that is not active", async () => {
    for (const estatus of [202, 101, 203, 201]) {
      const { idSolicitud } = await crearSolicitud(t.db, { estatus });
      expect((await renovar("originador", idSolicitud)).json(), String(estatus)).toEqual({
        success: false,
        message: MSG.renovacionSoloActiva,
      });
    }
  });

  it("copies the incumbent, documents and active officials into a draft that is sent as usual", async () => {
    const origen = await crearSolicitud(t.db, { estatus: 106, funcionarios: 3 });
    // One official was removed for good: it is not renewed.
    await t.db.update(funcionarios).set({ idEstatus: 3 }).where(eq(funcionarios.idFuncionario, origen.funcionarios[2]));
    const res = await renovar("originador", origen.idSolicitud);
    const body = res.json();
    expect(body.success).toBe(true);
    const id = body.data.idSolicitud as number;
    expect(body.message).toBe(MSG.renovacionCreada(id));

    const nueva = await leerSolicitud(t.db, id);
    expect(nueva).toMatchObject({ estatus: 202, idInstitucion: origen.idInstitucion, fueActiva: false });
    const [incA] = await t.db.select().from(incumbentes).where(eq(incumbentes.idIncumbente, origen.idIncumbente));
    const [incB] = await t.db.select().from(incumbentes).where(eq(incumbentes.idIncumbente, nueva.idIncumbente));
    expect(incB.idIncumbente).not.toBe(incA.idIncumbente);
    expect({ ...incB, idIncumbente: 0 }).toEqual({ ...incA, idIncumbente: 0 });
    const docs = await t.db
      .select({ tipo: adjuntos.tipoAdjunto, sha: adjuntos.sha256 })
      .from(adjuntos)
      .where(and(eq(adjuntos.idSolicitud, id), isNull(adjuntos.idFuncionario)));
    expect(docs.map((d) => d.tipo).sort()).toEqual(["Cedula", "Designacion", "Oficio", "Tarjeta"]);
    const copiados = await t.db.select().from(funcionarios).where(eq(funcionarios.idSolicitud, id));
    expect(copiados.map((f) => [f.nombres, f.idEstatus, f.enviado])).toEqual([
      ["Funcionario 1", 1, false],
      ["Funcionario 2", 1, false],
    ]);
    for (const f of copiados) {
      expect(
        await t.db.select().from(funcionarioFirmas).where(eq(funcionarioFirmas.idFuncionario, f.idFuncionario)),
      ).toHaveLength(1);
      expect(await t.db.select().from(adjuntos).where(eq(adjuntos.idFuncionario, f.idFuncionario))).toHaveLength(4);
    }
    const [h] = await t.db.select().from(historial).where(eq(historial.idSolicitud, id));
    expect(h).toMatchObject({ estatus: 202, motivoCambioEstatus: MSG.renovacionDe(origen.idSolicitud) });
    // The original is untouched.
    expect((await leerSolicitud(t.db, origen.idSolicitud)).estatus).toBe(106);

    // Then the normal review: the draft is sent to the analysts.
    const enviar = await t.as("originador", { method: "POST", url: `/api/SolicitudFirma/EnviarSolicitud/${id}` });
    expect(enviar.json().success).toBe(true);
    expect((await leerSolicitud(t.db, id)).estatus).toBe(101);
  });
});
