/**
 * The clock behind notices: the daily tasks, the sender's retry times and "today" for expiry read
 * it, so tests move time instead of sleeping. "Today" is the calendar date where the comptroller
 * works (America/Santo_Domingo, UTC−4 all year).
 */
export type Reloj = () => Date;

export const relojDelSistema: Reloj = () => new Date();

const FORMATO_FECHA = new Intl.DateTimeFormat("en-CA", { timeZone: "America/Santo_Domingo" });

/** The local calendar date (yyyy-mm-dd) of an instant. */
export function fechaLocal(instante: Date): string {
  return FORMATO_FECHA.format(instante);
}

/** A calendar date moved by whole days (yyyy-mm-dd in, yyyy-mm-dd out). */
export function sumarDias(fecha: string, dias: number): string {
  const d = new Date(`${fecha}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + dias);
  return d.toISOString().slice(0, 10);
}
