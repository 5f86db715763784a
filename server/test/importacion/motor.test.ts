/**
 * The registry import's engine on a real database (PGlite, or PostgreSQL with TEST_PG_URL): file
 * refusals, row refusals with row, column and message, the test run that writes nothing, the apply,
 * idempotent re-runs, updates with history, all-or-nothing, and verification for past dates as the
 * legacy registry had it (hand-checked cases).
 */
import { PassThrough } from "node:stream";
import { ESTATUS, MSG, MSG_IMPORTACION } from "@registro/contracts";
import { desc, eq, sql } from "drizzle-orm";
import ExcelJS from "exceljs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  autorizaciones,
  funcionarios,
  historial,
  importaciones,
  importacionFilas,
  importacionInforme,
  importacionSolicitudes,
  solicitudes,
} from "../../src/db/schema.js";
import { cerrarInterrumpidas, lineasInforme } from "../../src/importacion/importacion.service.js";
import { ejecutarImportacion, type OpcionesImportacion } from "../../src/importacion/motor.js";
import { fechaLocal, relojDelSistema } from "../../src/shared/tiempo.js";
import { crearTestApp, type TestApp } from "../support/app.js";
import { cedula, informeDe } from "../support/importacion.js";

let t: TestApp;
beforeAll(async () => {
  t = await crearTestApp();
});
afterAll(async () => {
  await t?.close();
});

const hoy = () => fechaLocal(relojDelSistema());
const anio = () => Number(hoy().slice(0, 4));

/** A run of the engine, with its report read back from the report's table. */
async function correr(contenido: Buffer | string, extra: Partial<OpcionesImportacion> = {}) {
  const r = await ejecutarImportacion(t.db, {
    archivo: "registro.csv",
    contenido: Buffer.isBuffer(contenido) ? contenido : Buffer.from(contenido, "utf8"),
    aplicar: false,
    crearCatalogos: false,
    idUsuario: null,
    hoy: hoy(),
    ahora: relojDelSistema(),
    ...extra,
  });
  return { ...r, informe: await informeDe(t.db, r.idImportacion) };
}

async function contar() {
  const [f] = await t.db.select({ n: sql<number>`count(*)::int` }).from(funcionarios);
  const [h] = await t.db.select({ n: sql<number>`count(*)::int` }).from(historial);
  const [a] = await t.db.select({ n: sql<number>`count(*)::int` }).from(autorizaciones);
  const [s] = await t.db.select({ n: sql<number>`count(*)::int` }).from(solicitudes);
  return { f: f.n, h: h.n, a: a.n, s: s.n };
}

async function verificar(ced: string, fecha: string) {
  const res = await t.as("verificador", { method: "GET", url: `/api/Verificacion/Firma?cedula=${ced}&fecha=${fecha}` });
  expect(res.statusCode).toBe(200);
  return res.json() as { autorizado: boolean; motivo: string };
}

const INST = "Ministerio de Hacienda";
const CED = {
  inc: cedula("4020000011"),
  baja: cedula("4020000021"),
  temp: cedula("4020000031"),
  perm: cedula("4020000041"),
};

/** The hand-checked registry: an incumbent, one official who ended last year, one temporary, one permanent. */
function archivoLegado(): string {
  const y = anio();
  const filas = [
    // Headers in another case, without accents, in another order; `;` and a BOM.
    "INSTITUCION;tipo;cedula;NOMBRES;Apellidos;cargo;firmas;monto desde;MONTO HASTA;vigencia desde;vigencia hasta;estatus;FECHA DE REGISTRO;fecha de baja;motivo de baja",
    `${INST};Incumbente;${CED.inc};Rosa;Almonte Díaz;Ministro;;;;;;Activo;10/01/2020;;`,
    `${INST};Funcionario;${CED.baja};Pedro;Báez Soto;Director Financiero;Cheques;;;;;Inactivo;10/01/2020;30/06/${y - 1};Renuncia aceptada`,
    `${INST};;${CED.temp};Luisa;Cruz Peña;Director Financiero;"Cheques; Transferencias";;;01/01/${y - 2};31/12/${y - 2};Activo;01/06/${y - 3};;`,
    `ministerio de hacienda;funcionario;${CED.perm};Juan;Féliz Mora;director financiero;Contratos;0.00;"500,000.00";Permanente;Permanente;activo;10/05/${y - 4};;`,
  ];
  return `\uFEFF${filas.join("\r\n")}\r\n`;
}

describe("files the import cannot take", () => {
  it("answers each with its Spanish reason and writes nothing", async () => {
    const antes = await contar();
    const casos: [Buffer | string, string][] = [
      [Buffer.from("%PDF-1.7\n%âãÏÓ\n1 0 obj"), MSG_IMPORTACION.formatoNoAdmitido],
      [Buffer.from([0x50, 0x4b, 0x03, 0x04, 1, 2, 3, 4, 5, 6, 7, 8]), MSG_IMPORTACION.excelIlegible],
      [Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0, 0]), MSG_IMPORTACION.excelAntiguo],
      [Buffer.from("Institución;Cédula\nMinisterio de Hacienda;Jiménez", "latin1"), MSG_IMPORTACION.codificacion],
      ["", MSG_IMPORTACION.vacio],
      ["\uFEFFInstitución,Cédula,Nombres,Apellidos,Cargo,Fecha de registro\r\n", MSG_IMPORTACION.vacio],
      [
        "Institución,Cédula,Nombres\r\nx,y,z\r\n",
        MSG_IMPORTACION.columnasFaltantes(["Apellidos", "Cargo", "Fecha de registro"]),
      ],
      ["Institución,Cédula,Cedula,Nombres\r\n", MSG_IMPORTACION.columnaRepetida("Cédula")],
    ];
    for (const [contenido, mensaje] of casos) {
      const r = await correr(contenido, { aplicar: true });
      expect(r.error, String(contenido).slice(0, 40)).toBe(mensaje);
      expect(r.aplicada).toBe(false);
    }
    // An unclosed quote: the line where reading stopped.
    const roto = await correr('Institución,Cédula,Nombres,Apellidos,Cargo,Fecha de registro\r\n"x,y\r\n');
    expect(roto.error).toMatch(/^El CSV no se puede leer a partir de la línea \d+ \(comillas sin cerrar/);
    // Over the row limit (the documented 200,000, lowered here).
    const muchas = archivoLegado();
    expect((await correr(muchas, { maxFilas: 3 })).error).toBe(MSG_IMPORTACION.demasiadasFilas("3"));
    expect(await contar()).toEqual(antes);
  });

  it("refuses an Excel book with a formula in a cell, naming the cell", async () => {
    const libro = new ExcelJS.Workbook();
    const hoja = libro.addWorksheet("Registro");
    hoja.addRow(["Institución", "Cédula", "Nombres", "Apellidos", "Cargo", "Fecha de registro"]);
    hoja.addRow([
      INST,
      CED.perm,
      "Juan",
      { formula: 'CONCATENATE("F","é")', result: "Fé" },
      "Director Financiero",
      "01/01/2020",
    ]);
    const r = await correr(Buffer.from(await libro.xlsx.writeBuffer()), { archivo: "x.xlsx" });
    expect(r.error).toBe(MSG_IMPORTACION.formula("D2"));
  });
});

describe("rows refused", () => {
  it("each with its row, column and Spanish message; an apply with refusals writes nothing", async () => {
    const y = anio();
    const csv = [
      "Institución,Tipo,Cédula,Nombres,Apellidos,Cargo,Firmas,Monto desde,Monto hasta,Vigencia desde,Vigencia hasta,Estatus,Fecha de registro,Fecha de baja,Motivo de baja",
      `${INST},Funcionario,402-0000005-1,Ana,Ruiz,Director Financiero,Cheques,,,,,Activo,01/01/2020,,`,
      `Institución Inexistente,Funcionario,${cedula("4020000061")},Ana,Ruiz,Director Financiero,Cheques,,,,,Activo,01/01/2020,,`,
      `${INST},Funcionario,${cedula("4020000071")},Ana,Ruiz,Director Financiero,Cheques;Firma Rara,,,,,Activo,01/01/2020,,`,
      `${INST},Funcionario,${cedula("4020000081")},Ana,Ruiz,Director Financiero,Cheques,,,31/02/2020,31/12/2020,Activo,01/01/2020,,`,
      `${INST},Funcionario,${cedula("4020000081")},Ana,Ruiz,Director Financiero,Cheques,,,,,Activo,01/01/2020,,`,
      `${INST},Funcionario,${cedula("4020000081")},Ana,Ruiz,Director Financiero,Cheques,,,,,Activo,01/01/2020,,`,
      `${INST},Funcionario,${cedula("4020000091")},Ana,Ruiz,Director Financiero,Cheques,,,,,Inactivo,01/01/2020,,`,
      `${INST},Funcionario,${cedula("4020000101")},Ana,Ruiz,Ministro,Cheques,5000,100,,,Activo,01/01/${y + 1},,`,
      `${INST},Jefe,${cedula("4020000111")},,Ruiz,Director Financiero,,,,,,Activo,1/1/20,,`,
    ].join("\n");
    const antes = await contar();
    const r = await correr(csv, { aplicar: true });
    expect(r.error).toMatch(/filas rechazadas: no se aplicó ningún cambio/);
    expect(r.aplicada).toBe(false);
    expect(await contar()).toEqual(antes);
    const de = (fila: number) => r.informe.filter((f) => f.fila === fila).map((f) => [f.columna, f.mensaje]);
    expect(de(2)).toEqual([["Cédula", MSG.cedulaInvalida]]);
    expect(de(3)).toEqual([["Institución", MSG_IMPORTACION.institucionDesconocida("Institución Inexistente")]]);
    expect(de(4)).toEqual([["Firmas", MSG_IMPORTACION.firmaDesconocida("Firma Rara")]]);
    expect(de(5)).toEqual([["Vigencia desde", MSG.fechaInexistente("31/02/2020")]]);
    // Valid, but the institution has no imported request yet and the file names no incumbent for it.
    expect(de(6)).toEqual([["", MSG_IMPORTACION.sinIncumbente]]);
    expect(de(7)).toEqual([["Cédula", MSG_IMPORTACION.duplicadaArchivo(6)]]);
    expect(de(8)).toEqual([
      ["Fecha de baja", MSG.requerido],
      ["Motivo de baja", MSG.requerido],
    ]);
    expect(de(9)).toEqual([
      ["Cargo", MSG_IMPORTACION.cargoTipo("Ministro", "Funcionario")],
      ["Monto desde", MSG.montosOrden],
      ["Fecha de registro", MSG_IMPORTACION.registroFuturo],
    ]);
    expect(de(10).map((x) => x[0])).toEqual(["Tipo", "Nombres", "Firmas", "Fecha de registro"]);
    expect(r.conteos).toMatchObject({ filas: 9, crear: 0, rechazada: 9 });
  });
});

describe("a legacy registry", () => {
  it("a test run reports and writes nothing; the apply creates an approved request with history and periods", async () => {
    const antes = await contar();
    const prueba = await correr(archivoLegado());
    expect(prueba.error).toBeNull();
    expect(prueba.informe.filter((f) => f.resultado === "rechazada")).toEqual([]);
    expect(prueba.conteos).toMatchObject({ filas: 4, crear: 4, actualizar: 0, sinCambios: 0, rechazada: 0 });
    expect(prueba.aplicada).toBe(false);
    expect(await contar()).toEqual(antes);

    const r = await correr(archivoLegado(), { aplicar: true });
    expect(r.aplicada).toBe(true);
    expect(r.conteos).toMatchObject({ crear: 4, rechazada: 0 });
    const despues = await contar();
    expect(despues.f - antes.f).toBe(3);
    expect(despues.s - antes.s).toBe(1);
    const [imp] = await t.db.select().from(importacionSolicitudes);
    const [sol] = await t.db.select().from(solicitudes).where(eq(solicitudes.idSolicitud, imp.idSolicitud));
    expect(sol.estatus).toBe(ESTATUS.ACTIVA);
    const hist = await t.db.select().from(historial).where(eq(historial.idSolicitud, sol.idSolicitud));
    expect(hist).toHaveLength(1);
    expect(hist[0].motivoCambioEstatus).toBe("Importado del registro anterior");
    // Dated with the earliest registration date of the institution's rows (10/01/2020, the country's day).
    expect(fechaLocal(hist[0].fecha)).toBe("2020-01-10");
  });

  it("verification for past dates answers as the legacy registry would have (hand-checked)", async () => {
    const y = anio();
    // Ended on 30/06 of last year, registered 10/01/2020: the end day itself is already outside.
    expect((await verificar(CED.baja, "2020-01-09")).autorizado).toBe(false);
    expect((await verificar(CED.baja, "2020-01-10")).autorizado).toBe(true);
    expect((await verificar(CED.baja, `${y - 1}-06-29`)).autorizado).toBe(true);
    const fin = await verificar(CED.baja, `${y - 1}-06-30`);
    expect(fin.autorizado).toBe(false);
    expect(fin.motivo).toContain(`30/06/${y - 1}`);
    expect((await verificar(CED.baja, hoy())).autorizado).toBe(false);
    // Temporary: registered 01/06 three years ago, valid through the whole year two years ago.
    expect((await verificar(CED.temp, `${y - 3}-12-31`)).autorizado).toBe(false);
    expect((await verificar(CED.temp, `${y - 2}-01-01`)).autorizado).toBe(true);
    expect((await verificar(CED.temp, `${y - 2}-12-31`)).autorizado).toBe(true);
    expect((await verificar(CED.temp, `${y - 1}-01-01`)).autorizado).toBe(false);
    // Permanent, registered 10/05 four years ago.
    expect((await verificar(CED.perm, `${y - 4}-05-09`)).autorizado).toBe(false);
    expect((await verificar(CED.perm, `${y - 4}-05-10`)).autorizado).toBe(true);
    expect((await verificar(CED.perm, hoy())).autorizado).toBe(true);
  });

  it("applying the same file again changes nothing", async () => {
    const antes = await contar();
    const r = await correr(archivoLegado(), { aplicar: true });
    expect(r.aplicada).toBe(true);
    expect(r.conteos).toMatchObject({ crear: 0, actualizar: 0, sinCambios: 4, rechazada: 0 });
    expect(await contar()).toEqual(antes);
  });

  it("a changed row updates the official and records the change in the history", async () => {
    const cambiado = archivoLegado().replace("Pedro;Báez Soto", "Pedro José;Báez Soto");
    const r = await correr(cambiado, { aplicar: true });
    expect(r.conteos).toMatchObject({ crear: 0, actualizar: 1, sinCambios: 3 });
    expect(r.informe.find((f) => f.resultado === "actualizar")).toMatchObject({ cedula: CED.baja, mensaje: "Nombres" });
    const [f] = await t.db.select().from(funcionarios).where(eq(funcionarios.cedula, CED.baja));
    expect(f.nombres).toBe("Pedro José");
    const textos = (await t.db.select().from(historial).where(eq(historial.idSolicitud, f.idSolicitud))).map(
      (h) => h.motivoCambioEstatus,
    );
    expect(textos).toContain(`Actualizado desde el registro anterior: ${CED.baja} (Nombres)`);
    // Its periods are still those of the legacy dates.
    expect((await verificar(CED.baja, `${anio() - 1}-06-29`)).autorizado).toBe(true);
  });

  it("a failure half-way through an apply leaves the registry as it was", async () => {
    const filas = ["Institución,Tipo,Cédula,Nombres,Apellidos,Cargo,Firmas,Fecha de registro"];
    for (let i = 0; i < 30; i++)
      filas.push(
        `${INST},,${cedula(String(4030000000 + i * 10))},Ana,Ruiz ${i},Director Financiero,Cheques,01/01/2021`,
      );
    const antes = await contar();
    let lotes = 0;
    await expect(
      correr(filas.join("\n"), {
        aplicar: true,
        lote: 5,
        progreso: (fase) => {
          if (fase === "aplicando" && ++lotes === 3) throw new Error("proceso detenido");
        },
      }),
    ).rejects.toThrow("proceso detenido");
    expect(await contar()).toEqual(antes);
    // The next run applies cleanly.
    const r = await correr(filas.join("\n"), { aplicar: true, lote: 5 });
    expect(r.conteos.crear).toBe(30);
    expect((await contar()).f).toBe(antes.f + 30);
  });
});

describe("Excel files", () => {
  it("reads an .xlsx whose dates are date cells and amounts numbers", async () => {
    const y = anio();
    const salida = new PassThrough();
    const trozos: Buffer[] = [];
    salida.on("data", (b: Buffer) => trozos.push(b));
    const libro = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: salida, useStyles: true });
    const hoja = libro.addWorksheet("Registro");
    hoja
      .addRow([
        "Institución",
        "Tipo",
        "Cédula",
        "Nombres",
        "Apellidos",
        "Cargo",
        "Firmas",
        "Monto desde",
        "Monto hasta",
        "Vigencia desde",
        "Vigencia hasta",
        "Fecha de registro",
      ])
      .commit();
    const c = cedula("4040000011");
    const fila = hoja.addRow([
      INST,
      "Funcionario",
      c,
      "Marta",
      "Lugo",
      "Director Financiero",
      "Nóminas",
      0,
      250000,
      new Date(Date.UTC(y - 1, 0, 1)),
      new Date(Date.UTC(y + 1, 11, 31)),
      new Date(Date.UTC(y - 1, 0, 1)),
    ]);
    for (const n of [10, 11, 12]) fila.getCell(n).numFmt = "dd/mm/yyyy";
    fila.commit();
    hoja.commit();
    await libro.commit();
    const r = await correr(Buffer.concat(trozos), { archivo: "registro.xlsx", aplicar: true });
    expect(r.informe).toEqual([expect.objectContaining({ fila: 2, resultado: "crear" })]);
    const [f] = await t.db.select().from(funcionarios).where(eq(funcionarios.cedula, c));
    expect(f).toMatchObject({
      firmaRango: true,
      montoHasta: "250000.00",
      fechaDesde: `${y - 1}-01-01`,
      fechaHasta: `${y + 1}-12-31`,
    });
  });
});

describe("what the file becomes, institution by institution", () => {
  it("each institution gets one approved request (106) holding exactly its officials, with its own history entry dated with its registration date", async () => {
    const c = {
      eduInc: cedula("4050000011"),
      edu1: cedula("4050000021"),
      edu2: cedula("4050000031"),
      aduInc: cedula("4050000041"),
      adu1: cedula("4050000051"),
    };
    const filas = [
      "Institución;Tipo;Cédula;Nombres;Apellidos;Cargo;Firmas;Fecha de registro",
      `Ministerio de Educación;Incumbente;${c.eduInc};Ana;Mejía;Ministro;;15/08/2019`,
      `Dirección General de Aduanas;Funcionario;${c.adu1};Tomás;Rijo;Director Financiero;Cheques;02/03/2023`,
      `Ministerio de Educación;Funcionario;${c.edu1};Berta;Lora;Director Financiero;Cheques;20/09/2019`,
      `Dirección General de Aduanas;Incumbente;${c.aduInc};Elena;Paulino;Director General;;05/04/2023`,
      `Ministerio de Educación;Funcionario;${c.edu2};Carlos;Nina;Director Financiero;Nóminas;01/02/2021`,
    ];
    const r = await correr(filas.join("\n"), { aplicar: true });
    expect(r.aplicada, JSON.stringify(r.informe)).toBe(true);
    const porInstitucion = await t.db
      .select({
        idSolicitud: solicitudes.idSolicitud,
        institucion: sql<string>`(select nombre from instituciones i where i.id_institucion = ${solicitudes.idInstitucion})`,
        estatus: solicitudes.estatus,
        fechaSolicitud: solicitudes.fechaSolicitud,
      })
      .from(importacionSolicitudes)
      .innerJoin(solicitudes, eq(solicitudes.idSolicitud, importacionSolicitudes.idSolicitud));
    const esperado: Record<string, { fecha: string; cedulas: string[] }> = {
      "Ministerio de Educación": { fecha: "2019-08-15", cedulas: [c.edu1, c.edu2] },
      "Dirección General de Aduanas": { fecha: "2023-03-02", cedulas: [c.adu1] },
    };
    for (const [nombre, e] of Object.entries(esperado)) {
      const sols = porInstitucion.filter((s) => s.institucion === nombre);
      expect(sols, nombre).toHaveLength(1);
      const [sol] = sols;
      expect(sol.estatus).toBe(ESTATUS.ACTIVA);
      expect(sol.estatus).toBe(106);
      expect(fechaLocal(sol.fechaSolicitud)).toBe(e.fecha);
      const suyos = await t.db
        .select({ cedula: funcionarios.cedula, creado: funcionarios.creado })
        .from(funcionarios)
        .where(eq(funcionarios.idSolicitud, sol.idSolicitud))
        .orderBy(funcionarios.cedula);
      expect(suyos.map((f) => f.cedula)).toEqual(e.cedulas);
      const hist = await t.db.select().from(historial).where(eq(historial.idSolicitud, sol.idSolicitud));
      expect(hist.map((h) => [h.motivoCambioEstatus, h.estatus, fechaLocal(h.fecha)])).toEqual([
        [MSG_IMPORTACION.historialImportado, ESTATUS.ACTIVA, e.fecha],
      ]);
    }
    // Each official's period starts on its own registration date.
    const [edu2] = await t.db
      .select({ desde: autorizaciones.desde })
      .from(autorizaciones)
      .innerJoin(funcionarios, eq(funcionarios.idFuncionario, autorizaciones.idFuncionario))
      .where(eq(funcionarios.cedula, c.edu2));
    expect(fechaLocal(edu2.desde)).toBe("2021-02-01");
  });
});

describe("the run's rows and report live in the database, not in the process", () => {
  /** A cédula whose check digit is wrong. */
  const malaCedula = () => {
    const c = cedula("4060000999");
    return `${c.slice(0, -1)}${(Number(c.slice(-1)) + 1) % 10}`;
  };
  const CSV = () => {
    const filas = ["Institución;Tipo;Cédula;Nombres;Apellidos;Cargo;Firmas;Fecha de registro"];
    for (const [i, inst] of ["Consejo Escalonado A", "Consejo Escalonado B", "Consejo Escalonado C"].entries()) {
      filas.push(`${inst};Incumbente;${cedula(String(4060000001 + i * 100))};Jefe;Uno;Ministro;;01/02/2019`);
      for (let j = 1; j <= 4; j++)
        filas.push(
          `${inst};Funcionario;${cedula(String(4060000001 + i * 100 + j))};Ana;Díaz ${j};Tesorero;Cheques;01/02/2019`,
        );
    }
    // A duplicate far from its first row (another batch), and one refused row.
    filas.push(`Consejo Escalonado A;Funcionario;${cedula("4060000002")};Ana;Otra;Tesorero;Cheques;01/02/2019`);
    filas.push(`Consejo Escalonado C;Funcionario;${malaCedula()};Ana;Mala;Tesorero;Cheques;01/02/2019`);
    return filas.join("\n");
  };
  const preparadas = async (id: number) =>
    (
      await t.db
        .select({ n: sql<number>`count(*)::int` })
        .from(importacionFilas)
        .where(eq(importacionFilas.idImportacion, id))
    )[0].n;

  it("valid rows are staged while the run plans; one institution per group and tiny batches give the same report as the defaults; staging is emptied at the end", async () => {
    let vistas = -1;
    let id = 0;
    const pequeno = await correr(CSV(), {
      crearCatalogos: true,
      lote: 2,
      filasPorGrupo: 1,
      progreso: async (fase, hechas, total) => {
        // The last progress of the check: every valid row is staged for this run (the file's 15 rows but the duplicate and the refused one).
        if (fase === "validando" && hechas === total) {
          const [run] = await t.db
            .select({ id: importaciones.idImportacion })
            .from(importaciones)
            .orderBy(desc(importaciones.idImportacion))
            .limit(1);
          id = run.id;
          vistas = await preparadas(id);
        }
      },
    });
    expect(pequeno.idImportacion).toBe(id);
    expect(vistas).toBe(15);
    expect(await preparadas(pequeno.idImportacion)).toBe(0);
    const normal = await correr(CSV(), { crearCatalogos: true });
    expect(pequeno.informe).toEqual(normal.informe);
    expect(pequeno.conteos).toEqual(normal.conteos);
    expect(normal.conteos).toMatchObject({ filas: 17, crear: 15, rechazada: 2 });
    const de = (fila: number) =>
      normal.informe.filter((f) => f.fila === fila).map((f) => [f.resultado, f.columna, f.mensaje]);
    expect(de(17)).toEqual([["rechazada", "Cédula", MSG_IMPORTACION.duplicadaArchivo(3)]]);
    expect(de(18)).toEqual([["rechazada", "Cédula", MSG.cedulaInvalida]]);
    expect(normal.informe.map((f) => f.fila)).toEqual([...Array(17).keys()].map((i) => i + 2));
    // The report is read back in row order however it is paged.
    const porLotes: unknown[] = [];
    for await (const l of lineasInforme(t.db, normal.idImportacion, false, 3)) porLotes.push(...l);
    expect(porLotes).toEqual(normal.informe);
    const [run] = await t.db.select().from(importaciones).where(eq(importaciones.idImportacion, normal.idImportacion));
    expect(run).toMatchObject({ estado: "terminada", aplicada: false, conteos: normal.conteos, contenido: null });
  });

  it("applied a group of institutions at a time, in one transaction: the same registry as one group", async () => {
    const sinRepetidas = CSV().split("\n").slice(0, -2).join("\n");
    const antes = await contar();
    const r = await correr(sinRepetidas, { aplicar: true, crearCatalogos: true, lote: 2, filasPorGrupo: 1 });
    expect(r.aplicada, JSON.stringify(r.informe.filter((f) => f.resultado === "rechazada"))).toBe(true);
    expect(r.conteos).toMatchObject({ crear: 15, rechazada: 0 });
    const despues = await contar();
    expect(despues.f - antes.f).toBe(12);
    expect(despues.s - antes.s).toBe(3);
    expect(await preparadas(r.idImportacion)).toBe(0);
    const otra = await correr(sinRepetidas, { aplicar: true, crearCatalogos: true, filasPorGrupo: 2 });
    expect(otra.conteos).toMatchObject({ crear: 0, actualizar: 0, sinCambios: 15 });
    expect(await contar()).toEqual(despues);
  });

  it("a run that fails keeps neither its staged rows nor a partial report, and is recorded as failed", async () => {
    let id = 0;
    await expect(
      correr(CSV(), {
        aplicar: true,
        lote: 2,
        progreso: async (fase) => {
          if (fase === "validando") {
            const [run] = await t.db
              .select({ id: importaciones.idImportacion })
              .from(importaciones)
              .orderBy(desc(importaciones.idImportacion))
              .limit(1);
            id = run.id;
            throw new Error("detenido");
          }
        },
      }),
    ).rejects.toThrow("detenido");
    expect(await preparadas(id)).toBe(0);
    expect(await informeDe(t.db, id)).toEqual([]);
    const [run] = await t.db.select().from(importaciones).where(eq(importaciones.idImportacion, id));
    expect(run).toMatchObject({ estado: "fallida", error: MSG_IMPORTACION.fallida });
  });

  it("a run a stopped process left in progress loses its staged rows and partial report when it is closed", async () => {
    const [run] = await t.db
      .insert(importaciones)
      .values({ archivo: "x.csv", sha256: "0", estado: "validando" })
      .returning({ id: importaciones.idImportacion });
    await t.db.insert(importacionFilas).values({
      idImportacion: run.id,
      fila: 2,
      claveInstitucion: "#1",
      idInstitucion: 1,
      cedula: CED.perm,
      tipo: "Funcionario",
      registro: {},
    });
    await t.db.insert(importacionInforme).values({
      idImportacion: run.id,
      fila: 3,
      resultado: "rechazada",
      institucion: INST,
      cedula: "x",
      tipo: "Funcionario",
      columna: "Cédula",
      mensaje: MSG.cedulaInvalida,
    });
    expect(await cerrarInterrumpidas(t.db, relojDelSistema, true)).toBe(1);
    expect(await preparadas(run.id)).toBe(0);
    expect(await informeDe(t.db, run.id)).toEqual([]);
  });
});
