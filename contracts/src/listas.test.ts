/**
 * The configuration lists' search and sort, shared by the screens and the exports:
 * written-out cases, then generated rows and queries against a naive oracle.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { seleccionarFilas } from "./listas.js";

interface Fila {
  id: number;
  nombre: string;
  desc: string | null;
  n: number;
  activo: boolean;
}

const FILAS: Fila[] = [
  { id: 1, nombre: "Álvaro Núñez", desc: "Contraloría", n: 10, activo: true },
  { id: 2, nombre: "alvaro nunez", desc: null, n: 2, activo: false },
  { id: 3, nombre: "Beatriz", desc: "Cargo 10", n: 2, activo: true },
  { id: 4, nombre: "beatriz", desc: "Cargo 9", n: 1, activo: false },
];
const CAMPOS = ["nombre", "desc"];
const ids = (f: Fila[]) => f.map((x) => x.id);

describe("seleccionarFilas", () => {
  it("searches without accents or case, in any search field, ignoring surrounding spaces", () => {
    expect(ids(seleccionarFilas(FILAS, CAMPOS, { q: "  NUÑEZ " }))).toEqual([1, 2]);
    expect(ids(seleccionarFilas(FILAS, CAMPOS, { q: "contraloria" }))).toEqual([1]);
    expect(ids(seleccionarFilas(FILAS, CAMPOS, { q: "cargo 1" }))).toEqual([3]);
    expect(ids(seleccionarFilas(FILAS, ["nombre"], { q: "cargo" }))).toEqual([]);
    expect(ids(seleccionarFilas(FILAS, CAMPOS, { q: "" }))).toEqual([1, 2, 3, 4]);
  });

  it("sorts strings as Spanish words (numbers by value), numbers and booleans; ties keep the list's order", () => {
    // In Spanish "ñ" is a letter after "n"; accents and case alone do not order.
    expect(ids(seleccionarFilas(FILAS, CAMPOS, { sortField: "nombre" }))).toEqual([2, 1, 3, 4]);
    expect(ids(seleccionarFilas(FILAS, CAMPOS, { sortField: "nombre", sortOrder: -1 }))).toEqual([3, 4, 1, 2]);
    expect(ids(seleccionarFilas(FILAS, CAMPOS, { sortField: "desc" }))).toEqual([4, 3, 1, 2]);
    expect(ids(seleccionarFilas(FILAS, CAMPOS, { sortField: "desc", sortOrder: -1 }))).toEqual([1, 3, 4, 2]);
    expect(ids(seleccionarFilas(FILAS, CAMPOS, { sortField: "n" }))).toEqual([4, 2, 3, 1]);
    expect(ids(seleccionarFilas(FILAS, CAMPOS, { sortField: "activo", sortOrder: -1 }))).toEqual([1, 3, 2, 4]);
  });

  it("does not change the rows it is given", () => {
    const copia = JSON.stringify(FILAS);
    seleccionarFilas(FILAS, CAMPOS, { q: "a", sortField: "n", sortOrder: -1 });
    expect(JSON.stringify(FILAS)).toBe(copia);
  });

  it("agrees with a naive oracle on generated rows and queries", () => {
    const letra = fc.constantFrom("a", "á", "A", "Á", "n", "ñ", "Ñ", "e", "é", "1", "2", "10", " ");
    const texto = fc.array(letra, { maxLength: 6 }).map((l) => l.join(""));
    const fila = fc.record({ nombre: texto, desc: fc.option(texto), n: fc.integer({ min: -3, max: 3 }) });
    fc.assert(
      fc.property(
        fc.array(fila, { maxLength: 12 }),
        texto,
        fc.constantFrom(undefined, "nombre", "desc", "n"),
        fc.constantFrom(1 as const, -1 as const),
        (filas, q, sortField, sortOrder) => {
          const conId = filas.map((f, id) => ({ ...f, id }));
          const plano = (s: string) =>
            s.replace(/[áÁ]/g, "a").replace(/[éÉ]/g, "e").replace(/[ñÑ]/g, "n").toLowerCase();
          const buscado = plano(q.trim());
          let esperadas = conId.filter(
            (f) =>
              buscado === "" ||
              plano(f.nombre).includes(buscado) ||
              (f.desc !== null && plano(f.desc).includes(buscado)),
          );
          if (sortField) {
            const clave = (f: (typeof conId)[number]) => f[sortField as "nombre" | "desc" | "n"];
            const llenas = esperadas.filter((f) => clave(f) !== null && clave(f) !== "");
            const vacias = esperadas.filter((f) => clave(f) === null || clave(f) === "");
            // Insertion sort: stable by construction.
            const ordenadas: typeof llenas = [];
            for (const f of llenas) {
              const c = (a: typeof f, b: typeof f) =>
                sortField === "n"
                  ? (a.n - b.n) * sortOrder
                  : String(clave(a)).localeCompare(String(clave(b)), "es", { numeric: true, sensitivity: "base" }) *
                    sortOrder;
              let i = ordenadas.length;
              while (i > 0 && c(ordenadas[i - 1], f) > 0) i--;
              ordenadas.splice(i, 0, f);
            }
            esperadas = [...ordenadas, ...vacias];
          }
          const obtenidas = seleccionarFilas(conId, CAMPOS, { q, sortField, sortOrder });
          expect(ids(obtenidas as never)).toEqual(ids(esperadas as never));
        },
      ),
      { numRuns: 300 },
    );
  });
});
