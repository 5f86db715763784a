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

// One formatter per format, built once: `toLocaleString` builds a new one on every call, which
// costs the inbox's first render a millisecond per row on a phone. Each is built on its first use,
// not when the module loads: building the four costs a slow phone about 80 ms that every screen
// importing this module would otherwise pay before its first paint, whichever formats it shows.
const FECHA = alUsar(() => new Intl.DateTimeFormat("es-ES", { day: "2-digit", month: "2-digit", year: "numeric" }));
const FECHA_HORA = alUsar(
  () =>
    new Intl.DateTimeFormat("es-ES", {
      day: "2-digit",
      month: "2-digit",
      year: "numeric",
      hour: "2-digit",
      minute: "2-digit",
      hour12: false,
    }),
);
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
  const d = aFecha(valor);
  return d ? FECHA().format(d) : "";
}

/** dd/mm/aaaa, hh:mm (24 h), as the inbox lists show it. */
export function formatearFechaHora(valor: string | null | undefined): string {
  const d = aFecha(valor);
  return d ? FECHA_HORA().format(d) : "";
}

/** dd/mm/aaaa, hh:mm:ss a. m./p. m. (12 h), as the history view shows it. */
export function formatearFechaHora12(valor: string | null | undefined): string {
  const d = aFecha(valor);
  return d ? FECHA_HORA_12().format(d) : "";
}

const usd = alUsar(() => new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" }));

export function formatearMonto(valor: number | null | undefined): string {
  return valor === null || valor === undefined ? "" : usd().format(valor);
}

export function formatearTamano(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toLocaleString("es-ES", { maximumFractionDigits: 1 })} KB`;
  return `${(bytes / (1024 * 1024)).toLocaleString("es-ES", { maximumFractionDigits: 1 })} MB`;
}
