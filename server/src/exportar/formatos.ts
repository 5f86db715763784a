/**
 * The two export formats: CSV in UTF-8 with a BOM (so Excel reads accents right), RFC
 * 4180 quoting and CRLF lines; and Excel (.xlsx, xlsx.ts). Both take the rows batch by batch and
 * write while the client reads, waiting when it reads slowly.
 */
import { Readable } from "node:stream";
import { setImmediate } from "node:timers/promises";
import { adelantados, type Columna, type Formato, soltar, textoCelda, textoNumero } from "./celdas.js";
import { xlsx } from "./xlsx.js";

export { adelantados, type Columna, type Formato, textoCelda, textoNumero, type Valor } from "./celdas.js";

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
export function celdaCsv(texto: string | number | null): string {
  if (texto === null) return "";
  const t = typeof texto === "number" ? textoNumero(texto) : texto;
  const s = INICIO_FORMULA.test(t) ? `'${t}` : t;
  return COMILLAS.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

/** What makes a CSV cell need quotes (RFC 4180). */
const COMILLAS = /[",\r\n]/;

/**
 * A list's file, written as the batches of `lotes` arrive. The batches are the writer's: each row
 * is let go (`soltar`) as soon as it is written.
 */
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
  const filaCsv = (f: T, n: number) => {
    let l = "";
    for (let j = 0; j <= ultima; j++) {
      const c = columnas[j];
      l += celdaCsv(textoCelda(c.valor(f, n), c.formato));
      l += j === ultima ? "\r\n" : ",";
    }
    return l;
  };
  async function* generar() {
    yield `\uFEFF${linea(columnas.map((c) => c.titulo))}`;
    let n = 0;
    for await (const filas of adelantados(lotes)) {
      for (let i = 0; i < filas.length; i += FILAS_POR_TURNO) {
        if (i > 0) await setImmediate();
        let trozo = "";
        const fin = Math.min(filas.length, i + FILAS_POR_TURNO);
        for (let k = i; k < fin; k++) {
          trozo += filaCsv(filas[k], ++n);
          soltar(filas, k);
        }
        yield trozo;
      }
    }
  }
  return Readable.from(generar(), { objectMode: false });
}
