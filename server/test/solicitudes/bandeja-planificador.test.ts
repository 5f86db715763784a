/**
 * The inbox planner, without a database: for each filter, order, page and what has been read so
 * far, which step comes next and which shape of query answers. Every branch of `planear`,
 * `elegirForma` and `elegirGuia`; the rows each shape reads are held against the plain queries in
 * bandejas-busqueda.test.ts, bandejas-totales.test.ts and bandejas-paginas.test.ts.
 */
import { describe, expect, it } from "vitest";
import type { FiltroBandeja, OrdenBandeja, TerminoBusqueda } from "../../src/solicitudes/bandeja/filtro.js";
import { armarGuia, elegirGuia, type GuiaPalabras, MAX_PARES } from "../../src/solicitudes/bandeja/palabras.js";
import {
  aTotal,
  elegirForma,
  MAX_COINCIDENCIAS_ORDENADAS,
  MAX_POR_VALOR,
  PAGINA_PROFUNDA,
  type Paso,
  planear,
} from "../../src/solicitudes/bandeja/planificador.js";

const TOPE = 10_000;
const nombre = (...palabras: string[]): TerminoBusqueda => ({ palabras, instituciones: [], estatus: [] });
const SIN_BUSQUEDA: FiltroBandeja = { estatus: [101, 204], idInstitucionAlcance: null, busqueda: [] };
const BUSCA_NOMBRE: FiltroBandeja = { ...SIN_BUSQUEDA, busqueda: [nombre("nunez")] };
const BUSCA_CEDULA: FiltroBandeja = { ...SIN_BUSQUEDA, busqueda: [nombre("001")] };
const POR_FECHA: OrdenBandeja = { campo: "fechaSolicitud", sentido: -1 };
const POR_CEDULA: OrdenBandeja = { campo: "cedula", sentido: 1 };
const POR_NOMBRE: OrdenBandeja = { campo: "nombres", sentido: 1 };
const GUIA: GuiaPalabras = {
  termino: BUSCA_NOMBRE.busqueda[0],
  palabra: "nunez",
  vocabulario: ["nunez"],
  pareja: null,
};
const primera = { offset: 0, limit: 10 };
const profunda = (offset: number) => ({ offset, limit: 10 });

const leer = (p: Paso) => {
  if (p.paso !== "leer") throw new Error(`expected a reading, got ${p.paso}`);
  return p;
};

describe("planear: which step comes next", () => {
  it("every matching row (export, unpaged call): one reading, no total, no guide even for a search", () => {
    const p = leer(planear({ filtro: BUSCA_NOMBRE, orden: POR_NOMBRE, pagina: null, tope: TOPE }));
    expect(p.total).toBeNull();
    expect(p.invertida).toBe(false);
    expect(p.lectura.forma).toEqual({ forma: "incumbente" });
  });

  it("a shallow page without a search: the counters' total rides on the rows; the first page is prepared by name", () => {
    const p = leer(planear({ filtro: SIN_BUSQUEDA, orden: POR_FECHA, pagina: primera, tope: TOPE }));
    expect(p.total).toEqual({ como: "enLasFilas", nombrada: true });
    const q = leer(planear({ filtro: SIN_BUSQUEDA, orden: POR_FECHA, pagina: profunda(990), tope: TOPE }));
    expect(q.total).toEqual({ como: "enLasFilas", nombrada: false });
  });

  it("a search with a guide word: its vocabularies first, whatever the page", () => {
    for (const pagina of [primera, profunda(PAGINA_PROFUNDA)]) {
      const p = planear({ filtro: BUSCA_NOMBRE, orden: POR_CEDULA, pagina, tope: TOPE });
      expect(p).toEqual({
        paso: "guia",
        eleccion: { termino: BUSCA_NOMBRE.busqueda[0], palabra: "nunez", segunda: null },
      });
    }
  });

  it("a shallow page not in date order: the page and a total counted beside it, capped within the cap's reach", () => {
    const p = leer(planear({ filtro: BUSCA_NOMBRE, orden: POR_CEDULA, pagina: primera, tope: TOPE }, { guia: GUIA }));
    expect(p.total).toEqual({ como: "aparte", conteo: { como: "palabras", guia: GUIA, tope: TOPE }, tope: TOPE });
    const pasada = leer(
      planear({ filtro: BUSCA_NOMBRE, orden: POR_CEDULA, pagina: profunda(95), tope: 100 }, { guia: GUIA }),
    );
    expect(pasada.total).toEqual({ como: "aparte", conteo: { como: "palabras", guia: GUIA, tope: null }, tope: null });
    // Digits only: no guide, the rows are counted.
    const cedula = leer(planear({ filtro: BUSCA_CEDULA, orden: POR_CEDULA, pagina: primera, tope: TOPE }));
    expect(cedula.total).toEqual({ como: "aparte", conteo: { como: "filas", tope: TOPE }, tope: TOPE });
    // The expiry filter without a search: no counters for it, exact.
    const vence = { ...SIN_BUSQUEDA, vencimiento: { desde: null, hasta: "2026-01-01" } };
    const v = leer(planear({ filtro: vence, orden: POR_FECHA, pagina: primera, tope: TOPE }));
    expect(v.total).toEqual({ como: "aparte", conteo: { como: "filas", tope: null }, tope: null });
    expect(v.lectura.forma.forma).toBe("fechaPorEstatus");
  });

  it("a shallow searched page in date order: the total first, then the matches sorted when they are few", () => {
    expect(planear({ filtro: BUSCA_NOMBRE, orden: POR_FECHA, pagina: primera, tope: TOPE }, { guia: GUIA })).toEqual({
      paso: "total",
      conteo: { como: "palabras", guia: GUIA, tope: TOPE },
      tope: TOPE,
    });
    const pocas = leer(
      planear(
        { filtro: BUSCA_NOMBRE, orden: POR_FECHA, pagina: primera, tope: TOPE },
        { guia: GUIA, total: { totalRecords: 42 } },
      ),
    );
    expect(pocas.lectura.forma).toEqual({ forma: "fechaCoincidencias", guia: GUIA });
    expect(pocas.total).toEqual({ como: "sabido", total: { totalRecords: 42 } });
    const limitada = { totalRecords: TOPE, totalLimitado: true as const };
    const muchas = leer(
      planear({ filtro: BUSCA_NOMBRE, orden: POR_FECHA, pagina: primera, tope: TOPE }, { guia: GUIA, total: limitada }),
    );
    // More matches than the cap: dense enough that each of the inbox's statuses' newest requests soon
    // holds a page of them; with statuses that hold most requests anyway, the date index is walked.
    expect(muchas.lectura.forma).toEqual({ forma: "fechaPorEstatus", codigos: BUSCA_NOMBRE.estatus });
    const frecuentes = leer(
      planear(
        { filtro: { ...BUSCA_NOMBRE, estatusFrecuentes: true }, orden: POR_FECHA, pagina: primera, tope: TOPE },
        { guia: GUIA, total: limitada },
      ),
    );
    expect(frecuentes.lectura.forma).toEqual({ forma: "fecha" });
    // A larger cap than the sorted matches' limit: past it, the dates are walked.
    const grande = MAX_COINCIDENCIAS_ORDENADAS + 1;
    const walk = leer(
      planear(
        { filtro: BUSCA_NOMBRE, orden: POR_FECHA, pagina: primera, tope: 50_000 },
        { guia: GUIA, total: { totalRecords: grande } },
      ),
    );
    expect(walk.lectura.forma).toEqual({ forma: "fecha" });
  });

  it("a deep page: the total first", () => {
    expect(planear({ filtro: SIN_BUSQUEDA, orden: POR_CEDULA, pagina: profunda(PAGINA_PROFUNDA), tope: TOPE })).toEqual(
      {
        paso: "total",
        conteo: { como: "totales" },
        tope: null,
      },
    );
  });

  it("a deep page of a capped total: forward, the cap answered", () => {
    const total = { totalRecords: TOPE, totalLimitado: true as const };
    const p = leer(
      planear({ filtro: BUSCA_NOMBRE, orden: POR_CEDULA, pagina: profunda(5000), tope: TOPE }, { guia: GUIA, total }),
    );
    expect(p.invertida).toBe(false);
    expect(p.lectura.pagina).toEqual(profunda(5000));
    expect(p.total).toEqual({ como: "sabido", total });
  });

  it("a deep page past the end: empty, with the total", () => {
    const p = planear(
      { filtro: SIN_BUSQUEDA, orden: POR_CEDULA, pagina: profunda(3000), tope: TOPE },
      { total: { totalRecords: 3000 } },
    );
    expect(p).toEqual({ paso: "vacia", total: { totalRecords: 3000 } });
  });

  it("a deep searched page in date order of few matches: the matches sorted, forward even past the middle", () => {
    const p = leer(
      planear(
        { filtro: BUSCA_NOMBRE, orden: POR_FECHA, pagina: profunda(2990), tope: 100 },
        { guia: GUIA, total: { totalRecords: 3000 } },
      ),
    );
    expect(p.lectura.forma.forma).toBe("fechaCoincidencias");
    expect(p.invertida).toBe(false);
    // Without a guide (digits), still forward along the dates.
    const c = leer(
      planear(
        { filtro: BUSCA_CEDULA, orden: POR_FECHA, pagina: profunda(2990), tope: 100 },
        { total: { totalRecords: 3000 } },
      ),
    );
    expect(c.lectura.forma).toEqual({ forma: "fecha" });
    expect(c.invertida).toBe(false);
  });

  it("a deep page in the first half: forward; in the second: read from the other end, reversed", () => {
    const h = { total: { totalRecords: 100_000 } };
    const antes = leer(planear({ filtro: SIN_BUSQUEDA, orden: POR_CEDULA, pagina: profunda(50_000), tope: TOPE }, h));
    expect(antes.invertida).toBe(false);
    expect(antes.lectura.orden.invertido).toBeUndefined();
    const despues = leer(planear({ filtro: SIN_BUSQUEDA, orden: POR_CEDULA, pagina: profunda(99_995), tope: TOPE }, h));
    expect(despues.invertida).toBe(true);
    expect(despues.lectura.orden).toEqual({ ...POR_CEDULA, invertido: true });
    // Five rows remain: the first five from the other end.
    expect(despues.lectura.pagina).toEqual({ offset: 0, limit: 5 });
    const medio = leer(planear({ filtro: SIN_BUSQUEDA, orden: POR_CEDULA, pagina: profunda(60_000), tope: TOPE }, h));
    expect(medio.lectura.pagina).toEqual({ offset: 39_990, limit: 10 });
  });
});

describe("elegirForma: the shape of a page's query", () => {
  it("date order: the statuses merged on a shallow page of a few statuses; one walk otherwise", () => {
    expect(elegirForma(SIN_BUSQUEDA, POR_FECHA, primera, null)).toEqual({
      forma: "fechaPorEstatus",
      codigos: [101, 204],
    });
    expect(elegirForma(SIN_BUSQUEDA, POR_FECHA, null, null)).toEqual({ forma: "fecha" });
    expect(elegirForma(SIN_BUSQUEDA, POR_FECHA, profunda(MAX_POR_VALOR), null)).toEqual({ forma: "fecha" });
    expect(elegirForma({ ...SIN_BUSQUEDA, estatusFiltro: 101 }, POR_FECHA, primera, null)).toEqual({ forma: "fecha" });
    expect(elegirForma({ ...SIN_BUSQUEDA, estatusFrecuentes: true }, POR_FECHA, primera, null)).toEqual({
      forma: "fecha",
    });
    expect(elegirForma({ ...SIN_BUSQUEDA, estatus: undefined }, POR_FECHA, primera, null)).toEqual({ forma: "fecha" });
    expect(elegirForma(BUSCA_CEDULA, POR_FECHA, primera, null)).toEqual({ forma: "fecha" });
  });

  it("date order of a search: the sorted matches only with a guide, a page and at most the limit's matches", () => {
    expect(elegirForma(BUSCA_NOMBRE, POR_FECHA, primera, GUIA, 10).forma).toBe("fechaCoincidencias");
    expect(elegirForma(BUSCA_NOMBRE, POR_FECHA, primera, GUIA).forma).toBe("fecha");
    expect(elegirForma(BUSCA_NOMBRE, POR_FECHA, primera, null, 10).forma).toBe("fecha");
    expect(elegirForma(BUSCA_NOMBRE, POR_FECHA, null, GUIA, 10).forma).toBe("fecha");
    expect(elegirForma(BUSCA_NOMBRE, POR_FECHA, primera, GUIA, MAX_COINCIDENCIAS_ORDENADAS + 1).forma).toBe("fecha");
  });

  it("by name: the words table's name order only with a vocabulary known word by word", () => {
    expect(elegirForma(BUSCA_NOMBRE, POR_NOMBRE, primera, GUIA)).toEqual({ forma: "nombrePorPalabras", guia: GUIA });
    expect(elegirForma(BUSCA_NOMBRE, POR_NOMBRE, primera, { ...GUIA, vocabulario: null })).toEqual({
      forma: "incumbente",
    });
    expect(elegirForma(BUSCA_NOMBRE, POR_NOMBRE, null, GUIA)).toEqual({ forma: "incumbente" });
    expect(elegirForma(BUSCA_NOMBRE, POR_CEDULA, primera, GUIA)).toEqual({ forma: "incumbente" });
  });

  it("by id, by officials' count, by institution (searched or walked), by status (the statuses let through, by text)", () => {
    expect(elegirForma(SIN_BUSQUEDA, { campo: "idSolicitud", sentido: 1 }, primera, null)).toEqual({ forma: "id" });
    expect(elegirForma(SIN_BUSQUEDA, { campo: "cantFuncionarios", sentido: 1 }, primera, null)).toEqual({
      forma: "cantidad",
    });
    const porInstitucion: OrdenBandeja = { campo: "institucion", sentido: 1 };
    expect(elegirForma(SIN_BUSQUEDA, porInstitucion, primera, null)).toEqual({ forma: "recorridoInstitucion" });
    expect(elegirForma(BUSCA_CEDULA, porInstitucion, primera, null)).toEqual({ forma: "institucionBuscada" });
    const porEstatus: OrdenBandeja = { campo: "estatus", sentido: 1 };
    // "Enviado" (101) before "Retornado…" (204) in Spanish order; ranks over every status.
    const f = elegirForma(SIN_BUSQUEDA, porEstatus, primera, null);
    if (f.forma !== "recorridoEstatus") throw new Error(f.forma);
    expect(f.valores.map(([c]) => c)).toEqual([101, 204]);
    expect(f.valores[0][1]).toBeLessThan(f.valores[1][1]);
    const ninguno = elegirForma({ ...SIN_BUSQUEDA, estatusFiltro: 106 }, porEstatus, primera, null);
    expect(ninguno).toEqual({ forma: "recorridoEstatus", valores: [] });
  });
});

describe("elegirGuia: the word a search is scanned by", () => {
  it("none for the expiry filter, a search without words, digits only, or words that also name institutions or statuses", () => {
    expect(elegirGuia({ ...BUSCA_NOMBRE, vencimiento: { desde: null, hasta: "2026-01-01" } })).toBeNull();
    expect(elegirGuia({ ...SIN_BUSQUEDA, busquedaSinPalabras: true })).toBeNull();
    expect(elegirGuia(BUSCA_CEDULA)).toBeNull();
    expect(elegirGuia(SIN_BUSQUEDA)).toBeNull();
    const institucion: TerminoBusqueda = { palabras: ["hacienda"], instituciones: [3], estatus: [] };
    expect(elegirGuia({ ...SIN_BUSQUEDA, busqueda: [institucion] })).toBeNull();
  });

  it("the longest word with a letter; a second word of the same term first, never the start of the other", () => {
    const t = nombre("ana", "nunez", "001", "nu");
    const e = elegirGuia({ ...SIN_BUSQUEDA, busqueda: [t] });
    expect(e).toEqual({ termino: t, palabra: "nunez", segunda: { palabra: "ana", termino: t } });
    const activa: TerminoBusqueda = { palabras: ["activa"], instituciones: [], estatus: [{ codigos: [106] }] };
    const solo = nombre("nunez");
    expect(elegirGuia({ ...SIN_BUSQUEDA, busqueda: [solo, activa] })).toEqual({
      termino: solo,
      palabra: "nunez",
      segunda: { palabra: "activa", termino: activa },
    });
  });

  it("armarGuia: a pair only when both vocabularies are known and their product is small", () => {
    const t = nombre("ana", "nunez");
    const e = { termino: t, palabra: "nunez", segunda: { palabra: "ana", termino: t } };
    expect(armarGuia(e, ["nunez"], ["ana", "anabel"]).pareja).toEqual({
      palabra: "ana",
      vocabulario: ["ana", "anabel"],
      termino: t,
    });
    expect(armarGuia(e, null, ["ana"]).pareja).toBeNull();
    expect(armarGuia(e, ["nunez"], null).pareja).toBeNull();
    const muchas = Array.from({ length: MAX_PARES + 1 }, (_, i) => `ana${i}`);
    expect(armarGuia(e, ["nunez"], muchas).pareja).toBeNull();
  });
});

describe("aTotal", () => {
  it("the cap and the flag past the cap; the count otherwise", () => {
    expect(aTotal(101, 100)).toEqual({ totalRecords: 100, totalLimitado: true });
    expect(aTotal(100, 100)).toEqual({ totalRecords: 100 });
    expect(aTotal(5_000_000, null)).toEqual({ totalRecords: 5_000_000 });
  });
});
