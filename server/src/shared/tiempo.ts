/**
 * Time in one place: the clock every read of "now" goes through (tests move it instead of
 * sleeping), the country's time zone, its calendar dates and the date texts built from them.
 *
 * The comptroller works in the Dominican Republic: America/Santo_Domingo, UTC−4 all year (no
 * daylight saving), so a calendar day there starts at 04:00 UTC. "Today", validity, expiry and the
 * audit filter's days are measured in that zone, never in the server machine's.
 *
 * Nothing else in server/src reads the current instant (`new Date()` without an argument, or
 * `Date.now()`; elapsed time is measured with `performance.now()`): biome/reloj.grit refuses it,
 * checked by test/arquitectura/arquitectura.test.ts.
 */

/** The clock: what time it is now. Passed down from `AppDeps.reloj`; tests give a movable one. */
export type Reloj = () => Date;

/** The machine's clock. */
export const relojDelSistema: Reloj = () => new Date();

/** The country's time zone (IANA name, for Intl). */
export const ZONA_PAIS = "America/Santo_Domingo";

/** The country's fixed offset from UTC (no daylight saving), for instants written as text and SQL. */
export const DESFASE_PAIS = "-04:00";
/** The same offset in milliseconds (the country's wall clock = UTC + this). */
const DESFASE_PAIS_MS = -4 * 3_600_000;

const FORMATO_FECHA = new Intl.DateTimeFormat("en-CA", { timeZone: ZONA_PAIS });

const FORMATO_FECHA_HORA = new Intl.DateTimeFormat("es-DO", {
  timeZone: ZONA_PAIS,
  day: "2-digit",
  month: "2-digit",
  year: "numeric",
  hour: "2-digit",
  minute: "2-digit",
  hourCycle: "h12",
});

const aInstante = (v: Date | string) => (v instanceof Date ? v : new Date(v));

/**
 * From this instant on the country's offset has been UTC−4 without a change (the zone's last one
 * was on 2000-12-03); before it, the time-zone database's history decides.
 */
const DESFASE_FIJO_DESDE = Date.UTC(2001, 0, 1);
/** Dates past year 9999 have no four-digit ISO form. */
const LIMITE_ISO = Date.UTC(9999, 11, 31);

/**
 * The calendar day (yyyy-mm-dd) an instant falls on in the country. Performance: since 2001 it is
 * the UTC date of the instant moved by the fixed offset (a property test holds it equal to Intl's
 * answer); Intl's formatting cost the verification a few per cent of its time under load.
 */
export function fechaLocal(instante: Date | string): string {
  const t = aInstante(instante).getTime();
  if (t >= DESFASE_FIJO_DESDE && t < LIMITE_ISO) {
    return new Date(t + DESFASE_PAIS_MS).toISOString().slice(0, 10);
  }
  return FORMATO_FECHA.format(aInstante(instante));
}

/** Today's date in the country, by the given clock. */
export function hoyLocal(reloj: Reloj): string {
  return fechaLocal(reloj());
}

/** A calendar date moved by whole days (yyyy-mm-dd in, yyyy-mm-dd out). */
export function sumarDias(fecha: string, dias: number): string {
  const d = new Date(`${fecha}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + dias);
  return d.toISOString().slice(0, 10);
}

/** Whole calendar days from one date to another (yyyy-mm-dd), negative when `hasta` comes first. */
export function diasEntre(desde: string, hasta: string): number {
  return Math.round((Date.parse(`${hasta}T00:00:00Z`) - Date.parse(`${desde}T00:00:00Z`)) / 86_400_000);
}

/**
 * Whole calendar days from the day an instant falls on in the country to `hasta` (yyyy-mm-dd):
 * `diasEntre(fechaLocal(instante), hasta)`, from the fixed offset (an export counts it a million
 * times; test/exportar/tiempo-hoja.test.ts holds the two equal).
 */
export function diasHasta(hasta: string): (instante: Date) => number {
  const dia = Date.parse(`${hasta}T00:00:00Z`) / 86_400_000;
  return (instante) => dia - Math.floor((instante.getTime() + DESFASE_PAIS_MS) / 86_400_000);
}

/** The day of the week of a calendar date: 0 Sunday … 6 Saturday. */
export function diaDeSemana(fecha: string): number {
  return new Date(`${fecha}T00:00:00Z`).getUTCDay();
}

/** The instant a calendar day (yyyy-mm-dd) starts in the country. */
export function inicioDiaLocal(fecha: string): Date {
  return new Date(`${fecha}T00:00:00${DESFASE_PAIS}`);
}

/** dd/mm/aaaa hh:mm a. m. of an instant, in the country's time: the screens' one format (web/src/lib/formato.ts). */
export function fechaHora(instante: Date | string): string {
  const p = Object.fromEntries(FORMATO_FECHA_HORA.formatToParts(aInstante(instante)).map((x) => [x.type, x.value]));
  return `${p.day}/${p.month}/${p.year} ${p.hour}:${p.minute} ${p.dayPeriod.replace(/\s/g, " ")}`;
}

/**
 * dd/mm/aaaa HH:mm (24 h) of an instant, in the country's time: exported spreadsheets only, where a
 * date-time cell is a real date whose Excel format (dd/mm/yyyy hh:mm) has no a. m./p. m. words and
 * the CSV's text must read the same as the Excel cell.
 */
export function fechaHoraHoja(instante: Date | string): string {
  // Performance: written from the fixed offset, not Intl (an export writes it a million times);
  // test/exportar/tiempo-hoja.test.ts holds it equal to the time zone's own formatting.
  const d = horaLocalEnUtc(instante);
  const dos = (n: number) => (n < 10 ? `0${n}` : String(n));
  return `${dos(d.getUTCDate())}/${dos(d.getUTCMonth() + 1)}/${d.getUTCFullYear()} ${dos(d.getUTCHours())}:${dos(d.getUTCMinutes())}`;
}

/** dd/mm/aaaa of a calendar date (yyyy-mm-dd, or the date part of an ISO date-time). */
export function fechaTexto(iso: string): string {
  const [y, m, d] = iso.slice(0, 10).split("-");
  return `${d}/${m}/${y}`;
}

/**
 * The country's wall-clock time of an instant, carried by a Date's UTC fields: what a spreadsheet's
 * date cell holds (its dates have no time zone, and exceljs writes a Date's UTC fields).
 */
export function horaLocalEnUtc(instante: Date | string): Date {
  const local = aInstante(instante).getTime() + DESFASE_PAIS_MS;
  return new Date(local - (((local % 60_000) + 60_000) % 60_000));
}

/** A calendar date (yyyy-mm-dd) as a spreadsheet's date cell holds it: that day at UTC midnight. */
export function diaEnUtc(iso: string): Date {
  return new Date(`${iso.slice(0, 10)}T00:00:00Z`);
}
