/**
 * The exports' date-time cells are written from the country's fixed offset (UTC−4, no daylight
 * saving), without Intl, for speed: over any instant they read the same as the time zone's own
 * formatting (Intl with America/Santo_Domingo), the text (dd/mm/aaaa HH:mm) and the spreadsheet's
 * wall-clock Date alike.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { diasEntre, diasHasta, fechaHoraHoja, fechaLocal, horaLocalEnUtc, ZONA_PAIS } from "../../src/shared/tiempo.js";

const intl = new Intl.DateTimeFormat("es-DO", {
  timeZone: ZONA_PAIS,
  day: "2-digit",
  month: "2-digit",
  year: "numeric",
  hour: "2-digit",
  minute: "2-digit",
  hourCycle: "h23",
});
const partes = (d: Date) => Object.fromEntries(intl.formatToParts(d).map((x) => [x.type, x.value]));

// From 2001 (after the country's last change of offset: daylight saving from 29 October to
// 3 December 2000) to 2200, to the millisecond; the requests start long after.
const instante = fc.integer({ min: Date.UTC(2001, 0, 1), max: Date.UTC(2200, 0, 1) }).map((ms) => new Date(ms));

describe("date-time cells of the exports", () => {
  it("read as Intl in the country's time zone", () => {
    fc.assert(
      fc.property(instante, (d) => {
        const p = partes(d);
        expect(fechaHoraHoja(d)).toBe(`${p.day}/${p.month}/${p.year} ${p.hour}:${p.minute}`);
        expect(fechaHoraHoja(d.toISOString())).toBe(fechaHoraHoja(d));
        expect(horaLocalEnUtc(d).getTime()).toBe(
          Date.UTC(Number(p.year), Number(p.month) - 1, Number(p.day), Number(p.hour), Number(p.minute)),
        );
      }),
      { numRuns: 5000 },
    );
  });

  it("days waiting (an export's 'Días en espera') count as the calendar days in the time zone", () => {
    const hoy = fc
      .integer({ min: Date.UTC(2001, 0, 1), max: Date.UTC(2200, 0, 1) })
      .map((ms) => fechaLocal(new Date(ms)));
    fc.assert(
      fc.property(instante, hoy, (d, h) => {
        expect(diasHasta(h)(d)).toBe(diasEntre(fechaLocal(d), h));
      }),
      { numRuns: 5000 },
    );
    expect(diasHasta("2026-01-01")(new Date("2026-01-01T03:59:59.999Z"))).toBe(1);
    expect(diasHasta("2026-01-01")(new Date("2026-01-01T04:00:00.000Z"))).toBe(0);
  });

  it("keep the minute at the turns of a day, a year and a minute", () => {
    expect(fechaHoraHoja(new Date("2026-01-01T03:59:59.999Z"))).toBe("31/12/2025 23:59");
    expect(fechaHoraHoja(new Date("2026-01-01T04:00:00.000Z"))).toBe("01/01/2026 00:00");
    expect(horaLocalEnUtc(new Date("2026-03-01T04:00:59.999Z")).toISOString()).toBe("2026-03-01T00:00:00.000Z");
  });
});
