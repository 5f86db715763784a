/** When a task is due (tareas/calendario.ts), against the plain definition of "daily at hh:mm in the country". */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { esperaTrasFallo, primeraVez, siguienteVez } from "../../src/tareas/calendario.js";

const DIA = 86_400_000;
/** hh:mm in the country (UTC−4, no daylight saving) of an instant. */
const horaPais = (d: Date) => {
  const l = new Date(d.getTime() - 4 * 3_600_000);
  return [l.getUTCHours(), l.getUTCMinutes(), l.getUTCSeconds(), l.getUTCMilliseconds()];
};
const instante = fc.integer({ min: Date.UTC(2020, 0, 1), max: Date.UTC(2035, 0, 1) }).map((ms) => new Date(ms));
const diaria = fc.record({ hora: fc.integer({ min: 0, max: 23 }), minuto: fc.integer({ min: 0, max: 59 }) });

describe("a daily task", () => {
  it("is next due at its time of the country's day, within the next 24 hours, never at once", () => {
    fc.assert(
      fc.property(instante, diaria, (ahora, d) => {
        const s = siguienteVez({ diaria: d }, ahora);
        expect(s.getTime()).toBeGreaterThan(ahora.getTime());
        expect(s.getTime() - ahora.getTime()).toBeLessThanOrEqual(DIA);
        expect(horaPais(s)).toEqual([d.hora, d.minuto, 0, 0]);
      }),
    );
  });

  it("is first due at its latest occurrence not after now", () => {
    fc.assert(
      fc.property(instante, diaria, (ahora, d) => {
        const p = primeraVez({ diaria: d }, ahora);
        expect(p.getTime()).toBeLessThanOrEqual(ahora.getTime());
        expect(ahora.getTime() - p.getTime()).toBeLessThan(DIA);
        expect(horaPais(p)).toEqual([d.hora, d.minuto, 0, 0]);
      }),
    );
  });
});

describe("after a failure", () => {
  const reintento = { primeraMs: 30_000, maximaMs: 3_600_000 };
  it("waits twice as long after each further failure, up to the maximum", () => {
    const ahora = new Date("2026-11-26T15:00:00Z");
    const cada = { cadaMs: 1_000 };
    const esperas = [1, 2, 3, 4, 10, 30].map(
      (n) => esperaTrasFallo(cada, ahora, n, reintento).getTime() - ahora.getTime(),
    );
    expect(esperas).toEqual([30_000, 60_000, 120_000, 240_000, 3_600_000, 3_600_000]);
  });

  it("a periodic task never comes back sooner than its period; a daily one never later than its next time", () => {
    fc.assert(
      fc.property(
        instante,
        fc.integer({ min: 1, max: 40 }),
        fc.integer({ min: 1, max: DIA }),
        diaria,
        (ahora, n, cadaMs, d) => {
          expect(esperaTrasFallo({ cadaMs }, ahora, n, reintento).getTime() - ahora.getTime()).toBeGreaterThanOrEqual(
            cadaMs,
          );
          const diariaVez = esperaTrasFallo({ diaria: d }, ahora, n, reintento).getTime();
          expect(diariaVez).toBeLessThanOrEqual(siguienteVez({ diaria: d }, ahora).getTime());
          expect(diariaVez).toBeGreaterThan(ahora.getTime());
        },
      ),
    );
  });
});
