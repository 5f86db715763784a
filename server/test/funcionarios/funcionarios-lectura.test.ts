/**
 * Reading officials: GET api/Funcionarios/GetFuncionarioSolicitud/{idSolicitud} (numbered, with
 * "in force" and "expired" computed at read time) and GetFirmasFuncionarios/{idFuncionario}.
 */
import { estadoFirma, MSG, zFuncionario, zGrupoFirmasFuncionario } from "@registro/contracts";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { funcionarioFirmas, funcionarios } from "../../src/db/schema.js";
import { sincronizarAutorizaciones } from "../../src/registro/registro.repository.js";
import { fechaTexto, hoyLocal, relojDelSistema } from "../../src/shared/tiempo.js";
import { crearTestApp, type TestApp } from "../support/app.js";
import { crearSolicitud } from "../support/factories.js";

let t: TestApp;

beforeAll(async () => {
  t = await crearTestApp();
});
afterAll(() => t.close());

const get = (u: Parameters<TestApp["as"]>[0], url: string) => t.as(u, { method: "GET", url });
const LISTA = "/api/Funcionarios/GetFuncionarioSolicitud/";
const FIRMAS = "/api/Funcionarios/GetFirmasFuncionarios/";

const hoy = () => hoyLocal(relojDelSistema);

/** A date `dias` days from today (YYYY-MM-DD). */
function dia(dias: number): string {
  const d = new Date(`${hoy()}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + dias);
  return d.toISOString().slice(0, 10);
}

describe.each([LISTA, FIRMAS])("GET %s{id}: failures", (base) => {
  it("401 without a token, 400 for a bad id", async () => {
    expect((await get(null, `${base}1`)).statusCode).toBe(401);
    expect((await get("originador", `${base}x`)).statusCode).toBe(400);
  });

  it("403 without a view that reads requests; 404 for another institution's, like a missing one", async () => {
    const {
      idSolicitud,
      funcionarios: [f],
    } = await crearSolicitud(t.db);
    const id = base === LISTA ? idSolicitud : f;
    expect((await get("configuracion", `${base}${id}`)).statusCode).toBe(403);
    const ajeno = await get("originador2", `${base}${id}`);
    expect(ajeno.statusCode).toBe(404);
    expect((await get("originador2", `${base}1777777`)).body).toBe(ajeno.body);
  });
});

describe("GET /api/Funcionarios/GetFuncionarioSolicitud/{idSolicitud}", () => {
  it("lists the officials numbered from 1 with their position, status, signatures and flags", async () => {
    const {
      idSolicitud,
      idIncumbente,
      idInstitucion,
      funcionarios: ids,
    } = await crearSolicitud(t.db, {
      estatus: 106,
      funcionarios: 2,
    });
    await t.db
      .update(funcionarios)
      .set({
        firmaVigencia: true,
        fechaDesde: dia(-10),
        fechaHasta: dia(30),
        firmaRango: true,
        montoDesde: "10.00",
        montoHasta: "2500.75",
      })
      .where(eq(funcionarios.idFuncionario, ids[1]));
    await t.db.insert(funcionarioFirmas).values({ idFuncionario: ids[1], idFirma: 201 });
    // Approved: their authorisation periods open, as every transition does.
    await t.db.transaction((tx) => sincronizarAutorizaciones(tx, idSolicitud));
    for (const u of ["originador", "analista", "consultor"] as const) {
      const res = await get(u, `${LISTA}${idSolicitud}`);
      expect(res.statusCode).toBe(200);
      const lista = res.json().map((x: unknown) => zFuncionario.parse(x));
      expect(lista.map((f: { idRow: number }) => f.idRow)).toEqual([1, 2]);
      expect(lista[0]).toMatchObject({
        idFuncionario: ids[0],
        idSolicitud,
        idIncumbente,
        idInstitucionFirma: idInstitucion,
        idEstatus: 2,
        estatusNombre: "Activo",
        cargoNombre: expect.any(String),
        firmaVigencia: false,
        firmaRango: false,
        montoDesde: null,
        fechaDesde: null,
        enVigor: true,
        vencida: false,
        firmas: [
          { idFirma: 101, firma: "Cheques", idTipoFirma: 1, nombre: "Financiera", idAutFirma: expect.any(Number) },
        ],
      });
      expect(lista[1]).toMatchObject({
        montoDesde: 10,
        montoHasta: 2500.75,
        fechaDesde: dia(-10),
        fechaHasta: dia(30),
        enVigor: true,
        vencida: false,
      });
      expect(lista[1].firmas.map((x: { idFirma: number }) => x.idFirma)).toEqual([101, 201]);
    }
  });

  it("answers an empty list for a request without officials", async () => {
    const { idSolicitud } = await crearSolicitud(t.db, { funcionarios: 0 });
    expect((await get("originador", `${LISTA}${idSolicitud}`)).json()).toEqual([]);
  });

  it("computes in force and expired when read: expired, not yet started, pending, and a deactivated request", async () => {
    const activa = await crearSolicitud(t.db, { estatus: 106, funcionarios: 3 });
    await t.db
      .update(funcionarios)
      .set({ firmaVigencia: true, fechaDesde: dia(-60), fechaHasta: dia(-1) })
      .where(eq(funcionarios.idFuncionario, activa.funcionarios[0]));
    await t.db
      .update(funcionarios)
      .set({ firmaVigencia: true, fechaDesde: dia(5), fechaHasta: dia(50) })
      .where(eq(funcionarios.idFuncionario, activa.funcionarios[1]));
    await t.db
      .update(funcionarios)
      .set({ idEstatus: 1, enviado: false })
      .where(eq(funcionarios.idFuncionario, activa.funcionarios[2]));
    await t.db.transaction((tx) => sincronizarAutorizaciones(tx, activa.idSolicitud));
    const lista = (await get("originador", `${LISTA}${activa.idSolicitud}`)).json();
    expect(lista.map((f: { enVigor: boolean; vencida: boolean }) => [f.enVigor, f.vencida])).toEqual([
      [false, true],
      [false, false],
      [false, false],
    ]);
    // Issue 35: approved, its validity not begun — the same words as the public page and Verificar firma.
    expect(lista.map((f: { estadoTexto: string }) => f.estadoTexto)).toEqual([
      "Vencida",
      `Aún no vigente (desde ${fechaTexto(dia(5))})`,
      "Pendiente de aprobación",
    ]);
    expect(lista[2]).toMatchObject({ estatusNombre: "Pendiente", enviado: false });

    const inactivada = await crearSolicitud(t.db, { estatus: 201 });
    const [f] = (await get("consultor", `${LISTA}${inactivada.idSolicitud}`)).json();
    expect(f).toMatchObject({ idEstatus: 2, enVigor: false });
  });

  it("the last day of a temporary signature is still in force", () => {
    const f = { idEstatus: 2, firmaVigencia: true, fechaDesde: "2026-01-01", fechaHasta: "2026-06-30" };
    const abierto: { desde: string; hasta: string | null }[] = [{ desde: "2025-12-01", hasta: null }];
    const estado = (estatusSolicitud: number, dia: string, periodos = abierto) =>
      estadoFirma({ ...f, estatusSolicitud, periodos }, dia, 30).estado;
    // The last day is also within the notice period: "Por vencer".
    expect(estado(106, "2026-06-30")).toBe("porVencer");
    expect(estado(106, "2026-07-01")).toBe("vencida");
    expect(estado(106, "2025-12-31")).toBe("aunNoVigente");
    expect(estado(201, "2026-03-01", [{ desde: "2025-12-01", hasta: "2026-02-01" }])).toBe("inactivada");
    // Avisos: "Por vencer" from EXPIRY_NOTICE_DAYS days before the end date.
    expect(estado(106, "2026-05-30")).toBe("vigente");
    expect(estado(106, "2026-05-31")).toBe("porVencer");
  });
});

describe("GET /api/Funcionarios/GetFirmasFuncionarios/{idFuncionario}", () => {
  it("groups the official's signatures by type in catalogue order", async () => {
    const {
      funcionarios: [id],
    } = await crearSolicitud(t.db, { estatus: 101 });
    await t.db.insert(funcionarioFirmas).values([
      { idFuncionario: id, idFirma: 302 },
      { idFuncionario: id, idFirma: 103 },
      { idFuncionario: id, idFirma: 201 },
    ]);
    for (const u of ["originador", "analista"] as const) {
      const res = await get(u, `${FIRMAS}${id}`);
      expect(res.statusCode).toBe(200);
      const grupos = res.json().map((g: unknown) => zGrupoFirmasFuncionario.parse(g));
      expect(
        grupos.map((g: { idTipoFirma: number; nombre: string; firmas: { idFirma: number }[] }) => [
          g.idTipoFirma,
          g.nombre,
          g.firmas.map((x) => x.idFirma),
        ]),
      ).toEqual([
        [1, "Financiera", [101, 103]],
        [2, "Administrativa", [201]],
        [3, "Presupuestaria", [302]],
      ]);
    }
  });

  it("404 for an id that does not exist", async () => {
    const res = await get("analista", `${FIRMAS}1666666`);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ success: false, message: MSG.funcionarioNoEncontrado });
  });
});
