/**
 * Renewing chosen officials and new dates: POST api/SolicitudFirma/Renovar/{id} with `Funcionarios`
 * (absent: every active official) copies only those, each remembering the official it renews; a
 * temporary signature is proposed from today with its old length; EnviarSolicitud refuses a renewal
 * whose end date already passed or whose dates are the old ones, in Spanish on the date fields; so
 * does saving such an official (its dialog, PUT EditSolicitudFuncionario), on the field typed.
 */
import { MSG } from "@registro/contracts";
import { asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { funcionarios } from "../../src/db/schema.js";
import { hoyLocal, relojDelSistema, sumarDias } from "../../src/shared/tiempo.js";
import { crearTestApp, type TestApp } from "../support/app.js";
import { cargoDeTipo, crearSolicitud, leerSolicitud } from "../support/factories.js";
import { camposFuncionario } from "../support/formularios.js";
import { enviarMultipart } from "../support/peticiones.js";

let t: TestApp;
beforeAll(async () => {
  t = await crearTestApp();
});
afterAll(() => t.close());

const hoy = () => hoyLocal(relojDelSistema);
const renovar = (id: number, payload?: Record<string, unknown>) =>
  t.as("originador", { method: "POST", url: `/api/SolicitudFirma/Renovar/${id}`, ...(payload ? { payload } : {}) });
const enviar = (id: number) => t.as("originador", { method: "POST", url: `/api/SolicitudFirma/EnviarSolicitud/${id}` });
const deSolicitud = (id: number) =>
  t.db.select().from(funcionarios).where(eq(funcionarios.idSolicitud, id)).orderBy(asc(funcionarios.idFuncionario));

/** An active request whose first official is temporary, 2026-01-01 to 2026-06-30 (180 days). */
async function activaTemporal(n = 2) {
  const s = await crearSolicitud(t.db, { estatus: 106, funcionarios: n });
  await t.db
    .update(funcionarios)
    .set({ firmaVigencia: true, fechaDesde: "2026-01-01", fechaHasta: "2026-06-30" })
    .where(eq(funcionarios.idFuncionario, s.funcionarios[0]));
  return s;
}

describe("Renovar with chosen officials", () => {
  it("400 on Funcionarios for an official that is not active in the request, creating nothing", async () => {
    const s = await activaTemporal();
    const otra = await crearSolicitud(t.db, { estatus: 106 });
    await t.db.update(funcionarios).set({ idEstatus: 3 }).where(eq(funcionarios.idFuncionario, s.funcionarios[1]));
    for (const malos of [[otra.funcionarios[0]], [s.funcionarios[1]], ["x"]]) {
      const res = await renovar(s.idSolicitud, { Funcionarios: malos });
      expect(res.statusCode, String(malos)).toBe(400);
      expect(res.json().errors.Funcionarios).toEqual([MSG.funcionariosRenovarInvalidos]);
    }
  });

  it("renews only the chosen official, proposing its dates from today with the same length", async () => {
    const s = await activaTemporal();
    const res = await renovar(s.idSolicitud, { Funcionarios: [s.funcionarios[0]] });
    expect(res.json()).toMatchObject({ success: true });
    const copiados = await deSolicitud(res.json().data.idSolicitud);
    expect(copiados).toHaveLength(1);
    expect(copiados[0]).toMatchObject({
      renuevaA: s.funcionarios[0],
      firmaVigencia: true,
      fechaDesde: hoy(),
      fechaHasta: sumarDias(hoy(), 180),
    });
  });

  it("without Funcionarios renews every active official, as before", async () => {
    const s = await activaTemporal(3);
    const res = await renovar(s.idSolicitud);
    const copiados = await deSolicitud(res.json().data.idSolicitud);
    expect(copiados.map((f) => f.renuevaA)).toEqual(s.funcionarios);
    // A permanent signature keeps having no dates.
    expect(copiados[1]).toMatchObject({ firmaVigencia: false, fechaDesde: null, fechaHasta: null });
  });
});

describe("sending a renewal", () => {
  it("refuses an end date in the past, then the old dates, on the date fields; sends once they are new", async () => {
    const s = await activaTemporal();
    const id = (await renovar(s.idSolicitud, { Funcionarios: [s.funcionarios[0]] })).json().data.idSolicitud;
    const [f] = await deSolicitud(id);
    const nombre = `${f.nombres} ${f.apellidos}`;

    await t.db
      .update(funcionarios)
      .set({ fechaDesde: "2026-01-01", fechaHasta: sumarDias(hoy(), -1) })
      .where(eq(funcionarios.idFuncionario, f.idFuncionario));
    let res = await enviar(id);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, message: MSG.datosInvalidos });
    expect(res.json().errors.fechaHasta).toEqual([MSG.renovacionFechaPasada(nombre)]);

    await t.db
      .update(funcionarios)
      .set({ fechaDesde: "2026-01-01", fechaHasta: "2026-06-30" })
      .where(eq(funcionarios.idFuncionario, f.idFuncionario));
    // Still past too when today is after 2026-06-30; the dates' own message otherwise.
    res = await enviar(id);
    expect(res.statusCode).toBe(400);
    const errores = res.json().errors;
    expect(errores.fechaHasta ?? errores.fechaDesde).toBeDefined();
    expect((await leerSolicitud(t.db, id)).estatus).toBe(202);

    await t.db
      .update(funcionarios)
      .set({ fechaDesde: hoy(), fechaHasta: sumarDias(hoy(), 365) })
      .where(eq(funcionarios.idFuncionario, f.idFuncionario));
    res = await enviar(id);
    expect(res.json()).toMatchObject({ success: true });
    expect((await leerSolicitud(t.db, id)).estatus).toBe(101);
  });

  it("refuses unchanged dates that are still in force", async () => {
    const s = await crearSolicitud(t.db, { estatus: 106, funcionarios: 1 });
    await t.db
      .update(funcionarios)
      .set({ firmaVigencia: true, fechaDesde: sumarDias(hoy(), -10), fechaHasta: sumarDias(hoy(), 20) })
      .where(eq(funcionarios.idFuncionario, s.funcionarios[0]));
    const id = (await renovar(s.idSolicitud)).json().data.idSolicitud;
    const [f] = await deSolicitud(id);
    await t.db
      .update(funcionarios)
      .set({ fechaDesde: sumarDias(hoy(), -10), fechaHasta: sumarDias(hoy(), 20) })
      .where(eq(funcionarios.idFuncionario, f.idFuncionario));
    const res = await enviar(id);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.fechaDesde).toEqual([MSG.renovacionFechasSinCambio(`${f.nombres} ${f.apellidos}`)]);
  });

  it("saving a renewal's official refuses a past end date and the old dates on their fields; new dates are saved", async () => {
    const s = await activaTemporal();
    const id = (await renovar(s.idSolicitud, { Funcionarios: [s.funcionarios[0]] })).json().data.idSolicitud;
    const [f] = await deSolicitud(id);
    const cargo = await cargoDeTipo(t.db, 2);
    const guardar = (fechaDesde: string, fechaHasta: string) =>
      enviarMultipart(
        t,
        "originador",
        "PUT",
        "/api/SolicitudFirma/EditSolicitudFuncionario",
        camposFuncionario(id, cargo, {
          IdFuncionario: f.idFuncionario,
          Cedula: f.cedula,
          Nombres: f.nombres,
          Apellidos: f.apellidos,
          firmaVigencia: "true",
          fechaDesde,
          fechaHasta,
        }),
      );
    const nombre = `${f.nombres} ${f.apellidos}`;

    let res = await guardar("2026-01-01", sumarDias(hoy(), -1));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, message: MSG.datosInvalidos });
    expect(res.json().errors).toEqual({ fechaHasta: [MSG.renovacionFechaPasada(nombre)] });

    // The old dates, moved so that they are still in force.
    await t.db
      .update(funcionarios)
      .set({ fechaDesde: sumarDias(hoy(), -10), fechaHasta: sumarDias(hoy(), 20) })
      .where(eq(funcionarios.idFuncionario, s.funcionarios[0]));
    res = await guardar(sumarDias(hoy(), -10), sumarDias(hoy(), 20));
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({ fechaDesde: [MSG.renovacionFechasSinCambio(nombre)] });
    expect((await deSolicitud(id))[0]).toMatchObject({ fechaDesde: f.fechaDesde, fechaHasta: f.fechaHasta });

    res = await guardar(hoy(), sumarDias(hoy(), 365));
    expect(res.json()).toMatchObject({ success: true });
    expect((await deSolicitud(id))[0]).toMatchObject({ fechaDesde: hoy(), fechaHasta: sumarDias(hoy(), 365) });
  });
});
