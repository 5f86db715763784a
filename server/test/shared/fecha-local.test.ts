/**
 * fechaLocal, the country's calendar day of an instant: by arithmetic on the fixed UTC−4 offset
 * since 2001 (Intl's formatting was a few per cent of a verification's time under load), always
 * equal to the time-zone database's answer through Intl, which still answers the older instants.
 */
import fc from "fast-check";
import { afterEach, describe, expect, it, vi } from "vitest";
import { fechaLocal, ZONA_PAIS } from "../../src/shared/tiempo.js";

const intl = new Intl.DateTimeFormat("en-CA", { timeZone: ZONA_PAIS });

afterEach(() => {
  vi.restoreAllMocks();
});

describe("fechaLocal", () => {
  it("equals the time-zone database's calendar day for any instant, as a Date or as text", () => {
    fc.assert(
      fc.property(
        fc.date({ min: new Date("1900-01-01T00:00:00Z"), max: new Date("2200-12-31T23:59:59Z"), noInvalidDate: true }),
        (d) => {
          expect(fechaLocal(d)).toBe(intl.format(d));
          expect(fechaLocal(d.toISOString())).toBe(intl.format(d));
        },
      ),
      { numRuns: 2000 },
    );
    // The day's edges in the country: 04:00 UTC.
    expect(fechaLocal(new Date("2026-11-29T03:59:59.999Z"))).toBe("2026-11-28");
    expect(fechaLocal(new Date("2026-11-29T04:00:00.000Z"))).toBe("2026-11-29");
    expect(fechaLocal("2000-10-29T12:00:00Z")).toBe(intl.format(new Date("2000-10-29T12:00:00Z")));
  });

  it("does not format through Intl for an instant since 2001", () => {
    const formato = vi.spyOn(
      // `format` is a getter on the prototype (it hands out a bound function).
      Intl.DateTimeFormat.prototype as unknown as { get format(): unknown },
      "format",
      "get",
    );
    expect(fechaLocal(new Date("2026-11-29T15:00:00Z"))).toBe("2026-11-29");
    expect(formato).not.toHaveBeenCalled();
  });
});
