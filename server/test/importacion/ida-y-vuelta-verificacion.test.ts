/**
 * Issue 34: export → import keeps every verification answer. A generated registry (officials of
 * requests in force, inactivated and with a deactivation pending; officials ended by themselves or by
 * their request, reactivated, temporary and permanent, each with its own registration day) is asked
 * Verificar firma for a set of dates — before registration, each period's first and last day and the
 * day after, today, a later day — for every official; the registry's export is imported into a fresh
 * database, asked the same, and every answer must be the same (PGlite, and PostgreSQL with TEST_PG_URL).
 */
import { ESTATUS } from "@registro/contracts";
import { eq } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { autorizaciones, funcionarios, instituciones } from "../../src/db/schema.js";
import { ejecutarImportacion } from "../../src/importacion/motor.js";
import { fechaLocal, inicioDiaLocal, relojDelSistema, sumarDias } from "../../src/shared/tiempo.js";
import { crearTestApp, type TestApp } from "../support/app.js";
import { crearSolicitud } from "../support/factories.js";
import { cedula, informeDe } from "../support/importacion.js";

let a: TestApp;
beforeAll(async () => {
  a = await crearTestApp();
});
afterAll(async () => {
  await a?.close();
});

const HORA = 3_600_000;
let n = 0;

const arbFuncionario = fc.record({
  /** Ended periods: (days after the previous end, length in days, cause), then maybe an open one. */
  cerrados: fc.array(fc.tuple(fc.integer({ min: 0, max: 60 }), fc.integer({ min: 0, max: 90 }), fc.boolean()), {
    maxLength: 2,
  }),
  abierto: fc.boolean(),
  inicio: fc.integer({ min: 60, max: 500 }),
  horas: fc.integer({ min: 0, max: 23 }),
  vigencia: fc.option(fc.tuple(fc.integer({ min: -400, max: 60 }), fc.integer({ min: 0, max: 400 }))),
  rango: fc.option(fc.tuple(fc.integer({ min: 0, max: 1000 }), fc.integer({ min: 1000, max: 900_000 }))),
});
const arbSolicitud = fc.record({
  estatus: fc.constantFrom(ESTATUS.ACTIVA, ESTATUS.INACTIVADO, 203),
  funcionarios: fc.array(arbFuncionario, { minLength: 1, maxLength: 3 }),
});

interface Pregunta {
  cedula: string;
  fecha: string;
}

/** Verificar firma's answer, without what names rows of one database (ids, statuses' texts). */
async function respuesta(t: TestApp, p: Pregunta) {
  const res = await t.as("consultor", { method: "GET", url: "/api/Verificacion/Firma", query: { ...p } });
  expect(res.statusCode).toBe(200);
  const r = res.json();
  return {
    autorizado: r.autorizado,
    motivo: r.motivo,
    registros: (r.registros as Record<string, unknown>[]).map((x) => ({
      institucion: x.institucion,
      autorizado: x.autorizado,
      motivo: x.motivo,
      estadoTexto: x.estadoTexto,
      activoDesde: x.activoDesde,
      inactivoDesde: x.inactivoDesde,
      periodos: x.periodos,
      fechaDesde: x.fechaDesde,
      fechaHasta: x.fechaHasta,
      montoDesde: x.montoDesde,
      montoHasta: x.montoHasta,
    })),
  };
}

async function importar(t: TestApp, contenido: Buffer, nombre: string) {
  const r = await ejecutarImportacion(t.db, {
    archivo: nombre,
    contenido,
    aplicar: true,
    crearCatalogos: true,
    idUsuario: null,
    hoy: fechaLocal(relojDelSistema()),
    ahora: relojDelSistema(),
  });
  expect((await informeDe(t.db, r.idImportacion)).filter((f) => f.resultado === "rechazada")).toEqual([]);
  expect(r.aplicada).toBe(true);
  return r;
}

describe("export → import into a fresh database", () => {
  it("answers Verificar firma the same for every official and date, for generated registries", async () => {
    let corrida = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(arbSolicitud, { minLength: 1, maxLength: 3 }), async (registro) => {
        const hoy = fechaLocal(relojDelSistema());
        const [inst] = await a.db
          .insert(instituciones)
          .values({ nombre: `Institución Ida y Vuelta ${++n} ${Date.now()}` })
          .returning();
        const preguntas: Pregunta[] = [];
        for (const s of registro) {
          const c = await crearSolicitud(a.db, {
            idInstitucion: inst.idInstitucion,
            estatus: s.estatus,
            funcionarios: s.funcionarios.length,
            conDocumentos: false,
          });
          for (const [i, f] of s.funcionarios.entries()) {
            const id = c.funcionarios[i];
            const ced = cedula(String(7_300_000_000 + ++n));
            // Periods in the past, one after another; open only where the statuses let it sign.
            const periodos: { desde: string; hasta: string | null; causa: string | null }[] = [];
            let dia = sumarDias(hoy, -f.inicio);
            for (const [hueco, largo, porSolicitud] of f.cerrados) {
              const desde = sumarDias(dia, hueco);
              const hasta = sumarDias(desde, largo);
              if (hasta > hoy) break;
              periodos.push({ desde, hasta, causa: porSolicitud ? "solicitud" : "funcionario" });
              dia = hasta;
            }
            const puede = s.estatus !== ESTATUS.INACTIVADO;
            const abierto = puede && (f.abierto || periodos.length === 0);
            if (abierto) periodos.push({ desde: dia, hasta: null, causa: null });
            if (periodos.length === 0) periodos.push({ desde: dia, hasta: hoy, causa: "solicitud" });
            const fechaDesde = f.vigencia ? sumarDias(hoy, f.vigencia[0]) : null;
            await a.db
              .update(funcionarios)
              .set({
                cedula: ced,
                idEstatus: abierto || (s.estatus === ESTATUS.INACTIVADO && f.abierto) ? 2 : 3,
                firmaVigencia: f.vigencia !== null,
                fechaDesde,
                fechaHasta: f.vigencia && fechaDesde ? sumarDias(fechaDesde, f.vigencia[1]) : null,
                firmaRango: f.rango !== null,
                montoDesde: f.rango ? `${f.rango[0]}.00` : null,
                montoHasta: f.rango ? `${f.rango[1]}.50` : null,
              })
              .where(eq(funcionarios.idFuncionario, id));
            for (const p of periodos) {
              // Any hour of the day: the registry answers by the country's calendar days.
              await a.db.insert(autorizaciones).values({
                idFuncionario: id,
                idSolicitud: c.idSolicitud,
                desde: new Date(inicioDiaLocal(p.desde).getTime() + f.horas * HORA),
                hasta: p.hasta === null ? null : new Date(inicioDiaLocal(p.hasta).getTime() + f.horas * HORA),
                causaFin: p.causa,
              });
            }
            const fechas = new Set([sumarDias(periodos[0].desde, -1), hoy, sumarDias(hoy, 90)]);
            for (const p of periodos) {
              fechas.add(p.desde);
              if (p.hasta !== null) for (const d of [-1, 0, 1]) fechas.add(sumarDias(p.hasta, d));
            }
            if (fechaDesde) fechas.add(fechaDesde);
            for (const fecha of fechas) preguntas.push({ cedula: ced, fecha });
          }
        }
        const antes = [];
        for (const p of preguntas) antes.push(await respuesta(a, p));

        const formato = corrida++ % 2 === 0 ? "csv" : "xlsx";
        const exp = await a.as("consultor", { method: "GET", url: `/api/Exportar/Registro?formato=${formato}` });
        expect(exp.statusCode).toBe(200);
        const b = await crearTestApp();
        try {
          await importar(b, exp.rawPayload, `registro.${formato}`);
          const despues = [];
          for (const p of preguntas) despues.push(await respuesta(b, p));
          for (const [i, p] of preguntas.entries()) expect(despues[i], `${p.cedula} on ${p.fecha}`).toEqual(antes[i]);
        } finally {
          await b.close();
        }
      }),
      { numRuns: 4 },
    );
  }, 400_000);
});
