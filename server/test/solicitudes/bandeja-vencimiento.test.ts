/**
 * Issue 35: the places that filter an official's standing in SQL — the inboxes' "Por vencer" /
 * "Vencidas" filter, the dashboard's expiring signatures and the notices' expiry sweep — agree with
 * contracts' estadoFirma, the function every screen states the standing with, over generated
 * registries (officials of every status in requests of every status, validity before, around and
 * after today, ended periods) built as the app builds them: statuses, then the authorisation periods
 * synchronised.
 */
import { ESTATUS, estadoFirma } from "@registro/contracts";
import { and, eq, inArray } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { funcionariosPorVencer } from "../../src/avisos/tareas.repository.js";
import { funcionarios, solicitudes } from "../../src/db/schema.js";
import { sincronizarAutorizaciones } from "../../src/registro/registro.repository.js";
import { fechaLocal, relojDelSistema, sumarDias } from "../../src/shared/tiempo.js";
import { SOLICITUDES } from "../../src/solicitudes/bandeja/filtro.js";
import { porVencer } from "../../src/tablero/tablero.repository.js";
import { periodosPorFuncionario } from "../../src/verificacion/periodos.js";
import { crearTestApp, type TestApp } from "../support/app.js";
import { crearSolicitud } from "../support/factories.js";

let t: TestApp;
beforeAll(async () => {
  t = await crearTestApp();
});
afterAll(async () => {
  await t?.close();
});

const DIAS_AVISO = 30;

const arbFuncionario = fc.record({
  /** The official's status before and after the request's approval: ended officials were active once. */
  antes: fc.constantFrom(1, 2, 3),
  despues: fc.constantFrom(1, 2, 3),
  vigencia: fc.option(fc.tuple(fc.integer({ min: -90, max: 90 }), fc.integer({ min: 0, max: 120 }))),
});
const arbSolicitud = fc.record({
  antes: fc.constantFrom(ESTATUS.ACTIVA, ESTATUS.INACTIVADO, 203, 101),
  despues: fc.constantFrom(ESTATUS.ACTIVA, ESTATUS.INACTIVADO, ESTATUS.ANULADA, 203, 101, 104),
  funcionarios: fc.array(arbFuncionario, { minLength: 1, maxLength: 3 }),
});

describe("the SQL filters of an official's standing agree with estadoFirma", () => {
  it("inbox 'Por vencer' / 'Vencidas', the dashboard and the expiry sweep, for generated registries", async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(arbSolicitud, { minLength: 1, maxLength: 4 }), async (registro) => {
        const hoy = fechaLocal(relojDelSistema());
        const creadas: { idSolicitud: number; estatus: number; funcionarios: number[] }[] = [];
        for (const s of registro) {
          const c = await crearSolicitud(t.db, {
            estatus: s.antes,
            funcionarios: s.funcionarios.length,
            conDocumentos: false,
          });
          await t.db.transaction(async (tx) => {
            for (const [i, f] of s.funcionarios.entries()) {
              const desde = f.vigencia ? sumarDias(hoy, f.vigencia[0]) : null;
              await tx
                .update(funcionarios)
                .set({
                  idEstatus: f.antes,
                  firmaVigencia: f.vigencia !== null,
                  fechaDesde: desde,
                  fechaHasta: f.vigencia && desde ? sumarDias(desde, f.vigencia[1]) : null,
                })
                .where(eq(funcionarios.idFuncionario, c.funcionarios[i]));
            }
            await sincronizarAutorizaciones(tx, c.idSolicitud);
            // Then the statuses change, and the periods with them, as every transition does.
            await tx.update(solicitudes).set({ estatus: s.despues }).where(eq(solicitudes.idSolicitud, c.idSolicitud));
            for (const [i, f] of s.funcionarios.entries()) {
              await tx
                .update(funcionarios)
                .set({ idEstatus: f.despues })
                .where(eq(funcionarios.idFuncionario, c.funcionarios[i]));
            }
            await sincronizarAutorizaciones(tx, c.idSolicitud);
          });
          creadas.push({ idSolicitud: c.idSolicitud, estatus: s.despues, funcionarios: c.funcionarios });
        }
        const ids = creadas.flatMap((c) => c.funcionarios);
        const periodos = await periodosPorFuncionario(t.db, ids);
        const filas = await t.db.select().from(funcionarios).where(inArray(funcionarios.idFuncionario, ids));
        const estado = new Map(
          filas.map((f) => {
            const s = creadas.find((c) => c.idSolicitud === f.idSolicitud)!;
            const e = estadoFirma(
              { ...f, estatusSolicitud: s.estatus, periodos: periodos.get(f.idFuncionario) ?? [] },
              hoy,
              DIAS_AVISO,
            );
            return [f.idFuncionario, { ...e, fechaHasta: f.fechaHasta }];
          }),
        );
        const solicitudesCon = (pred: (e: { estado: string }) => boolean) =>
          creadas
            .filter((c) => c.funcionarios.some((id) => pred(estado.get(id)!)))
            .map((c) => c.idSolicitud)
            .sort((a, b) => a - b);
        const filtrar = async (v: { desde: string | null; hasta: string }) =>
          (
            await t.db
              .select({ id: solicitudes.idSolicitud })
              .from(solicitudes)
              .where(
                and(
                  inArray(
                    solicitudes.idSolicitud,
                    creadas.map((c) => c.idSolicitud),
                  ),
                  SOLICITUDES.vencimiento!(v),
                ),
              )
          )
            .map((r) => r.id)
            .sort((a, b) => a - b);

        // The inbox filter, with the dates bandejas.service gives it.
        expect(await filtrar({ desde: hoy, hasta: sumarDias(hoy, DIAS_AVISO) })).toEqual(
          solicitudesCon((e) => e.estado === "porVencer"),
        );
        expect(await filtrar({ desde: null, hasta: sumarDias(hoy, -1) })).toEqual(
          solicitudesCon((e) => e.estado === "vencida"),
        );
        // The dashboard's expiring signatures.
        const tablero = await porVencer(t.db, hoy, sumarDias(hoy, DIAS_AVISO), null, 100_000);
        expect(
          tablero.lista
            .map((f) => f.idFuncionario)
            .filter((id) => estado.has(id))
            .sort((a, b) => a - b),
        ).toEqual(ids.filter((id) => estado.get(id)!.estado === "porVencer").sort((a, b) => a - b));
        // The notices' sweep: near the end, or ended within the notice days.
        const barrido = await funcionariosPorVencer(t.db, sumarDias(hoy, -DIAS_AVISO), sumarDias(hoy, DIAS_AVISO), hoy);
        expect(
          barrido
            .map((f) => f.idFuncionario)
            .filter((id) => estado.has(id))
            .sort((a, b) => a - b),
        ).toEqual(
          ids
            .filter((id) => {
              const e = estado.get(id)!;
              return (
                e.estado === "porVencer" || (e.estado === "vencida" && e.fechaHasta! >= sumarDias(hoy, -DIAS_AVISO))
              );
            })
            .sort((a, b) => a - b),
        );
      }),
      { numRuns: 25 },
    );
  }, 240_000);
});
