/**
 * A date as a person types it in a date field: dd/mm/aaaa, with or without the slashes (15062025),
 * day and month of one or two digits (1/6/2025), "-" or "." also accepted between them. A two-digit
 * year, a day that does not exist (31/02/2026) or anything else is an error with its reason, so a
 * field never drops or replaces a date it could not read. Without zod, so a screen with a date
 * field and no schema does not load it (its zod schema, `zFechaEscrita`, is in validacion.ts).
 */
import { MSG } from "./mensajes.js";

export type FechaEscrita = { fecha: string | null; error?: undefined } | { fecha?: undefined; error: string };

const dos = (n: number) => String(n).padStart(2, "0");

/** YYYY-MM-DD as dd/mm/aaaa. */
export function textoDeFechaIso(iso: string): string {
  const [y, m, d] = iso.split("-");
  return `${d}/${m}/${y}`;
}

/** Reads the text of a date field: `fecha` is YYYY-MM-DD, or null when the field is empty. */
export function leerFechaEscrita(texto: string): FechaEscrita {
  const s = texto.trim();
  if (s === "") return { fecha: null };
  const partes = /^(\d{2})(\d{2})(\d{4})$/.exec(s) ?? /^(\d{1,2})[/.-](\d{1,2})[/.-](\d+)$/.exec(s);
  if (!partes) return /^\d{6}$/.test(s) ? { error: MSG.fechaAnioCorto } : { error: MSG.fechaFormato };
  const [, dd, mm, aaaa] = partes;
  if (aaaa.length !== 4) return { error: aaaa.length < 4 ? MSG.fechaAnioCorto : MSG.fechaFormato };
  const d = Number(dd);
  const m = Number(mm);
  const y = Number(aaaa);
  const dt = new Date(Date.UTC(y, m - 1, d));
  if (y < 1000 || dt.getUTCFullYear() !== y || dt.getUTCMonth() !== m - 1 || dt.getUTCDate() !== d)
    return { error: MSG.fechaInexistente(`${dos(d)}/${dos(m)}/${aaaa}`) };
  return { fecha: `${aaaa}-${dos(m)}-${dos(d)}` };
}
