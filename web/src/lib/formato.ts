/**
 * The app's one set of display formats (issue 35, "Consistency"): every screen prints dates, times,
 * amounts, counts and sizes through these functions, so each reads the same everywhere and as the
 * server's documents, exports and e-mails print them (server/src/shared/tiempo.ts, verificacion/decision.ts):
 * - dates dd/mm/aaaa; date and time dd/mm/aaaa hh:mm a. m./p. m. (12 h, as SPEC.md §9's history view shows
 *   time: one format for lists, history, dashboards);
 * - amounts in US dollars "US$ 1,234.56" (never a bare "$", which reads as pesos here), en-US grouping (SPEC.md §9);
 * - counts and figures with the same grouping, "1,234.5"; file sizes "1.5 MB".
 * Every date and time is the country's (America/Santo_Domingo, UTC−4 all year, no daylight saving),
 * whatever zone the browser is set to: the same instant reads the same on every screen and in the
 * server's documents.
 */

import { alUsar } from "./al-usar";

/** The country's fixed offset from UTC in milliseconds (server/src/shared/tiempo.ts's DESFASE_PAIS). */
const DESFASE_PAIS_MS = -4 * 3_600_000;

/**
 * The instant moved by the country's offset: its UTC fields (getUTCHours…) are the country's wall
 * clock. The browser's own zone never enters (getHours would read the browser's).
 */
function aFecha(valor: string | null | undefined): Date | null {
  if (!valor) return null;
  // Bare YYYY-MM-DD dates are calendar days: midnight in the country, not UTC's.
  const d = /^\d{4}-\d{2}-\d{2}$/.test(valor) ? new Date(`${valor}T00:00:00-04:00`) : new Date(valor);
  return Number.isNaN(d.getTime()) ? null : new Date(d.getTime() + DESFASE_PAIS_MS);
}

/** Today's date (yyyy-mm-dd) in the country, whatever the browser's zone: a form's "today". */
export function hoyEnPais(ahora: Date = new Date()): string {
  return new Date(ahora.getTime() + DESFASE_PAIS_MS).toISOString().slice(0, 10);
}

const dos = (n: number) => String(n).padStart(2, "0");

/** dd/mm/aaaa of a date moved by aFecha (what es-ES's 2-digit date format prints in the country's zone). */
function fechaCorta(d: Date): string {
  return `${dos(d.getUTCDate())}/${dos(d.getUTCMonth() + 1)}/${d.getUTCFullYear()}`;
}

// Performance: the formats are written out by hand instead of with `Intl.DateTimeFormat`: building
// the first es-ES formatter loads the locale's data, about 20 ms of a phone's main thread (80 ms at
// Lighthouse's 4× slow-down) before the page's first paint. formato.test.ts checks them against Intl
// over generated dates and amounts.

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

/** hh:mm a. m. / p. m. (12 h: 12:05 a. m. is five past midnight). */
function hora12(d: Date): string {
  const h = d.getUTCHours() % 12 === 0 ? 12 : d.getUTCHours() % 12;
  return `${dos(h)}:${dos(d.getUTCMinutes())} ${d.getUTCHours() < 12 ? "a. m." : "p. m."}`;
}

/** dd/mm/aaaa hh:mm a. m. (12 h), wherever a date shows its time. */
export function formatearFechaHora(valor: string | null | undefined): string {
  const d = aFecha(valor);
  return d ? `${fechaCorta(d)} ${hora12(d)}` : "";
}

/** formatearFechaHora's two halves, the date and the time ("07:46 a. m."), for a cell that may break between them. */
export function partesFechaHora(valor: string | null | undefined): { fecha: string; hora: string } {
  const d = aFecha(valor);
  return d ? { fecha: fechaCorta(d), hora: hora12(d) } : { fecha: "", hora: "" };
}

const usd = alUsar(() => new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" }));

/**
 * US$ 1,234.56: `Intl.NumberFormat("en-US", USD)`'s $1,234.56 with the sign that says which dollar (half away from zero on the shortest
 * decimal form of the number, the sign kept when it rounds to zero), written out by hand for the
 * same reason as the dates; the rare number JavaScript writes with an exponent goes to Intl.
 */
export function formatearMonto(valor: number | null | undefined): string {
  if (valor === null || valor === undefined) return "";
  const partes = /^(\d+)(?:\.(\d+))?$/.exec(String(Math.abs(valor)));
  if (!partes) return usd().format(valor).replace("$", "US$ ");
  const [, entero, fraccion = ""] = partes;
  const centavos = BigInt(entero + fraccion.padEnd(2, "0").slice(0, 2)) + (fraccion.charAt(2) >= "5" ? 1n : 0n);
  const texto = centavos.toString().padStart(3, "0");
  const agrupado = texto.slice(0, -2).replace(/\B(?=(\d{3})+(?!\d))/g, ",");
  const negativo = valor < 0 || Object.is(valor, -0);
  return `${negativo ? "-" : ""}US$ ${agrupado}.${texto.slice(-2)}`;
}

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

/** A count or figure: 5,000,000 (the amounts' grouping, one decimal at most). */
export const formatearNumero = formatearCifra;

/** 512 B, 1.5 KB, 2,048 MB. */
export function formatearTamano(bytes: number): string {
  if (bytes < 1024) return `${formatearCifra(bytes)} B`;
  if (bytes < 1024 * 1024) return `${formatearCifra(bytes / 1024)} KB`;
  return `${formatearCifra(bytes / (1024 * 1024))} MB`;
}
