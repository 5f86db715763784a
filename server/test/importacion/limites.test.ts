/**
 * What an uploaded file may hold, bounded before and while it is read (issue 34, item 1): an .xlsx
 * whose parts expand past the limits (a decompression bomb in its shared strings, too many parts,
 * one cell or one row too big, bytes hidden from its directory) is refused with a Spanish 400 on
 * the spot, quickly and without holding it; a CSV with mixed line endings is read row by row; a
 * quote inside an unquoted field is read as written; a record past the limit names its line.
 */
import crypto from "node:crypto";
import { Readable } from "node:stream";
import { LIMITES_XLSX, MAX_CARACTERES_CELDA, MAX_CARACTERES_REGISTRO_CSV, MSG_IMPORTACION } from "@registro/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ArchivoInvalido, type FilaLeida, leerFilas } from "../../src/importacion/lector.js";
import { comprobarXlsx } from "../../src/importacion/libro.js";
import { ejecutarImportacion, type OpcionesImportacion } from "../../src/importacion/motor.js";
import { fechaLocal, relojDelSistema } from "../../src/shared/tiempo.js";
import { crearTestApp, type TestApp } from "../support/app.js";
import {
  cedula,
  deflarRepetido,
  FIN_CADENAS,
  INICIO_CADENAS,
  informeDe,
  libroXlsx,
  zip,
} from "../support/importacion.js";
import { enviarMultipart } from "../support/peticiones.js";

let t: TestApp;
beforeAll(async () => {
  t = await crearTestApp();
});
afterAll(async () => {
  await t?.close();
});

const INST = "Ministerio de Hacienda";
const ENCABEZADO = ["Institución", "Tipo", "Cédula", "Nombres", "Apellidos", "Cargo", "Firmas", "Fecha de registro"];
const fila = (n: number, nombres = "Luis") => [
  INST,
  "Funcionario",
  cedula(String(9_300_000_000 + n * 10)),
  nombres,
  "Mota",
  "Tesorero",
  "Cheques",
  "05/05/2021",
];

async function correr(contenido: Buffer, archivo = "registro.csv", extra: Partial<OpcionesImportacion> = {}) {
  const r = await ejecutarImportacion(t.db, {
    archivo,
    contenido,
    aplicar: false,
    crearCatalogos: false,
    idUsuario: null,
    hoy: fechaLocal(relojDelSistema()),
    ahora: relojDelSistema(),
    ...extra,
  });
  return { ...r, informe: await informeDe(t.db, r.idImportacion) };
}

const subir = (contenido: Buffer, nombre = "registro.xlsx") =>
  enviarMultipart(t, "configuracion", "POST", "/api/Importacion", {}, { Archivo: { nombre, contenido } });

async function rechazo(p: Promise<unknown>): Promise<string> {
  const e = await p.then(
    () => null,
    (err: unknown) => err,
  );
  expect(e).toBeInstanceOf(ArchivoInvalido);
  return (e as ArchivoInvalido).mensaje;
}

const miles = (n: number) => n.toLocaleString("es-DO");

/** The rows a CSV reads to, as the engine reads them. */
async function filasDe(csv: string): Promise<FilaLeida[]> {
  const filas: FilaLeida[] = [];
  for await (const f of leerFilas("csv", () => Readable.from([Buffer.from(csv)]), 1_000_000)) filas.push(f);
  return filas;
}

describe("an .xlsx is bounded before it is read", () => {
  it("a decompression bomb in the shared strings: a Spanish 400 on the file, fast, the heap untouched", {
    timeout: 60_000,
  }, async () => {
    // 600 MB of shared strings in about half a megabyte: what killed the server.
    const bomba = await deflarRepetido(INICIO_CADENAS, "<si><t>Funcionario</t></si>".repeat(40_000), 600, FIN_CADENAS);
    const libro = libroXlsx([ENCABEZADO, fila(1)], bomba);
    expect(libro.length).toBeLessThan(2_000_000);
    expect(bomba.tamano).toBeGreaterThan(600_000_000);
    const heap = process.memoryUsage().heapUsed;
    const inicio = performance.now();
    const res = await subir(libro);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      success: false,
      message: "Los datos suministrados no son válidos",
      errors: { Archivo: [MSG_IMPORTACION.excelExcesivo] },
    });
    expect(performance.now() - inicio).toBeLessThan(5_000);
    expect(process.memoryUsage().heapUsed - heap).toBeLessThan(200 * 1024 * 1024);
    // The engine (and so `npm run importar`) refuses it the same way.
    const r = await correr(libro, "registro.xlsx");
    expect(r.error).toBe(MSG_IMPORTACION.excelExcesivo);
    expect(r.conteos.filas).toBe(0);
  });

  it("shared strings past their limit, even when they compress like text does", async () => {
    const textos = Array.from({ length: 30_000 }, (_, i) => `<si><t>Funcionaria número ${i * 7919}</t></si>`).join("");
    const libro = libroXlsx([ENCABEZADO, fila(1)], `${INICIO_CADENAS}${textos}${FIN_CADENAS}`);
    const lim = { ...LIMITES_XLSX, bytesTextos: 1024 * 1024 };
    expect(await rechazo(comprobarXlsx(libro, lim))).toBe(MSG_IMPORTACION.excelTextos("1"));
    await expect(comprobarXlsx(libro, { ...lim, bytesTextos: 2 * 1024 * 1024 })).resolves.toBeUndefined();
  });

  it("too many parts, too many bytes in all or in one part", async () => {
    const extra = Array.from({ length: 5 }, (_, i) => ({
      nombre: `xl/media/${i}.bin`,
      contenido: Buffer.alloc(1000, i),
    }));
    const libro = libroXlsx([ENCABEZADO, fila(1)], undefined, extra);
    await expect(comprobarXlsx(libro)).resolves.toBeUndefined();
    expect(await rechazo(comprobarXlsx(libro, { ...LIMITES_XLSX, entradas: 8 }))).toBe(
      MSG_IMPORTACION.excelPartes("8"),
    );
    expect(await rechazo(comprobarXlsx(libro, { ...LIMITES_XLSX, porEntrada: 999 }))).toBe(
      MSG_IMPORTACION.excelExcesivo,
    );
    expect(await rechazo(comprobarXlsx(libro, { ...LIMITES_XLSX, bytes: 6000 }))).toBe(MSG_IMPORTACION.excelExcesivo);
  });

  it("one shared string or one cell too big is refused before reading; a long cell within bytes when read, by name", async () => {
    const enorme = "x".repeat(LIMITES_XLSX.bytesCelda + 10);
    expect(
      await rechazo(
        comprobarXlsx(libroXlsx([ENCABEZADO, fila(1)], `${INICIO_CADENAS}<si><t>${enorme}</t></si>${FIN_CADENAS}`)),
      ),
    ).toBe(MSG_IMPORTACION.celdaLarga(null, miles(MAX_CARACTERES_CELDA)));
    expect(await rechazo(comprobarXlsx(libroXlsx([ENCABEZADO, fila(1, enorme)])))).toBe(
      MSG_IMPORTACION.celdaLarga(null, miles(MAX_CARACTERES_CELDA)),
    );
    // Within the bytes a cell's XML may take, but past Excel's characters: refused by name as read.
    const r = await correr(libroXlsx([ENCABEZADO, fila(1, "y".repeat(MAX_CARACTERES_CELDA + 1))]), "registro.xlsx");
    expect(r.error).toBe(MSG_IMPORTACION.celdaLarga("D2", miles(MAX_CARACTERES_CELDA)));
  });

  it("a row with too many cells, or too many bytes, is refused before reading", async () => {
    const ancha = [...fila(1), ...Array.from({ length: LIMITES_XLSX.celdasFila }, () => "")];
    const esperado = MSG_IMPORTACION.filaExcesiva(null, miles(LIMITES_XLSX.celdasFila), "4");
    expect(await rechazo(comprobarXlsx(libroXlsx([ENCABEZADO, ancha])))).toBe(esperado);
    // Text that compresses as text does (not a bomb): only the row's size is over.
    const gruesa = [...fila(1), ...Array.from({ length: 40 }, () => crypto.randomBytes(60_000).toString("hex"))];
    expect(await rechazo(comprobarXlsx(libroXlsx([ENCABEZADO, gruesa])))).toBe(esperado);
    // The same limits do not refuse a plain workbook (its rows are read).
    const r = await correr(libroXlsx([ENCABEZADO, fila(1), fila(2)]), "registro.xlsx");
    expect(r.error).toBeNull();
    expect(r.conteos.filas).toBe(2);
  });

  it("bytes the ZIP's directory does not list (a part hidden from the check) refuse the workbook", async () => {
    const libro = libroXlsx([ENCABEZADO, fila(1)]);
    await expect(comprobarXlsx(libro)).resolves.toBeUndefined();
    // A second shared strings' part slipped in before the directory, which still lists the first:
    // exceljs, reading front to back, would read it; a walk by the directory would not.
    const oculto = zip([{ nombre: "xl/sharedStrings.xml", contenido: Buffer.from("<sst/>") }]);
    const parte = oculto.subarray(0, oculto.indexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02])));
    const directorio = libro.readUInt32LE(libro.length - 6);
    const conOculto = Buffer.concat([libro.subarray(0, directorio), parte, libro.subarray(directorio)]);
    conOculto.writeUInt32LE(directorio + parte.length, conOculto.length - 6);
    expect(await rechazo(comprobarXlsx(conOculto))).toBe(MSG_IMPORTACION.excelIlegible);
  });
});

describe("a CSV is read record by record, its line named when it cannot be", () => {
  it("mixed line endings (a CRLF header, LF rows, a CR one) are as many rows as they look", async () => {
    const filas = Array.from({ length: 2000 }, (_, i) => fila(i + 1).join(","));
    const csv = `${ENCABEZADO.join(",")}\r\n${filas.slice(0, 1999).join("\n")}\r${filas[1999]}\n`;
    const leidas = await filasDe(csv);
    expect(leidas).toHaveLength(2000);
    expect(leidas[1999]).toEqual({ fila: 2001, celdas: expect.objectContaining({ fechaRegistro: "05/05/2021" }) });
    const r = await correr(Buffer.from(csv));
    expect(r.error).toBeNull();
    expect(r.conteos.filas).toBe(2000);
  });

  it("a quote inside an unquoted field is read as written", async () => {
    const csv = [ENCABEZADO.join(","), fila(1, 'Juan "Pepe"').join(","), fila(2).join(",")].join("\n");
    const leidas = await filasDe(csv);
    expect(leidas.map((f) => f.celdas.nombres)).toEqual(['Juan "Pepe"', "Luis"]);
    const r = await correr(Buffer.from(csv));
    expect(r.error).toBeNull();
    expect(r.conteos.filas).toBe(2);
  });

  it("a record past the limit (a quote left open) is refused naming the line it starts on", async () => {
    const filas = Array.from({ length: 6000 }, (_, i) => fila(i + 1).join(","));
    filas[2] = filas[2].replace("Luis", '"Luis');
    const csv = [ENCABEZADO.join(","), ...filas].join("\n");
    const r = await correr(Buffer.from(csv));
    expect(r.error).toBe(MSG_IMPORTACION.csvLineaLarga(4, miles(MAX_CARACTERES_REGISTRO_CSV)));
    expect(r.conteos.filas).toBe(0);
    // A quote left open at the end: the line it opens on, not the file's last.
    const corta = [
      ENCABEZADO.join(","),
      fila(1).join(","),
      fila(2).join(",").replace("Luis", '"Luis'),
      fila(3).join(","),
    ];
    const r2 = await correr(Buffer.from(corta.join("\n")));
    expect(r2.error).toBe(MSG_IMPORTACION.csvIlegible(3));
  });
});
