import { describe, expect, it } from "vitest";
import { leerFechaEscrita, textoDeFechaIso } from "./fecha-escrita.js";
import { MSG } from "./mensajes.js";
import { zFechaEscrita } from "./validacion.js";

describe("a typed date", () => {
  it.each([
    ["15/06/2025", "2025-06-15"],
    ["15062025", "2025-06-15"],
    ["1/6/2025", "2025-06-01"],
    [" 15-06-2025 ", "2025-06-15"],
    ["15.06.2025", "2025-06-15"],
    ["29/02/2028", "2028-02-29"],
  ])("reads %j as %s", (texto, iso) => {
    expect(leerFechaEscrita(texto)).toEqual({ fecha: iso });
  });

  it("reads an empty field as no date", () => {
    expect(leerFechaEscrita("  ")).toEqual({ fecha: null });
  });

  it.each([
    ["15/06/25", MSG.fechaAnioCorto],
    ["150625", MSG.fechaAnioCorto],
    ["15/06/025", MSG.fechaAnioCorto],
    ["31/02/2026", MSG.fechaInexistente("31/02/2026")],
    ["29/02/2026", MSG.fechaInexistente("29/02/2026")],
    ["15/13/2026", MSG.fechaInexistente("15/13/2026")],
    ["0/1/2026", MSG.fechaInexistente("00/01/2026")],
    ["15/06/20255", MSG.fechaFormato],
    ["mañana", MSG.fechaFormato],
    ["2026-06-15", MSG.fechaFormato],
    ["15/06", MSG.fechaFormato],
  ])("refuses %j with its reason", (texto, error) => {
    expect(leerFechaEscrita(texto)).toEqual({ error });
  });

  it("is a form field's schema: the ISO date, or the reason on the field", () => {
    expect(zFechaEscrita.parse("15062025")).toBe("2025-06-15");
    expect(zFechaEscrita.parse("")).toBeNull();
    const r = zFechaEscrita.safeParse("31/02/2026");
    expect(r.success).toBe(false);
    expect(r.error?.issues[0].message).toBe(MSG.fechaInexistente("31/02/2026"));
  });

  it("writes an ISO date back as dd/mm/aaaa", () => {
    expect(textoDeFechaIso("2025-06-15")).toBe("15/06/2025");
  });
});
