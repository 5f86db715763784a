/**
 * What both export formats share: a list's columns and cells, the text a cell reads as, and how
 * the batches reach the writer (read one ahead, each row let go once written).
 */
import { fechaHoraHoja, fechaTexto } from "../shared/tiempo.js";

export type Formato = "csv" | "xlsx";
/** A cell: text, a number, a date (a calendar day as UTC midnight, or an instant), or empty. */
export type Valor = string | number | Date | null;

export interface Columna<T> {
  titulo: string;
  /** The cell of a row; `n` is the row's position in the list (1 for the first). */
  valor: (fila: T, n: number) => Valor;
  /**
   * How the column's numbers and dates read: `fecha` a calendar day (dd/mm/aaaa), `fechaHora` an
   * instant in the country's time (dd/mm/aaaa hh:mm), `monto` an amount with two decimals. A text
   * in such a column ("Permanente", "Sin límite") is written as text.
   */
  formato?: "fecha" | "fechaHora" | "monto";
}

/** The text a cell reads as (CSV, and the column's width in Excel). */
export function textoCelda(v: Valor, formato: Columna<unknown>["formato"]): string | null {
  if (v === null) return null;
  if (v instanceof Date) return formato === "fechaHora" ? fechaHoraHoja(v) : fechaTexto(v.toISOString());
  if (typeof v === "number") return formato === "monto" ? v.toFixed(2) : textoNumero(v);
  return v;
}

/**
 * A number's text, the same as `String(n)`, but not through V8's number-to-string cache. `String`,
 * template literals and `+ ""` keep each number's text in that cache until another number takes
 * its slot, about 16,000 conversions later: a row's id, row number or date serial (new on every row
 * of an export) then outlives two young-generation collections and is moved to the old generation
 * (a fraction's text is even allocated there at once). A full export of a million rows moved
 * 20–40 MB of such texts there, which V8 lets grow to about four times its live size before it
 * collects it: the second export of a process peaked at 215–225 MB (docs/benchmarks).
 * JSON.stringify writes a finite number's text exactly as `String` does, without the cache.
 */
export function textoNumero(n: number): string {
  return Number.isFinite(n) ? JSON.stringify(n) : String(n);
}

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

/**
 * A row written is let go at once (its batch array no longer holds it). Without this a batch's
 * rows all lived until its last one was written, while the next batch was being read, long enough
 * for V8 to move them to the old generation, which then grew to 4 times its live size before
 * being collected: the full export's peak RSS was 270 MB instead of 185 (docs/benchmarks).
 */
export function soltar<T>(filas: T[], i: number) {
  (filas as unknown[])[i] = undefined;
}
