/**
 * The two export formats: CSV in UTF-8 with a BOM (so Excel reads accents right), RFC
 * 4180 quoting and CRLF lines; and Excel (.xlsx, xlsx.ts). Both take the rows batch by batch and
 * write while the client reads, waiting when it reads slowly.
 */
import { Readable } from "node:stream";
import { setImmediate } from "node:timers/promises";
import vm from "node:vm";
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
  const contadas = recogerAlFinal(lotes);
  return formato === "csv" ? csv(columnas, contadas) : xlsx(hoja, columnas, contadas);
}

/** Rows read after which an export asks V8 for a full collection when it has read its last batch. */
export const FILAS_RECOGER = 50_000;

/**
 * The batches of `lotes`; once the last one is read, if they held FILAS_RECOGER rows or more, a
 * full collection of V8's heap is asked for (`vm.measureMemory` with eager execution starts one at
 * once; the measurement itself is not used). A long export moves some of its rows to the old
 * generation (those in flight at two young collections in a row), 10–20 MB a million rows, and V8
 * lets the old generation grow to about four times its live size before collecting it: without
 * this, exports one after the other in a process peaked 20 MB higher each time (158, 176, 200 and
 * 218 MB for four exports of a million rows; docs/benchmarks). One collection a long export costs
 * a few tens of milliseconds.
 */
async function* recogerAlFinal<T>(lotes: AsyncIterable<T[]>): AsyncGenerator<T[]> {
  let filas = 0;
  for await (const lote of lotes) {
    filas += lote.length;
    yield lote;
  }
  if (filas >= FILAS_RECOGER) vm.measureMemory({ execution: "eager" }).catch(() => {});
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
