/**
 * The two export formats (issue 15): CSV in UTF-8 with a BOM (so Excel reads accents right), RFC
 * 4180 quoting and CRLF lines; and Excel (.xlsx) written by exceljs' streaming WorkbookWriter. Both
 * take the rows batch by batch and write while the client reads, waiting when it reads slowly.
 */
import { PassThrough, Readable } from "node:stream";
import ExcelJS from "exceljs";

export type Formato = "csv" | "xlsx";
export type Valor = string | number | null;

export interface Columna<T> {
  titulo: string;
  valor: (fila: T) => Valor;
}

export const TIPO_CONTENIDO: Record<Formato, string> = {
  csv: "text/csv; charset=utf-8",
  xlsx: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
};

/** What a spreadsheet reads as the start of a formula (OWASP's list for CSV injection). */
const INICIO_FORMULA = /^[=+\-@\t\r]/;

/**
 * One CSV cell: a text a spreadsheet would run as a formula (`=HYPERLINK(…)`, `@SUM(…)`, `-2+3…`)
 * gets a leading `'`, OWASP's rule, which spreadsheets show as text; the rest of the text is kept
 * as it is. RFC 4180 quoting after that.
 */
export function celdaCsv(v: Valor): string {
  if (v === null) return "";
  const texto = String(v);
  const s = INICIO_FORMULA.test(texto) ? `'${texto}` : texto;
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

export function exportar<T>(
  formato: Formato,
  hoja: string,
  columnas: Columna<T>[],
  lotes: AsyncIterable<T[]>,
): Readable {
  return formato === "csv" ? csv(columnas, lotes) : xlsx(hoja, columnas, lotes);
}

function csv<T>(columnas: Columna<T>[], lotes: AsyncIterable<T[]>): Readable {
  const linea = (celdas: Valor[]) => `${celdas.map(celdaCsv).join(",")}\r\n`;
  async function* generar() {
    yield `\uFEFF${linea(columnas.map((c) => c.titulo))}`;
    for await (const filas of lotes) yield filas.map((f) => linea(columnas.map((c) => c.valor(f)))).join("");
  }
  return Readable.from(generar(), { objectMode: false });
}

/** Resolves when the stream wants more, or is closed (the client went away, the time limit). */
function vaciado(s: PassThrough): Promise<void> {
  return new Promise((resolve) => {
    const listo = () => {
      s.off("drain", listo);
      s.off("close", listo);
      resolve();
    };
    s.on("drain", listo);
    s.on("close", listo);
  });
}

function xlsx<T>(hoja: string, columnas: Columna<T>[], lotes: AsyncIterable<T[]>): Readable {
  const salida = new PassThrough();
  const libro = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: salida, useStyles: true, useSharedStrings: false });
  const ws = libro.addWorksheet(hoja.slice(0, 31));
  ws.columns = columnas.map((c) => ({ header: c.titulo, width: Math.max(12, c.titulo.length + 4) }));
  ws.getRow(1).font = { bold: true };
  ws.getRow(1).commit();
  (async () => {
    for await (const filas of lotes) {
      // The client went away or the time limit passed: stop reading.
      if (salida.destroyed) return;
      for (const f of filas) ws.addRow(columnas.map((c) => c.valor(f))).commit();
      // Let the client catch up before reading the next batch (no connection is held meanwhile).
      if (salida.writableNeedDrain) await vaciado(salida);
    }
    ws.commit();
    await libro.commit();
  })().catch((e) => salida.destroy(e));
  return salida;
}
