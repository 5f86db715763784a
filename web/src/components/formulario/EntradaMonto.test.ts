/** The amount field's reading of what is typed, against the amounts it must give back. */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { formatearMonto } from "../../lib/formato";
import { leerMonto } from "./EntradaMonto";

// Amounts in cents, up to a trillion dollars: what a person types.
const montos = fc.integer({ min: 0, max: 1e14 }).map((c) => c / 100);

describe("leerMonto", () => {
  it("gives back any amount, typed plainly or pasted as the field shows it (US$ 1,234.50)", () => {
    fc.assert(
      fc.property(montos, (m) => {
        expect(leerMonto(String(m)).valor).toBe(m);
        expect(leerMonto(formatearMonto(m)).valor).toBe(m);
        expect(leerMonto(m.toFixed(2)).valor).toBe(m);
      }),
      { numRuns: 2000 },
    );
  });

  it("whatever is typed, keeps digits and one point with at most two decimals, and its amount", () => {
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom(..."0123456789.,$- e+abc") }), (bruto) => {
        const { texto, valor } = leerMonto(bruto);
        expect(texto).toMatch(/^\d*(\.\d{0,2})?$/);
        // The oracle: the digits and first point of the text typed, cut after two decimals.
        const soloNumero = bruto.replace(/[^\d.]/g, "");
        const [entero, ...resto] = soloNumero.split(".");
        const esperado = resto.length ? `${entero}.${resto.join("").slice(0, 2)}` : entero;
        expect(texto).toBe(esperado);
        expect(valor).toBe(/\d/.test(esperado) ? Number(esperado) : null);
        if (valor !== null) expect(valor).toBeGreaterThanOrEqual(0);
      }),
      { numRuns: 2000 },
    );
  });

  it("an empty field, or only a point, is no amount", () => {
    expect(leerMonto("")).toEqual({ texto: "", valor: null });
    expect(leerMonto(".")).toEqual({ texto: ".", valor: null });
    expect(leerMonto("$")).toEqual({ texto: "", valor: null });
    expect(leerMonto("-5")).toEqual({ texto: "5", valor: 5 });
    expect(leerMonto("1,234.567")).toEqual({ texto: "1234.56", valor: 1234.56 });
  });
});
