/** The paginator's keyset "next" (issue 40): only one page forward, in date order, on a capped search. */
import type { BandejaItem } from "@registro/contracts";
import { describe, expect, it } from "vitest";
import { despuesDeSiguiente } from "./siguiente";
import type { ConsultaPagina } from "./tipos";

const fila = (idSolicitud: number) => ({ idSolicitud }) as BandejaItem;
const consulta: ConsultaPagina = { page: 4, rows: 10, sortField: "fechaSolicitud", sortOrder: -1, q: "ana nunez" };
const limitada = { rows: [fila(90), fila(80), fila(70)], totalRecords: 10_000, totalLimitado: true as const };

describe("despuesDeSiguiente", () => {
  it("names the last row shown on 'next' of a capped search in date order", () => {
    expect(despuesDeSiguiente(consulta, limitada, { page: 5, rows: 10 })).toBe(70);
  });

  it("reads any other move by its number", () => {
    expect(despuesDeSiguiente(consulta, limitada, { page: 3, rows: 10 })).toBeUndefined();
    expect(despuesDeSiguiente(consulta, limitada, { page: 6, rows: 10 })).toBeUndefined();
    expect(despuesDeSiguiente(consulta, limitada, { page: 5, rows: 25 })).toBeUndefined();
    expect(despuesDeSiguiente({ ...consulta, sortField: "nombres" }, limitada, { page: 5, rows: 10 })).toBeUndefined();
    expect(
      despuesDeSiguiente(consulta, { ...limitada, totalLimitado: undefined }, { page: 5, rows: 10 }),
    ).toBeUndefined();
    expect(despuesDeSiguiente(consulta, { ...limitada, rows: [] }, { page: 5, rows: 10 })).toBeUndefined();
    expect(despuesDeSiguiente(consulta, undefined, { page: 5, rows: 10 })).toBeUndefined();
  });
});
