import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { autorizadaSegunEstado, type DatosEstadoFirma, estadoFirma } from "./estado-firma.js";
import { ESTATUS, ESTATUS_FUNCIONARIO } from "./estatus.js";

const aprobado = (o: Partial<DatosEstadoFirma>): DatosEstadoFirma => ({
  idEstatus: ESTATUS_FUNCIONARIO.ACTIVO,
  estatusSolicitud: ESTATUS.ACTIVA,
  firmaVigencia: false,
  fechaDesde: null,
  fechaHasta: null,
  periodos: [{ desde: "2026-11-20", hasta: null }],
  ...o,
});

describe("estadoFirma", () => {
  it("an approved signature whose validity starts later is not yet in force (issue 35)", () => {
    const f = aprobado({ firmaVigencia: true, fechaDesde: "2027-01-15", fechaHasta: "2027-12-31" });
    expect(estadoFirma(f, "2026-11-29", 30)).toMatchObject({
      estado: "aunNoVigente",
      texto: "Aún no vigente (desde 15/01/2027)",
      desde: "2027-01-15",
    });
    expect(estadoFirma(f, "2027-01-15", 30).texto).toBe("Vigente");
    expect(estadoFirma(f, "2027-12-01", 30).texto).toBe("Por vencer");
    expect(estadoFirma(f, "2028-01-01", 30).texto).toBe("Vencida");
  });

  it("an ended period reads 'Inactivada el …' from its end day on", () => {
    const f = aprobado({ periodos: [{ desde: "2026-01-10", hasta: "2026-11-27", causaFin: "solicitud" }] });
    expect(estadoFirma(f, "2026-11-26", 30).estado).toBe("vigente");
    expect(estadoFirma(f, "2026-11-27", 30).texto).toBe("Inactivada el 27/11/2026");
    expect(estadoFirma(f, "2026-01-09", 30).texto).toBe("Aún no vigente (desde 10/01/2026)");
  });

  it("an official never authorised is pending while the request is in review, otherwise not approved", () => {
    const p = aprobado({ idEstatus: ESTATUS_FUNCIONARIO.PENDIENTE, periodos: [] });
    expect(estadoFirma(p, "2026-11-29", 30).texto).toBe("Pendiente de aprobación");
    expect(estadoFirma({ ...p, estatusSolicitud: ESTATUS.ANULADA }, "2026-11-29", 30).texto).toBe("No aprobada");
  });

  it("is authorised exactly when a period covers the day and the day is within the validity", () => {
    const dia = fc
      .integer({ min: 0, max: 60 })
      .map((n) => new Date(Date.UTC(2026, 0, 1 + n)).toISOString().slice(0, 10));
    fc.assert(
      fc.property(
        fc.array(fc.tuple(dia, fc.option(dia)), { maxLength: 3 }),
        fc.option(fc.tuple(dia, dia)),
        dia,
        fc.integer({ min: 0, max: 40 }),
        (ps, vig, hoy, aviso) => {
          const [vDesde, vHasta] = vig ? [...vig].sort() : [null, null];
          const f = aprobado({
            periodos: ps.map(([a, b]) => ({ desde: a, hasta: b !== null && b < a ? a : b })),
            firmaVigencia: vig !== null,
            fechaDesde: vDesde,
            fechaHasta: vHasta,
          });
          const cubierto = f.periodos.some((p) => p.desde <= hoy && (p.hasta === null || hoy < p.hasta));
          const dentro = !f.firmaVigencia || (f.fechaDesde! <= hoy && hoy <= f.fechaHasta!);
          expect(autorizadaSegunEstado(estadoFirma(f, hoy, aviso).estado)).toBe(cubierto && dentro);
        },
      ),
    );
  });
});
