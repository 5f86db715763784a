/**
 * The verification answer table: one official with two signatures (Cheques, Órdenes de
 * pago), an amount range (1,000.00–50,000.00) and validity dates (12/03/2026–15/07/2026), taken
 * through the real calls: approved by the administrator, the request inactivated, reactivated, then
 * the official inactivated on its own. Each change is then placed on a known instant and the
 * answer is asked on each day around each change and for amounts around each limit: a boundary
 * off by one day or one cent fails here.
 */
import { MSG } from "@registro/contracts";
import { asc, eq, type SQL, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { autorizaciones, funcionarioFirmas, funcionarios } from "../../src/db/schema.js";
import { crearTestApp, type TestApp } from "../support/app.js";
import { CEDULAS, crearSolicitud, idInstitucionDe } from "../support/factories.js";
import { accion } from "../support/revision.js";

let t: TestApp;
let idSolicitud: number;
let idFuncionario: number;
let idInstitucion: number;
const cedula = CEDULAS[1];

/** The instants of the four changes, in the country's time (UTC−4). */
const ACTIVACION = "2026-03-10T09:00:00-04:00";
// 23:30 in the country is already the 21st in UTC: the day counted is the country's (the 20th).
const INACTIVACION = "2026-05-20T23:30:00-04:00";
// 00:15 in the country: the first minutes of the day count as that day.
const REACTIVACION = "2026-06-01T00:15:00-04:00";
const BAJA_FUNCIONARIO = "2026-08-01T08:00:00-04:00";

beforeAll(async () => {
  t = await crearTestApp();
  idInstitucion = await idInstitucionDe(t.db, "originador");
  const s = await crearSolicitud(t.db, {
    estatus: 105,
    funcionarios: 1,
    estatusFuncionarios: 1,
    decididoJuridico: true,
  });
  idSolicitud = s.idSolicitud;
  idFuncionario = s.funcionarios[0];
  await t.db
    .update(funcionarios)
    .set({
      firmaRango: true,
      montoDesde: "1000.00",
      montoHasta: "50000.00",
      firmaVigencia: true,
      fechaDesde: "2026-03-12",
      fechaHasta: "2026-07-15",
    })
    .where(eq(funcionarios.idFuncionario, idFuncionario));
  // Cheques (101) is there already; add Órdenes de pago (102).
  await t.db.insert(funcionarioFirmas).values({ idFuncionario, idFirma: 102 });
});
afterAll(() => t.close());

/** Rows of a raw query (both drivers answer `{ rows }`). */
async function filas<T>(consulta: SQL): Promise<T[]> {
  return ((await t.db.execute(consulta)) as unknown as { rows: T[] }).rows;
}

async function periodos() {
  return t.db
    .select()
    .from(autorizaciones)
    .where(eq(autorizaciones.idFuncionario, idFuncionario))
    .orderBy(asc(autorizaciones.desde), asc(autorizaciones.idAutorizacion));
}

async function verificar(q: Record<string, string>) {
  const res = await t.as("consultor", { method: "GET", url: "/api/Verificacion/Firma", query: { cedula, ...q } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { autorizado: boolean; motivo: string; fecha: string; registros: unknown[] };
}

describe("the record follows every change, in the same transaction", () => {
  it("opens on approval, closes on inactivation, reopens on reactivation, closes on the official's removal", async () => {
    expect(await periodos()).toEqual([]);
    expect((await accion(t, "administrador", "AprobarAdminRcc", idSolicitud)).json().success).toBe(true);
    let p = await periodos();
    expect(p).toHaveLength(1);
    expect(p[0]).toMatchObject({ idSolicitud, hasta: null, causaFin: null });

    expect((await accion(t, "administrador", "Inactivar", idSolicitud)).json().success).toBe(true);
    p = await periodos();
    expect(p).toHaveLength(1);
    expect(p[0].hasta).not.toBeNull();
    expect(p[0].causaFin).toBe("solicitud");

    expect((await accion(t, "administrador", "AprobarAdminRcc", idSolicitud)).json().success).toBe(true);
    p = await periodos();
    expect(p.map((x) => [x.hasta === null, x.causaFin])).toEqual([
      [false, "solicitud"],
      [true, null],
    ]);

    const res = await t.as("administrador", {
      method: "DELETE",
      url: `/api/Funcionarios/InactivarFuncionario/${idFuncionario}`,
    });
    expect(res.json().success).toBe(true);
    p = await periodos();
    expect(p.map((x) => [x.hasta === null, x.causaFin])).toEqual([
      [false, "solicitud"],
      [false, "funcionario"],
    ]);

    // A refused step writes nothing: inactivating the official again leaves the record as it was.
    await t.as("administrador", { method: "DELETE", url: `/api/Funcionarios/InactivarFuncionario/${idFuncionario}` });
    expect(await periodos()).toHaveLength(2);

    // Place the changes on known instants for the table below.
    const [p1, p2] = p;
    await t.db
      .update(autorizaciones)
      .set({ desde: new Date(ACTIVACION), hasta: new Date(INACTIVACION) })
      .where(eq(autorizaciones.idAutorizacion, p1.idAutorizacion));
    await t.db
      .update(autorizaciones)
      .set({ desde: new Date(REACTIVACION), hasta: new Date(BAJA_FUNCIONARIO) })
      .where(eq(autorizaciones.idAutorizacion, p2.idAutorizacion));
  });
});

const SI = MSG.verificacionAutorizado;
const VIGENCIA = MSG.verificacionAntesDeVigencia("12/03/2026", "15/07/2026");
const RANGO = MSG.verificacionFueraDeRango("US$ 1,000.00", "US$ 50,000.00");

describe("the answer on each day around each change", () => {
  const dias: [string, string][] = [
    ["2026-01-01", MSG.verificacionPosterior("10/03/2026")],
    ["2026-03-09", MSG.verificacionPosterior("10/03/2026")],
    // Activated on the 10th, but the validity dates start on the 12th.
    ["2026-03-10", VIGENCIA],
    ["2026-03-11", VIGENCIA],
    ["2026-03-12", SI],
    ["2026-03-13", SI],
    ["2026-05-19", SI],
    ["2026-05-20", MSG.verificacionInactivado("20/05/2026")],
    ["2026-05-21", MSG.verificacionInactivado("20/05/2026")],
    ["2026-05-31", MSG.verificacionInactivado("20/05/2026")],
    ["2026-06-01", SI],
    ["2026-06-02", SI],
    ["2026-07-14", SI],
    ["2026-07-15", SI],
    ["2026-07-16", MSG.verificacionVencida("15/07/2026")],
    ["2026-07-31", MSG.verificacionVencida("15/07/2026")],
    ["2026-08-01", MSG.verificacionInactivado("01/08/2026")],
    ["2026-12-31", MSG.verificacionInactivado("01/08/2026")],
  ];
  it.each(dias)("on %s", async (fecha, motivo) => {
    const r = await verificar({ fecha, idFirma: "101", monto: "40000" });
    expect(r).toMatchObject({ autorizado: motivo === SI, motivo, fecha });
  });

  it("reads dd/mm/aaaa too, and names the whole history on every answer", async () => {
    const r = await verificar({ fecha: "01/06/2026" });
    expect(r).toMatchObject({ autorizado: true, fecha: "2026-06-01" });
    expect(r.registros).toEqual([
      expect.objectContaining({
        idSolicitud,
        idFuncionario,
        idInstitucion,
        cedula,
        firmas: [
          { idFirma: 101, firma: "Cheques", tipo: "Financiera" },
          { idFirma: 102, firma: "Órdenes de pago", tipo: "Financiera" },
        ],
        montoDesde: 1000,
        montoHasta: 50000,
        fechaDesde: "2026-03-12",
        fechaHasta: "2026-07-15",
        estatusFuncionario: "Inactivo",
        activoDesde: "2026-03-10",
        inactivoDesde: "2026-08-01",
        periodos: [
          { desde: "2026-03-10", hasta: "2026-05-20", causaFin: "solicitud" },
          { desde: "2026-06-01", hasta: "2026-08-01", causaFin: "funcionario" },
        ],
        autorizado: true,
      }),
    ]);
  });
});

describe("amounts around each limit and the signatures", () => {
  const casos: [string, string, string][] = [
    ["101", "0", RANGO],
    ["101", "999.99", RANGO],
    ["101", "1000", SI],
    ["101", "1000.01", SI],
    ["101", "49999.99", SI],
    ["101", "50000", SI],
    ["101", "50000.01", RANGO],
    ["102", "50000", SI],
    ["102", "50000.01", RANGO],
    ["103", "40000", MSG.verificacionFirmaNoOtorgada("Transferencias")],
    ["201", "1000", MSG.verificacionFirmaNoOtorgada("Contratos")],
  ];
  it.each(casos)("firma %s, monto %s", async (idFirma, monto, motivo) => {
    const r = await verificar({ fecha: "2026-06-15", idFirma, monto });
    expect(r).toMatchObject({ autorizado: motivo === SI, motivo });
  });

  it("without a signature or amount, being in force is enough", async () => {
    expect(await verificar({ fecha: "2026-06-15" })).toMatchObject({ autorizado: true, motivo: SI });
  });
});

describe("who else answers", () => {
  it("a cédula not in the registry, or not in that institution", async () => {
    const otra = await t.as("consultor", {
      method: "GET",
      url: "/api/Verificacion/Firma",
      query: { cedula: CEDULAS[4] },
    });
    expect(otra.json()).toMatchObject({ autorizado: false, motivo: MSG.verificacionNoRegistrado, registros: [] });
    const [{ otraInst }] = await filas<{ otraInst: number }>(
      sql`select min(id_institucion)::int as "otraInst" from instituciones where id_institucion <> ${idInstitucion}`,
    );
    const r = await verificar({ fecha: "2026-06-15", institucion: String(otraInst) });
    expect(r).toMatchObject({ autorizado: false, motivo: MSG.verificacionNoRegistradoInstitucion, registros: [] });
    expect(await verificar({ fecha: "2026-06-15", institucion: String(idInstitucion) })).toMatchObject({
      autorizado: true,
    });
  });

  it("an official still in review, and one rejected", async () => {
    const enRevision = await crearSolicitud(t.db, { estatus: 101, funcionarios: 1 });
    await t.db
      .update(funcionarios)
      .set({ cedula: CEDULAS[3] })
      .where(eq(funcionarios.idFuncionario, enRevision.funcionarios[0]));
    const r = await t.as("consultor", {
      method: "GET",
      url: "/api/Verificacion/Firma",
      query: { cedula: CEDULAS[3] },
    });
    expect(r.json()).toMatchObject({ autorizado: false, motivo: MSG.verificacionEnRevision });
    await t.db.execute(sql`update solicitudes set estatus = 104 where id_solicitud = ${enRevision.idSolicitud}`);
    const r2 = await t.as("consultor", {
      method: "GET",
      url: "/api/Verificacion/Firma",
      query: { cedula: CEDULAS[3] },
    });
    expect(r2.json()).toMatchObject({ autorizado: false, motivo: MSG.verificacionNoAprobada });
  });
});
