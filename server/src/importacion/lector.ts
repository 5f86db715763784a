/**
 * Reads an import file row by row, streamed: CSV (UTF-8 with or without BOM, `,` or `;`, read by
 * csv-parse) or Excel .xlsx (exceljs' streaming reader, first sheet). The kind is told by the
 * file's bytes, not its name. Headers are matched to the import's columns ignoring case, accents
 * and spaces. A file the import cannot take throws `ArchivoInvalido` with the Spanish reason.
 *
 * Bounded before and while reading: a workbook's container is checked first (libro.ts); as read, a
 * cell past MAX_CARACTERES_CELDA and a row past LIMITES_XLSX.celdasFila are refused by name; a CSV
 * record past MAX_CARACTERES_REGISTRO_CSV stops the read at its line. A CSV's records end at CRLF, LF or CR,
 * mixed in one file, and a quote inside an unquoted field is read as written (`Juan "Pepe"`).
 */
import { Readable } from "node:stream";
import {
  type ClaveColumna,
  COLUMNAS_IGNORADAS,
  COLUMNAS_IMPORTACION,
  LIMITES_XLSX,
  MAX_CARACTERES_CELDA,
  MAX_CARACTERES_REGISTRO_CSV,
  MSG_IMPORTACION,
} from "@registro/contracts";
import { CsvError, type InfoRecord, parse } from "csv-parse";
import type ExcelJS from "exceljs";

/** The file cannot be imported at all; `mensaje` says why, in Spanish. */
export class ArchivoInvalido extends Error {
  constructor(readonly mensaje: string) {
    super(mensaje);
    this.name = "ArchivoInvalido";
  }
}

/** A cell as read: text, or a calendar date (YYYY-MM-DD) when Excel holds a date, or a number. */
export type Celda = string | number | { fecha: string };

export interface FilaLeida {
  /** The row's number as the spreadsheet shows it (the header is row 1). */
  fila: number;
  celdas: Partial<Record<ClaveColumna, Celda>>;
}

export type FormatoArchivo = "csv" | "xlsx";

/** Lower case, no accents, no spaces or punctuation: "Fecha de Registro" = "fecha de registro" = "FECHA_DE_REGISTRO". */
export function normalizarNombre(s: string): string {
  return s
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/[^a-z0-9]/g, "");
}

const POR_NOMBRE = new Map(COLUMNAS_IMPORTACION.map((c) => [normalizarNombre(c.titulo), c]));
const IGNORADAS = new Set<string>(COLUMNAS_IGNORADAS.map(normalizarNombre));

/** Which file this is, by its first bytes. */
export function formatoDe(inicio: Buffer): FormatoArchivo {
  if (inicio.length === 0) throw new ArchivoInvalido(MSG_IMPORTACION.vacio);
  // A ZIP container: an .xlsx holds xl/workbook.xml (checked when it is opened).
  if (inicio.subarray(0, 4).equals(Buffer.from([0x50, 0x4b, 0x03, 0x04]))) return "xlsx";
  // The Compound File of Excel 97-2003 (and old Word).
  if (inicio.subarray(0, 8).equals(Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1])))
    throw new ArchivoInvalido(MSG_IMPORTACION.excelAntiguo);
  // Text: no NUL byte and no other control character than tab, CR, LF in the first bytes.
  const muestra = inicio.subarray(0, 4096);
  for (const b of muestra) {
    if (b === 0 || (b < 0x20 && b !== 0x09 && b !== 0x0a && b !== 0x0d))
      throw new ArchivoInvalido(MSG_IMPORTACION.formatoNoAdmitido);
  }
  if (muestra.subarray(0, 5).toString("latin1") === "%PDF-")
    throw new ArchivoInvalido(MSG_IMPORTACION.formatoNoAdmitido);
  return "csv";
}

/** Maps the header's cells to columns; refuses repeated and missing required columns. */
export function leerEncabezado(nombres: string[]): (ClaveColumna | null)[] {
  const vistas = new Set<ClaveColumna>();
  const mapa = nombres.map((n) => {
    const col = POR_NOMBRE.get(normalizarNombre(n));
    if (!col) return null;
    if (vistas.has(col.clave)) throw new ArchivoInvalido(MSG_IMPORTACION.columnaRepetida(col.titulo));
    vistas.add(col.clave);
    return col.clave;
  });
  if (nombres.every((n) => n.trim() === "")) throw new ArchivoInvalido(MSG_IMPORTACION.sinEncabezado);
  const faltan = COLUMNAS_IMPORTACION.filter((c) => c.requerida && !vistas.has(c.clave)).map((c) => c.titulo);
  if (faltan.length > 0) throw new ArchivoInvalido(MSG_IMPORTACION.columnasFaltantes(faltan));
  return mapa;
}

/** Whether a header cell is one the import knows (its own or the export's computed ones). */
export function columnaConocida(nombre: string): boolean {
  const n = normalizarNombre(nombre);
  return POR_NOMBRE.has(n) || IGNORADAS.has(n);
}

function filaVacia(celdas: FilaLeida["celdas"]): boolean {
  return Object.values(celdas).every((v) => typeof v === "string" && v.trim() === "");
}

/** The delimiter of a CSV: `;` when the header has more of them than commas outside quotes. */
function delimitador(primeraLinea: string): "," | ";" {
  let comas = 0;
  let puntos = 0;
  let entre = false;
  for (const c of primeraLinea) {
    if (c === '"') entre = !entre;
    else if (!entre && c === ",") comas++;
    else if (!entre && c === ";") puntos++;
  }
  return puntos > comas ? ";" : ",";
}

/** Decodes UTF-8 strictly (a Windows-1252 file fails here), chunk by chunk. */
async function* textoUtf8(fuente: AsyncIterable<Buffer>): AsyncGenerator<string> {
  const dec = new TextDecoder("utf-8", { fatal: true, ignoreBOM: false });
  try {
    for await (const trozo of fuente) yield dec.decode(trozo, { stream: true });
    const resto = dec.decode();
    if (resto) yield resto;
  } catch (e) {
    if (e instanceof TypeError) throw new ArchivoInvalido(MSG_IMPORTACION.codificacion);
    throw e;
  }
}

async function* filasCsv(fuente: AsyncIterable<Buffer>, maxFilas: number): AsyncGenerator<FilaLeida> {
  const texto = textoUtf8(fuente);
  // The first chunk decides the delimiter; it is put back in front of the rest.
  const primero = await texto.next();
  if (primero.done || primero.value.replace(/^\uFEFF/, "").trim() === "")
    throw new ArchivoInvalido(MSG_IMPORTACION.vacio);
  const inicio = primero.value.replace(/^\uFEFF/, "");
  const delim = delimitador(inicio.split(/\r\n|\n|\r/, 1)[0]);
  async function* todo() {
    yield inicio;
    yield* { [Symbol.asyncIterator]: () => texto };
  }
  // The line the next record starts on (a quoted cell may span lines).
  let linea = 1;
  const parser = Readable.from(todo()).pipe(
    parse({
      delimiter: delim,
      record_delimiter: ["\r\n", "\n", "\r"],
      relax_column_count: true,
      relax_quotes: true,
      max_record_size: MAX_CARACTERES_REGISTRO_CSV,
      // Counted as the parser goes (it reads ahead of the rows taken): the line a refusal names.
      on_record: (r: string[], ctx: InfoRecord) => {
        linea = ctx.lines + 1;
        return r;
      },
      bom: true,
      skip_empty_lines: false,
      trim: false,
    }),
  );
  let mapa: (ClaveColumna | null)[] | null = null;
  let fila = 0;
  let datos = 0;
  try {
    for await (const registro of parser as AsyncIterable<string[]>) {
      fila++;
      if (mapa === null) {
        mapa = leerEncabezado(registro);
        continue;
      }
      const celdas: FilaLeida["celdas"] = {};
      registro.forEach((v, i) => {
        const clave = mapa?.[i];
        if (clave) celdas[clave] = v;
      });
      if (filaVacia(celdas)) continue;
      if (++datos > maxFilas)
        throw new ArchivoInvalido(MSG_IMPORTACION.demasiadasFilas(maxFilas.toLocaleString("es-DO")));
      yield { fila, celdas };
    }
  } catch (e) {
    if (e instanceof ArchivoInvalido) throw e;
    if (e instanceof CsvError) {
      if (e.code === "CSV_MAX_RECORD_SIZE")
        throw new ArchivoInvalido(
          MSG_IMPORTACION.csvLineaLarga(linea, MAX_CARACTERES_REGISTRO_CSV.toLocaleString("es-DO")),
        );
      throw new ArchivoInvalido(MSG_IMPORTACION.csvIlegible(linea));
    }
    throw e;
  }
  if (mapa === null) throw new ArchivoInvalido(MSG_IMPORTACION.vacio);
  if (datos === 0) throw new ArchivoInvalido(MSG_IMPORTACION.vacio);
}

/** The A1 name of a cell. */
function nombreCelda(fila: number, columna: number): string {
  let s = "";
  let n = columna;
  while (n > 0) {
    const r = (n - 1) % 26;
    s = String.fromCharCode(65 + r) + s;
    n = Math.floor((n - 1) / 26);
  }
  return `${s}${fila}`;
}

/** An Excel cell's value as the import reads it; a formula is refused, whatever its result. */
function celdaExcel(v: ExcelJS.CellValue, fila: number, columna: number): Celda {
  if (v === null || v === undefined) return "";
  if (v instanceof Date) return { fecha: v.toISOString().slice(0, 10) };
  if (typeof v === "number") return v;
  if (typeof v === "boolean") return v ? "Sí" : "No";
  if (typeof v === "object" && ("formula" in v || "sharedFormula" in v))
    throw new ArchivoInvalido(MSG_IMPORTACION.formula(nombreCelda(fila, columna)));
  const texto =
    typeof v === "string"
      ? v
      : typeof v === "object" && "richText" in v
        ? v.richText.map((r) => r.text).join("")
        : typeof v === "object" && "text" in v && typeof v.text === "string"
          ? v.text
          : typeof v === "object" && "error" in v
            ? String(v.error)
            : String(v);
  if (texto.length > MAX_CARACTERES_CELDA)
    throw new ArchivoInvalido(
      MSG_IMPORTACION.celdaLarga(nombreCelda(fila, columna), MAX_CARACTERES_CELDA.toLocaleString("es-DO")),
    );
  return texto;
}

async function* filasXlsx(fuente: Readable, maxFilas: number): AsyncGenerator<FilaLeida> {
  // exceljs is loaded on the first spreadsheet read, not with every start of the server.
  const { default: ExcelJS } = await import("exceljs");
  const lector = new ExcelJS.stream.xlsx.WorkbookReader(fuente, {
    sharedStrings: "cache",
    styles: "cache",
    hyperlinks: "ignore",
    worksheets: "emit",
    entries: "ignore",
  });
  let mapa: (ClaveColumna | null)[] | null = null;
  let datos = 0;
  let hojas = 0;
  try {
    for await (const hoja of lector) {
      // Only the first sheet is read; the rest of the book is skipped.
      if (hojas++ > 0) break;
      for await (const row of hoja as AsyncIterable<ExcelJS.Row>) {
        const valores = (row.values as ExcelJS.CellValue[]).slice(1);
        if (valores.length > LIMITES_XLSX.celdasFila)
          throw new ArchivoInvalido(
            MSG_IMPORTACION.filaExcesiva(
              row.number,
              LIMITES_XLSX.celdasFila.toLocaleString("es-DO"),
              mb(LIMITES_XLSX.bytesFila),
            ),
          );
        if (mapa === null) {
          mapa = leerEncabezado(valores.map((v, i) => String(celdaExcel(v, row.number, i + 1))));
          continue;
        }
        const celdas: FilaLeida["celdas"] = {};
        valores.forEach((v, i) => {
          const clave = mapa?.[i];
          if (clave) celdas[clave] = celdaExcel(v, row.number, i + 1);
        });
        // A formula in a column the import does not read is still refused: the file must be values.
        valores.forEach((v, i) => {
          if (!mapa?.[i]) celdaExcel(v, row.number, i + 1);
        });
        if (filaVacia(celdas)) continue;
        if (++datos > maxFilas)
          throw new ArchivoInvalido(MSG_IMPORTACION.demasiadasFilas(maxFilas.toLocaleString("es-DO")));
        yield { fila: row.number, celdas };
      }
    }
  } catch (e) {
    if (e instanceof ArchivoInvalido) throw e;
    throw new ArchivoInvalido(MSG_IMPORTACION.excelIlegible);
  }
  if (hojas === 0) throw new ArchivoInvalido(MSG_IMPORTACION.sinHoja);
  if (mapa === null || datos === 0) throw new ArchivoInvalido(MSG_IMPORTACION.vacio);
}

/** Bytes as whole MB, for the texts. */
export const mb = (bytes: number) => Math.round(bytes / (1024 * 1024)).toLocaleString("es-DO");

/**
 * The file's data rows, one at a time. `abrir` opens the file from its start (called once);
 * `inicio` is its first bytes, which decide the format.
 */
export function leerFilas(formato: FormatoArchivo, abrir: () => Readable, maxFilas: number): AsyncGenerator<FilaLeida> {
  return formato === "csv" ? filasCsv(abrir(), maxFilas) : filasXlsx(abrir(), maxFilas);
}
