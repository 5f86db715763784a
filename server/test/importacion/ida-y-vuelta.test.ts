/**
 * Round trip: a generated registry imported into one database, that database's registry export
 * (api/Exportar/Registro) imported into a fresh one, and the fresh one's export: the two files are
 * identical (fast-check over generated registries; the file imported back alternates CSV and Excel).
 */
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ejecutarImportacion } from "../../src/importacion/motor.js";
import { fechaLocal, relojDelSistema } from "../../src/shared/tiempo.js";
import { crearTestApp, type TestApp } from "../support/app.js";
import { cedula, informeDe } from "../support/importacion.js";

let a: TestApp;
beforeAll(async () => {
  a = await crearTestApp();
});
afterAll(async () => {
  await a?.close();
});

const NOMBRES = ["María", "José", "Ana Lucía", "Ángel", "Núñez", "Peña", "O'Neal", "Ruiz-Díaz"];
const CARGOS = ["Director Financiero", "Encargado de Contabilidad", "Tesorero", "Director Administrativo"];
const FIRMAS = ["Cheques", "Órdenes de pago", "Transferencias", "Contratos", "Nóminas", "Certificaciones"];

const dia = fc
  .integer({ min: 0, max: 365 * 6 })
  .map((n) => new Date(Date.UTC(2019, 0, 1) + n * 86_400_000).toISOString().slice(0, 10));
const texto = (iso: string) => `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}`;

const arbFuncionario = fc.record({
  nombres: fc.constantFrom(...NOMBRES),
  apellidos: fc.constantFrom(...NOMBRES),
  cargo: fc.constantFrom(...CARGOS),
  firmas: fc.subarray(FIRMAS, { minLength: 1 }),
  rango: fc.option(fc.tuple(fc.integer({ min: 0, max: 1_000_000 }), fc.integer({ min: 0, max: 9_000_000 }))),
  vigencia: fc.option(fc.tuple(dia, fc.integer({ min: 0, max: 2000 }))),
  telefono: fc.option(fc.integer({ min: 2_000_000, max: 9_999_999 })),
  registro: dia,
});
const arbRegistro = fc.array(
  fc.record({
    incumbente: fc.constantFrom(...NOMBRES),
    funcionarios: fc.array(arbFuncionario, { minLength: 1, maxLength: 4 }),
  }),
  { minLength: 1, maxLength: 3 },
);

let n = 0;
type Registro = typeof arbRegistro extends fc.Arbitrary<infer T> ? T : never;
function archivo(registro: Registro): string {
  const filas = [
    "Institución,Tipo,Cédula,Nombres,Apellidos,Cargo,Teléfono,Firmas,Monto desde,Monto hasta,Vigencia desde,Vigencia hasta,Estatus,Fecha de registro",
  ];
  const q = (s: string) => `"${s.replace(/"/g, '""')}"`;
  for (const inst of registro) {
    const nombre = `Institución Generada ${++n}`;
    const primera = inst.funcionarios.map((f) => f.registro).sort()[0];
    filas.push(
      `${q(nombre)},Incumbente,${cedula(String(5000000000 + ++n))},${inst.incumbente},Ramos ${n},Ministro,,,,,,,Activo,${texto(primera)}`,
    );
    inst.funcionarios.forEach((f, i) => {
      const [d, h] = f.rango ? [Math.min(...f.rango), Math.max(...f.rango)] : [null, null];
      const vDesde = f.vigencia ? f.vigencia[0] : null;
      const vHasta = f.vigencia
        ? new Date(Date.parse(f.vigencia[0]) + f.vigencia[1] * 86_400_000).toISOString().slice(0, 10)
        : null;
      const tel = f.telefono === null ? "" : `(809) ${String(f.telefono).slice(0, 3)}-${String(f.telefono).slice(3)}`;
      filas.push(
        [
          q(nombre),
          "Funcionario",
          cedula(String(6000000000 + ++n)),
          q(f.nombres),
          q(`${f.apellidos} ${i}`),
          f.cargo,
          tel,
          q(f.firmas.join("; ")),
          d === null ? "Sin límite" : `${d}.50`,
          h === null ? "Sin límite" : `${h}.75`,
          vDesde === null ? "Permanente" : texto(vDesde),
          vHasta === null ? "Permanente" : texto(vHasta),
          "Activo",
          texto(f.registro),
        ].join(","),
      );
    });
  }
  return filas.join("\r\n");
}

async function importar(t: TestApp, contenido: Buffer, nombre: string) {
  const r = await ejecutarImportacion(t.db, {
    archivo: nombre,
    contenido,
    aplicar: true,
    crearCatalogos: true,
    idUsuario: null,
    hoy: fechaLocal(relojDelSistema()),
    ahora: relojDelSistema(),
  });
  expect((await informeDe(t.db, r.idImportacion)).filter((f) => f.resultado === "rechazada")).toEqual([]);
  expect(r.aplicada).toBe(true);
  return r;
}

async function exportar(t: TestApp, formato: "csv" | "xlsx"): Promise<Buffer> {
  const res = await t.as("consultor", { method: "GET", url: `/api/Exportar/Registro?formato=${formato}` });
  expect(res.statusCode).toBe(200);
  return res.rawPayload;
}

describe("export → import into a fresh database → export", () => {
  it("gives the same file, for generated registries", async () => {
    let corrida = 0;
    await fc.assert(
      fc.asyncProperty(arbRegistro, async (registro) => {
        await importar(a, Buffer.from(archivo(registro)), "generado.csv");
        const formato = corrida++ % 2 === 0 ? "csv" : "xlsx";
        const e1 = await exportar(a, "csv");
        const b = await crearTestApp();
        try {
          const r = await importar(b, await exportar(a, formato), `registro.${formato}`);
          // The demo's own rows are there already; the generated institutions are created.
          expect(r.conteos.sinCambios).toBeGreaterThan(0);
          expect(r.conteos.crear).toBeGreaterThan(0);
          const e2 = await exportar(b, "csv");
          expect(e2.toString("utf8")).toBe(e1.toString("utf8"));
          // And importing it again into the fresh one changes nothing.
          const otra = await importar(b, e2, "registro.csv");
          expect(otra.conteos).toMatchObject({ crear: 0, actualizar: 0, rechazada: 0 });
        } finally {
          await b.close();
        }
      }),
      { numRuns: 4 },
    );
    // A fresh database per run: several seconds each on a shared machine.
  }, 240_000);
});
