/**
 * The import's plan on its own (importacion/plan.ts is pure): what each row would do to the registry
 * as it is, by institution + cédula + kind, and a property over generated files: every row gets
 * exactly one answer, in row order, and a row is created only where a request can hold it.
 */
import { MSG_IMPORTACION } from "@registro/contracts";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  type Existentes,
  type FuncionarioExistente,
  type IncumbenteExistente,
  planear,
} from "../../src/importacion/plan.js";
import type { RegistroImportado } from "../../src/importacion/validacion.js";

const fila = (n: number, o: Partial<RegistroImportado> = {}): RegistroImportado => ({
  fila: n,
  idInstitucion: 1,
  institucion: "Institución Uno",
  tipo: "Funcionario",
  cedula: "00100000001",
  nombres: "Ana",
  apellidos: "Pérez",
  idCargo: 5,
  cargo: "Tesorera",
  telefono: "(809) 555-0101",
  firmas: [1],
  firmaRango: false,
  montoDesde: null,
  montoHasta: null,
  firmaVigencia: false,
  fechaDesde: null,
  fechaHasta: null,
  activo: true,
  fechaRegistro: "2026-01-05",
  fechaBaja: null,
  motivoBaja: "",
  ...o,
});

const funcionario = (o: Partial<FuncionarioExistente> = {}): FuncionarioExistente => ({
  idFuncionario: 10,
  idSolicitud: 100,
  idInstitucion: 1,
  cedula: "00100000001",
  nombres: "Ana",
  apellidos: "Pérez",
  codCargo: 5,
  telefono: "(809) 555-0101",
  firmas: [1],
  firmaRango: false,
  montoDesde: null,
  montoHasta: null,
  firmaVigencia: false,
  fechaDesde: null,
  fechaHasta: null,
  activo: true,
  comentario: "",
  fechaRegistro: "2026-01-05",
  fechaBaja: null,
  ...o,
});

const incumbente = (o: Partial<IncumbenteExistente> = {}): IncumbenteExistente => ({
  idIncumbente: 20,
  idSolicitud: 100,
  idInstitucion: 1,
  cedula: "00200000002",
  nombres: "Luis",
  apellidos: "Gómez",
  codCargo: 1,
  telefono: "(809) 555-0202",
  ...o,
});

const registro = (o: Partial<Existentes> = {}): Existentes => ({
  importadas: new Map(),
  funcionarios: [],
  incumbentes: [],
  ...o,
});

describe("the import's plan", () => {
  it("an official of the imported request: unchanged, or updated naming what changes", () => {
    const ex = registro({ importadas: new Map([[1, 100]]), funcionarios: [funcionario()] });
    const igual = planear([fila(2)], ex);
    expect(igual.decisiones).toMatchObject([{ resultado: "sinCambios", idFuncionario: 10, idSolicitud: 100 }]);
    const otro = planear([fila(2, { nombres: "Ana María", firmas: [1, 2] })], ex);
    expect(otro.decisiones).toMatchObject([{ resultado: "actualizar", cambios: ["Nombres", "Firmas"] }]);
    expect(otro.rechazos).toEqual([]);
  });

  it("an official of another request: left alone when equal, refused when different", () => {
    const ex = registro({ importadas: new Map([[1, 100]]), funcionarios: [funcionario({ idSolicitud: 7 })] });
    expect(planear([fila(2)], ex).decisiones).toMatchObject([{ resultado: "sinCambios", idSolicitud: 7 }]);
    const r = planear([fila(2, { apellidos: "Pérez Díaz" })], ex);
    expect(r.decisiones).toEqual([]);
    expect(r.rechazos.map((x) => x.mensaje)).toEqual([MSG_IMPORTACION.registradoEnSolicitud(7)]);
  });

  it("a new official needs a request: the imported one, an incumbent row of the file, or refused", () => {
    const conImportada = planear([fila(2)], registro({ importadas: new Map([[1, 100]]) }));
    expect(conImportada.decisiones).toMatchObject([{ resultado: "crear" }]);

    const sin = planear([fila(2)], registro());
    expect(sin.rechazos.map((x) => x.mensaje)).toEqual([MSG_IMPORTACION.sinIncumbente]);

    // The incumbent's row comes later in the file; incumbents are decided first all the same.
    const conFila = planear([fila(2), fila(3, { tipo: "Incumbente", cedula: "00300000003", idCargo: 1 })], registro());
    expect(conFila.decisiones.map((d) => [d.registro.fila, d.resultado])).toEqual([
      [2, "crear"],
      [3, "crear"],
    ]);
    expect(conFila.incumbenteNuevo.get("#1")?.fila).toBe(3);
  });

  it("one new incumbent per institution and file; a known one, unchanged, may head a new request", () => {
    const dos = planear(
      [fila(2, { tipo: "Incumbente", cedula: "00300000003" }), fila(3, { tipo: "Incumbente", cedula: "00400000004" })],
      registro(),
    );
    expect(dos.rechazos.map((x) => [x.registro.fila, x.mensaje])).toEqual([[3, MSG_IMPORTACION.dosIncumbentes(2)]]);

    const ex = registro({ incumbentes: [incumbente({ idSolicitud: 7 })] });
    const conocido = planear(
      [
        fila(2),
        fila(3, {
          tipo: "Incumbente",
          cedula: "00200000002",
          nombres: "Luis",
          apellidos: "Gómez",
          idCargo: 1,
          telefono: "(809) 555-0202",
        }),
      ],
      ex,
    );
    expect(conocido.rechazos).toEqual([]);
    expect(conocido.decisiones.map((d) => [d.registro.fila, d.resultado])).toEqual([
      [2, "crear"],
      [3, "sinCambios"],
    ]);
    expect(conocido.incumbenteNuevo.get("#1")?.cedula).toBe("00200000002");
  });

  it("the imported request's incumbent replaced by another cédula is an update that names the cédula", () => {
    const ex = registro({ importadas: new Map([[1, 100]]), incumbentes: [incumbente()] });
    const r = planear([fila(2, { tipo: "Incumbente", cedula: "00500000005", nombres: "Rosa", idCargo: 1 })], ex);
    expect(r.decisiones).toMatchObject([{ resultado: "actualizar", idIncumbente: 20 }]);
    expect(r.decisiones[0]?.cambios.slice(0, 2)).toEqual(["Cédula", "Nombres"]);
  });

  it("over generated files: every row gets exactly one answer, decisions in row order, creations only where a request can hold them", () => {
    const filaGen = fc.record({
      institucion: fc.integer({ min: 1, max: 3 }),
      tipo: fc.constantFrom<"Incumbente" | "Funcionario">("Incumbente", "Funcionario"),
      cedula: fc.constantFrom("00100000001", "00200000002", "00300000003"),
      nombres: fc.constantFrom("Ana", "Luis"),
    });
    const existente = fc.record({
      institucion: fc.integer({ min: 1, max: 3 }),
      solicitud: fc.constantFrom(100, 101, 7),
      cedula: fc.constantFrom("00100000001", "00200000002"),
      nombres: fc.constantFrom("Ana", "Luis"),
    });
    fc.assert(
      fc.property(
        fc.array(filaGen, { maxLength: 12 }),
        fc.array(existente, { maxLength: 6 }),
        fc.subarray([1, 2, 3]),
        (filas, existentes, conImportada) => {
          const registros = filas.map((f, i) =>
            fila(i + 2, {
              idInstitucion: f.institucion,
              institucion: `Institución ${f.institucion}`,
              tipo: f.tipo,
              cedula: f.cedula,
              nombres: f.nombres,
              idCargo: f.tipo === "Incumbente" ? 1 : 5,
            }),
          );
          const ex = registro({
            importadas: new Map(conImportada.map((i) => [i, 100 + i])),
            funcionarios: existentes.map((e, i) =>
              funcionario({
                idFuncionario: i + 1,
                idInstitucion: e.institucion,
                idSolicitud: e.solicitud,
                cedula: e.cedula,
                nombres: e.nombres,
              }),
            ),
          });
          const plan = planear(registros, ex);
          const vistas = [...plan.decisiones.map((d) => d.registro.fila), ...plan.rechazos.map((r) => r.registro.fila)];
          expect(vistas.sort((a, b) => a - b)).toEqual(registros.map((r) => r.fila));
          const orden = plan.decisiones.map((d) => d.registro.fila);
          expect(orden).toEqual([...orden].sort((a, b) => a - b));
          for (const d of plan.decisiones) {
            if (d.resultado !== "crear" || d.registro.tipo !== "Funcionario") continue;
            const inst = d.registro.idInstitucion as number;
            expect(conImportada.includes(inst) || plan.incumbenteNuevo.has(`#${inst}`)).toBe(true);
          }
        },
      ),
      { numRuns: 300 },
    );
  });
});
