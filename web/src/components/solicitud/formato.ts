/**
 * Display formats of SPEC.md §9: dates in es-ES (inbox lists add the time, the history view uses
 * 12-hour time), amounts in USD with en-US grouping, file sizes. Shared by every request screen.
 */

import { alUsar } from "../../lib/al-usar";

function aFecha(valor: string | null | undefined): Date | null {
  if (!valor) return null;
  // Bare YYYY-MM-DD dates are calendar days: read them as local midnight, not UTC.
  const d = /^\d{4}-\d{2}-\d{2}$/.test(valor) ? new Date(`${valor}T00:00:00`) : new Date(valor);
  return Number.isNaN(d.getTime()) ? null : d;
}

const dos = (n: number) => String(n).padStart(2, "0");

/** dd/mm/aaaa of a date, in the browser's time zone (what es-ES's 2-digit date format prints). */
function fechaCorta(d: Date): string {
  return `${dos(d.getDate())}/${dos(d.getMonth() + 1)}/${d.getFullYear()}`;
}

// Performance: the two formats every list and the public constancia page print are written out by
// hand instead of with `Intl.DateTimeFormat`: building the first es-ES formatter loads the locale's
// data, about 20 ms of a phone's main thread (80 ms at Lighthouse's 4× slow-down) before the page's
// first paint. The output is the same as Intl's, character for character (formato.test.ts checks
// it against Intl over generated dates and amounts). The 12-hour format keeps Intl (history only).
const FECHA_HORA_12 = alUsar(
  () =>
    new Intl.DateTimeFormat("es-ES", {
      day: "2-digit",
      month: "2-digit",
      year: "numeric",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
      hour12: true,
    }),
);

/** dd/mm/aaaa */
export function formatearFecha(valor: string | null | undefined): string {
  if (valor && /^\d{4}-\d{2}-\d{2}$/.test(valor)) {
    // A calendar day: its digits as they are (it is the same day anywhere).
    const [a, m, d] = valor.split("-");
    return Number(a) > 0 && aFecha(valor) ? `${d}/${m}/${a}` : "";
  }
  const d = aFecha(valor);
  return d ? fechaCorta(d) : "";
}

/** dd/mm/aaaa, hh:mm (24 h), as the inbox lists show it. */
export function formatearFechaHora(valor: string | null | undefined): string {
  const d = aFecha(valor);
  return d ? `${fechaCorta(d)}, ${dos(d.getHours())}:${dos(d.getMinutes())}` : "";
}

/** dd/mm/aaaa, hh:mm:ss a. m./p. m. (12 h), as the history view shows it. */
export function formatearFechaHora12(valor: string | null | undefined): string {
  const d = aFecha(valor);
  return d ? FECHA_HORA_12().format(d) : "";
}

const usd = alUsar(() => new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" }));

/**
 * $1,234.56, as `Intl.NumberFormat("en-US", USD)` prints it (half away from zero on the shortest
 * decimal form of the number, the sign kept when it rounds to zero), written out by hand for the
 * same reason as the dates; the rare number JavaScript writes with an exponent goes to Intl.
 */
export function formatearMonto(valor: number | null | undefined): string {
  if (valor === null || valor === undefined) return "";
  const partes = /^(\d+)(?:\.(\d+))?$/.exec(String(Math.abs(valor)));
  if (!partes) return usd().format(valor);
  const [, entero, fraccion = ""] = partes;
  const centavos = BigInt(entero + fraccion.padEnd(2, "0").slice(0, 2)) + (fraccion.charAt(2) >= "5" ? 1n : 0n);
  const texto = centavos.toString().padStart(3, "0");
  const agrupado = texto.slice(0, -2).replace(/\B(?=(\d{3})+(?!\d))/g, ",");
  const negativo = valor < 0 || Object.is(valor, -0);
  return `${negativo ? "-" : ""}$${agrupado}.${texto.slice(-2)}`;
}

// One formatter for every size: `toLocaleString` with options builds a new one on each call.
const DECIMAL = alUsar(() => new Intl.NumberFormat("es-ES", { maximumFractionDigits: 1 }));
const CIFRA = alUsar(() => new Intl.NumberFormat("es-DO", { maximumFractionDigits: 1 }));

/**
 * 1,234.5: a figure of the dashboard as `Intl.NumberFormat("es-DO", { maximumFractionDigits: 1 })`
 * prints it (half away from zero on the shortest decimal form, no trailing ".0", the sign kept when
 * it rounds to zero), written out by hand: the dashboard's first es-DO formatter cost a slow phone
 * 50 ms (its locale's data), and one per figure (`toLocaleString`) 100 ms. Exponent forms go to Intl.
 */
export function formatearCifra(n: number): string {
  const partes = /^(\d+)(?:\.(\d+))?$/.exec(String(Math.abs(n)));
  if (!partes) return CIFRA().format(n);
  const [, entero, fraccion = ""] = partes;
  const decimas = BigInt(entero + (fraccion.charAt(0) || "0")) + (fraccion.charAt(1) >= "5" ? 1n : 0n);
  const texto = decimas.toString().padStart(2, "0");
  const agrupado = texto.slice(0, -1).replace(/\B(?=(\d{3})+(?!\d))/g, ",");
  const decima = texto.slice(-1);
  const negativo = n < 0 || Object.is(n, -0);
  return `${negativo ? "-" : ""}${agrupado}${decima === "0" ? "" : `.${decima}`}`;
}

export function formatearTamano(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${DECIMAL().format(bytes / 1024)} KB`;
  return `${DECIMAL().format(bytes / (1024 * 1024))} MB`;
}
