/**
 * The hand-written formats against `Intl` (the oracle), over generated dates and amounts: the same
 * text, character for character, in the app's one set of formats (dd/mm/aaaa hh:mm a. m., US$ 1,234.56,
 * 1,234.5).
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  formatearCifra,
  formatearFecha,
  formatearFechaHora,
  formatearMonto,
  formatearTamano,
  hoyEnPais,
  partesFechaHora,
} from "./formato";

// The country's zone, whatever the zone the tests run in (formato.ts never reads the browser's).
const timeZone = "America/Santo_Domingo";
const fecha = new Intl.DateTimeFormat("es-ES", { day: "2-digit", month: "2-digit", year: "numeric", timeZone });
const hora = new Intl.DateTimeFormat("es-ES", { hour: "2-digit", minute: "2-digit", hourCycle: "h12", timeZone });
const fechaHora = { format: (d: Date) => `${fecha.format(d)} ${hora.format(d)}` };
const fechaUtc = new Intl.DateTimeFormat("es-ES", {
  day: "2-digit",
  month: "2-digit",
  year: "numeric",
  timeZone: "UTC",
});
const usd = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" });

// Years 1000–9999: the four digits of dd/mm/aaaa (the app's dates are all in this range).
const instantes = fc.date({
  min: new Date("1000-01-01T00:00:00Z"),
  max: new Date("9999-12-31T00:00:00Z"),
  noInvalidDate: true,
});
const dia = (d: Date) => d.toISOString().slice(0, 10);
// Instants since 2001: the zone's rules before then (local mean time, UTC−5 in late 2000) are not the
// fixed UTC−4 the app prints, and the app's instants are all recent.
const instantesRecientes = fc.date({
  min: new Date("2001-01-01T00:00:00Z"),
  max: new Date("9999-12-31T00:00:00Z"),
  noInvalidDate: true,
});

describe("formato: the same text as Intl", () => {
  it("formatearFecha of a calendar day (YYYY-MM-DD) is es-ES's dd/mm/aaaa", () => {
    fc.assert(
      fc.property(instantes, (d) => {
        expect(formatearFecha(dia(d))).toBe(fechaUtc.format(new Date(`${dia(d)}T00:00:00Z`)));
      }),
    );
  });

  it("formatearFecha and formatearFechaHora of an instant match es-ES in the country's zone, whatever the machine's", () => {
    fc.assert(
      fc.property(instantesRecientes, (d) => {
        expect(formatearFecha(d.toISOString())).toBe(fecha.format(d));
        expect(formatearFechaHora(d.toISOString())).toBe(fechaHora.format(d));
        const { fecha: f, hora: h } = partesFechaHora(d.toISOString());
        expect(`${f} ${h}`).toBe(fechaHora.format(d));
      }),
    );
  });

  it("hoyEnPais is the country's calendar day of the instant, whatever the machine's zone", () => {
    const dia = new Intl.DateTimeFormat("en-CA", { timeZone });
    fc.assert(
      fc.property(instantesRecientes, (d) => {
        expect(hoyEnPais(d)).toBe(dia.format(d));
      }),
    );
  });

  it("formatearMonto is en-US USD with its dollar named (US$) for any amount, cents or not, negative or zero", () => {
    const montos = fc.oneof(
      fc.double({ noNaN: true, noDefaultInfinity: true }),
      fc.integer({ min: -1e9, max: 1e12 }).map((c) => c / 100),
      fc.integer({ min: 0, max: 1e7 }).map((c) => c / 1000),
      fc.constantFrom(0, -0, 0.005, 1.005, 2.675, 999.995, 1e21, 1e-7, Number.MAX_SAFE_INTEGER),
    );
    fc.assert(
      fc.property(montos, (m) => {
        expect(formatearMonto(m)).toBe(usd.format(m).replace("$", "US$ "));
      }),
      { numRuns: 2000 },
    );
  });

  it("formatearCifra is es-DO's figure, formatearTamano the same figure, as toLocaleString prints them", () => {
    const cifras = fc.oneof(
      fc.double({ noNaN: true, noDefaultInfinity: true }),
      fc.integer({ min: -1e6, max: 1e9 }).map((c) => c / 10),
      fc.integer({ min: -1e6, max: 1e9 }).map((c) => c / 100),
      fc.nat({ max: 1e7 }),
      fc.constantFrom(
        0,
        -0,
        -0.04,
        0.05,
        0.95,
        9.95,
        999.95,
        1.25,
        2.45,
        -3.35,
        1e21,
        1e-7,
        -1e-7,
        Number.MAX_SAFE_INTEGER,
      ),
    );
    fc.assert(
      fc.property(cifras, (n) => {
        expect(formatearCifra(n)).toBe(n.toLocaleString("es-DO", { maximumFractionDigits: 1 }));
      }),
      { numRuns: 2000 },
    );
    const decimal = (n: number) => n.toLocaleString("es-DO", { maximumFractionDigits: 1 });
    fc.assert(
      fc.property(fc.nat({ max: 2 ** 40 }), (bytes) => {
        const oraculo =
          bytes < 1024
            ? `${decimal(bytes)} B`
            : bytes < 1024 * 1024
              ? `${decimal(bytes / 1024)} KB`
              : `${decimal(bytes / (1024 * 1024))} MB`;
        expect(formatearTamano(bytes)).toBe(oraculo);
      }),
      { numRuns: 2000 },
    );
  });

  it("an empty or unreadable value prints nothing", () => {
    for (const v of [null, undefined, "", "no es fecha", "2026-13-45"]) {
      expect(formatearFecha(v)).toBe("");
      expect(formatearFechaHora(v)).toBe("");
    }
    expect(formatearMonto(null)).toBe("");
    expect(formatearMonto(undefined)).toBe("");
  });
});
