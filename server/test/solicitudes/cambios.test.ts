/**
 * GET api/SolicitudFirma/Cambios/{idSolicitud}: what the institution changed since the latest return
 * (108), for the comptroller's reviewers; the request's look at the return is kept in the return's
 * transaction. And the history carries each return's reasons by name.
 */
import { type CambiosSolicitud, type HistoricoEntrada, MSG } from "@registro/contracts";
import { and, eq, isNull } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adjuntos, fotosRetorno, funcionarios, solicitudes } from "../../src/db/schema.js";
import { MOTIVOS } from "../../src/seed/catalogos.js";
import { crearTestApp, type TestApp } from "../support/app.js";
import { CEDULAS, cargoDeTipo, crearSolicitud, idUsuario } from "../support/factories.js";
import { accion, cuerpoRyCC } from "../support/revision.js";

let t: TestApp;
beforeAll(async () => {
  t = await crearTestApp();
});
afterAll(() => t.close());

const url = (id: number | string) => `/api/SolicitudFirma/Cambios/${id}`;
const cambios = (usuario: Parameters<TestApp["as"]>[0], id: number | string) =>
  t.as(usuario, { method: "GET", url: url(id) });

/** A request sent, claimed by `analista` and returned to the institution with reasons. */
async function retornada() {
  const analista = await idUsuario(t.db, "analista");
  const s = await crearSolicitud(t.db, { estatus: 101, funcionarios: 2, asignadoA: analista });
  const r = await accion(t, "analista", "Retornar", s.idSolicitud, cuerpoRyCC);
  expect(r.json()).toMatchObject({ success: true });
  return s;
}

describe("GET api/SolicitudFirma/Cambios/{idSolicitud}", () => {
  it("401 without a token, 400 for a bad id", async () => {
    expect((await cambios(null, 1)).statusCode).toBe(401);
    expect((await cambios("analista", "abc")).statusCode).toBe(400);
  });

  it("403 for the institution and for users who do not review; 404 for a missing request", async () => {
    const s = await retornada();
    for (const u of ["originador", "originador2", "consultor", "configuracion"] as const) {
      expect((await cambios(u, s.idSolicitud)).statusCode, u).toBe(403);
    }
    const res = await cambios("analista", 99_999_999);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ success: false, message: MSG.solicitudNoEncontrada });
  });

  it("a request never returned has no changes", async () => {
    const s = await crearSolicitud(t.db, { estatus: 101 });
    expect((await cambios("analista", s.idSolicitud)).json()).toEqual({
      fechaRetorno: null,
      campos: [],
      funcionarios: [],
      documentos: [],
    });
  });

  it("the return keeps the request's look; right after it nothing has changed", async () => {
    const s = await retornada();
    const fotos = await t.db.select().from(fotosRetorno).where(eq(fotosRetorno.idSolicitud, s.idSolicitud));
    expect(fotos).toHaveLength(1);
    const c: CambiosSolicitud = (await cambios("analista", s.idSolicitud)).json();
    expect(c.fechaRetorno).not.toBeNull();
    expect(c).toMatchObject({ campos: [], funcionarios: [], documentos: [] });
  });

  it("lists the fields, officials and documents the institution changed, to every reviewer", async () => {
    const s = await retornada();
    const [uno, dos] = s.funcionarios;
    // The institution corrects the request, as its form would.
    await t.db
      .update(solicitudes)
      .set({ instTelefono: "(809) 555-9999" })
      .where(eq(solicitudes.idSolicitud, s.idSolicitud));
    await t.db
      .update(funcionarios)
      .set({ firmaVigencia: true, fechaDesde: "2026-12-01", fechaHasta: "2027-11-30" })
      .where(eq(funcionarios.idFuncionario, uno));
    await t.db.delete(funcionarios).where(eq(funcionarios.idFuncionario, dos));
    const cargo = await cargoDeTipo(t.db, 2);
    await t.db.insert(funcionarios).values({
      idSolicitud: s.idSolicitud,
      cedula: CEDULAS[4],
      nombres: "Nuevo",
      apellidos: "Funcionario",
      codCargo: cargo,
      telefono: "(809) 555-0303",
      enviado: false,
    });
    await t.db
      .update(adjuntos)
      .set({ nombre: "oficio-corregido.pdf", sha256: "0".repeat(64) })
      .where(
        and(
          eq(adjuntos.idSolicitud, s.idSolicitud),
          isNull(adjuntos.idFuncionario),
          eq(adjuntos.tipoAdjunto, "Oficio"),
        ),
      );
    for (const revisor of ["analista", "juridico", "administrador"] as const) {
      const c: CambiosSolicitud = (await cambios(revisor, s.idSolicitud)).json();
      expect(c.campos).toEqual([{ campo: "Teléfono", antes: expect.any(String), despues: "(809) 555-9999" }]);
      expect(c.funcionarios).toEqual([
        {
          cedula: CEDULAS[1],
          nombre: "Funcionario 1 De Prueba",
          cambio: "modificado",
          campos: [
            { campo: "Vigencia", antes: "Permanente", despues: "Temporal" },
            { campo: "Fecha desde", antes: "", despues: "01/12/2026" },
            { campo: "Fecha hasta", antes: "", despues: "30/11/2027" },
          ],
        },
        { cedula: CEDULAS[2], nombre: "Funcionario 2 De Prueba", cambio: "eliminado", campos: [] },
        { cedula: CEDULAS[4], nombre: "Nuevo Funcionario", cambio: "agregado", campos: [] },
      ]);
      expect(c.documentos).toEqual([
        { documento: "Oficio", funcionario: null, antes: "oficio.pdf", despues: "oficio-corregido.pdf" },
      ]);
    }
  });
});

describe("the history's reasons", () => {
  it("names the reasons of a return in its history entry; the institution reads its own return's too", async () => {
    const s = await retornada();
    const nombres = cuerpoRyCC.MotivoCambioEstatus.map((id) => MOTIVOS.find((m) => m.idMotivo === id)!.nombre);
    for (const u of ["analista", "originador"] as const) {
      const h: HistoricoEntrada[] = (
        await t.as(u, { method: "GET", url: `/api/SolicitudFirma/Historico/${s.idSolicitud}` })
      ).json();
      const retorno = h.find((e) => e.idEstatus === 108)!;
      expect(retorno.motivos).toEqual(nombres);
      expect(retorno.motivoCambioEstatus).toBe(cuerpoRyCC.Comentario);
    }
  });
});
