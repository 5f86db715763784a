/**
 * The two export formats: CSV in UTF-8 with a BOM (so Excel reads accents right), RFC
 * 4180 quoting and CRLF lines; and Excel (.xlsx) written by exceljs' streaming WorkbookWriter, with
 * real dates and numbers (formatted dd/mm/aaaa and #,##0.00), columns sized to their content, the
 * header row frozen and filterable. Both take the rows batch by batch and write while the client
 * reads, waiting when it reads slowly.
 */
import { PassThrough, Readable } from "node:stream";
import { setImmediate } from "node:timers/promises";
import type ExcelJS from "exceljs";
import { fechaHoraHoja, fechaTexto, horaLocalEnUtc } from "../shared/tiempo.js";

export type Formato = "csv" | "xlsx";
/** A cell: text, a number, a date (a calendar day as UTC midnight, or an instant), or empty. */
export type Valor = string | number | Date | null;

export interface Columna<T> {
  titulo: string;
  valor: (fila: T) => Valor;
  /**
   * How the column's numbers and dates read: `fecha` a calendar day (dd/mm/aaaa), `fechaHora` an
   * instant in the country's time (dd/mm/aaaa hh:mm), `monto` an amount with two decimals. A text
   * in such a column ("Permanente", "Sin límite") is written as text.
   */
  formato?: "fecha" | "fechaHora" | "monto";
}

export const TIPO_CONTENIDO: Record<Formato, string> = {
  csv: "text/csv; charset=utf-8",
  xlsx: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
};

/** The text a cell reads as (CSV, and the column's width in Excel). */
export function textoCelda(v: Valor, formato: Columna<unknown>["formato"]): string | null {
  if (v === null) return null;
  if (v instanceof Date) return formato === "fechaHora" ? fechaHoraHoja(v) : fechaTexto(v.toISOString());
  if (typeof v === "number" && formato === "monto") return v.toFixed(2);
  return String(v);
}

/** What a spreadsheet reads as the start of a formula (OWASP's list for CSV injection). */
const INICIO_FORMULA = /^[=+\-@\t\r]/;

/**
 * One CSV cell: a text a spreadsheet would run as a formula (`=HYPERLINK(…)`, `@SUM(…)`, `-2+3…`)
 * gets a leading `'`, OWASP's rule, which spreadsheets show as text; the rest of the text is kept
 * as it is. RFC 4180 quoting after that.
 */
export function celdaCsv(texto: string | number | null): string {
  if (texto === null) return "";
  const t = String(texto);
  const s = INICIO_FORMULA.test(t) ? `'${t}` : t;
  return COMILLAS.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

/** What makes a CSV cell need quotes (RFC 4180). */
const COMILLAS = /[",\r\n]/;

/**
 * The batches of `lotes`, the next one read while the caller writes the current one: the
 * database's time and the formatting overlap. At most one batch is read ahead, so a slow reader
 * still holds the reading back; a reader that stops early drops it.
 */
export async function* adelantados<T>(lotes: AsyncIterable<T>): AsyncGenerator<T> {
  const it = lotes[Symbol.asyncIterator]();
  // A read that fails while the caller is still writing is not "unhandled" (that would stop the
  // process): its error reaches the caller when it asks for that batch.
  const leer = () => {
    const p = it.next();
    p.catch(() => {});
    return p;
  };
  let siguiente = leer();
  let terminado = false;
  try {
    for (;;) {
      const r = await siguiente;
      if (r.done) {
        terminado = true;
        return;
      }
      siguiente = leer();
      yield r.value;
    }
  } finally {
    // Stopped early (client gone, time limit): the batch in flight is let go.
    if (!terminado) await it.return?.(undefined);
  }
}

export function exportar<T>(
  formato: Formato,
  hoja: string,
  columnas: Columna<T>[],
  lotes: AsyncIterable<T[]>,
): Readable {
  return formato === "csv" ? csv(columnas, lotes) : xlsx(hoja, columnas, lotes);
}

/**
 * Rows formatted between two turns of the event loop. A batch is formatted in slices with a turn
 * in between, so that many exports starting at once (each formatting its first batches as fast as
 * the socket takes them) never keep the process from answering everyone else's calls.
 */
const FILAS_POR_TURNO = 100;

function csv<T>(columnas: Columna<T>[], lotes: AsyncIterable<T[]>): Readable {
  const linea = (celdas: (string | null)[]) => `${celdas.map(celdaCsv).join(",")}\r\n`;
  // Performance: one string per slice of rows, built cell by cell without intermediate arrays.
  const ultima = columnas.length - 1;
  const filaCsv = (f: T) => {
    let l = "";
    for (let j = 0; j <= ultima; j++) {
      const c = columnas[j];
      l += celdaCsv(textoCelda(c.valor(f), c.formato));
      l += j === ultima ? "\r\n" : ",";
    }
    return l;
  };
  async function* generar() {
    yield `\uFEFF${linea(columnas.map((c) => c.titulo))}`;
    for await (const filas of adelantados(lotes)) {
      for (let i = 0; i < filas.length; i += FILAS_POR_TURNO) {
        if (i > 0) await setImmediate();
        let trozo = "";
        const fin = Math.min(filas.length, i + FILAS_POR_TURNO);
        for (let k = i; k < fin; k++) trozo += filaCsv(filas[k]);
        yield trozo;
      }
    }
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

/** Excel's number formats of each kind of column. */
const FORMATO_EXCEL = { fecha: "dd/mm/yyyy", fechaHora: "dd/mm/yyyy hh:mm", monto: "#,##0.00" } as const;

/** Width bounds of a column, in characters. */
const ANCHO_MIN = 8;
const ANCHO_MAX = 60;

/**
 * An Excel cell's value: an instant becomes the country's wall-clock time (Excel dates have no
 * time zone, and exceljs writes a Date's UTC fields), a calendar day stays as it is.
 */
function valorExcel(v: Valor, formato: Columna<unknown>["formato"]): ExcelJS.CellValue {
  if (v instanceof Date && formato === "fechaHora") {
    return horaLocalEnUtc(v);
  }
  return v;
}

function xlsx<T>(hoja: string, columnas: Columna<T>[], lotes: AsyncIterable<T[]>): Readable {
  const salida = new PassThrough();
  (async () => {
    // exceljs is loaded on the first spreadsheet, not with every start of the server.
    const { default: ExcelJS } = await import("exceljs");
    const libro = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: salida, useStyles: true, useSharedStrings: false });
    // The header row stays in view while scrolling.
    const ws = libro.addWorksheet(hoja.slice(0, 31), { views: [{ state: "frozen", ySplit: 1 }] });
    // The streaming writer puts the columns' widths before the first row: they are measured on the
    // header and the first batch (up to 2,000 rows), which stands for the rest.
    const empezar = (primeras: T[]) => {
      ws.columns = columnas.map((c) => {
        const largo = Math.max(
          c.titulo.length + 2,
          ...primeras.map((f) => (textoCelda(c.valor(f), c.formato) ?? "").length + 1),
        );
        return { header: c.titulo, width: Math.min(ANCHO_MAX, Math.max(ANCHO_MIN, largo + 1)) };
      });
      ws.getRow(1).font = { bold: true };
      ws.getRow(1).commit();
      // Filter buttons on the header, over every column.
      ws.autoFilter = { from: { row: 1, column: 1 }, to: { row: 1, column: columnas.length } };
    };
    let empezada = false;
    for await (const filas of adelantados(lotes)) {
      // The client went away or the time limit passed: stop reading.
      if (salida.destroyed) return;
      if (!empezada) {
        empezar(filas);
        empezada = true;
      }
      for (const [i, f] of filas.entries()) {
        if (i > 0 && i % FILAS_POR_TURNO === 0) await setImmediate();
        const row = ws.addRow(columnas.map((c) => valorExcel(c.valor(f), c.formato)));
        columnas.forEach((c, i) => {
          const v = row.getCell(i + 1).value;
          if (c.formato && (v instanceof Date || typeof v === "number"))
            row.getCell(i + 1).numFmt = FORMATO_EXCEL[c.formato];
        });
        row.commit();
      }
      // Let the client catch up before reading the next batch (no connection is held meanwhile).
      if (salida.writableNeedDrain) await vaciado(salida);
    }
    if (!empezada) empezar([]);
    ws.commit();
    await libro.commit();
  })().catch((e) => salida.destroy(e));
  return salida;
}
