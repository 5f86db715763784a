/**
 * The scheduler's plain computations: when a task is next due (every N ms, or daily at a time of
 * the country's day) and how long to wait after the n-th failure in a row.
 */
import { fechaLocal, inicioDiaLocal, sumarDias } from "../shared/tiempo.js";

/** When a task runs: every `cadaMs`, or once a day at `hora`:`minuto` in the country's time. */
export type Cuando = { cadaMs: number } | { diaria: { hora: number; minuto?: number } };

/** Today's (in the country) occurrence of a daily time, as an instant. */
function ocurrenciaDelDia(dia: string, d: { hora: number; minuto?: number }): Date {
  return new Date(inicioDiaLocal(dia).getTime() + (d.hora * 60 + (d.minuto ?? 0)) * 60_000);
}

/**
 * When a task is first due: at once for a periodic task; for a daily one, its latest occurrence
 * not after `ahora` (a process that starts after the day's time, or after a missed day, runs it at once).
 */
export function primeraVez(cuando: Cuando, ahora: Date): Date {
  if ("cadaMs" in cuando) return ahora;
  const hoy = fechaLocal(ahora);
  const deHoy = ocurrenciaDelDia(hoy, cuando.diaria);
  return deHoy.getTime() <= ahora.getTime() ? deHoy : ocurrenciaDelDia(sumarDias(hoy, -1), cuando.diaria);
}

/** When a task is next due after a run that ended at `ahora`: strictly later than `ahora`. */
export function siguienteVez(cuando: Cuando, ahora: Date): Date {
  if ("cadaMs" in cuando) return new Date(ahora.getTime() + cuando.cadaMs);
  const hoy = fechaLocal(ahora);
  const deHoy = ocurrenciaDelDia(hoy, cuando.diaria);
  return deHoy.getTime() > ahora.getTime() ? deHoy : ocurrenciaDelDia(sumarDias(hoy, 1), cuando.diaria);
}

/**
 * The wait after the `fallos`-th failure in a row: `primeraMs` doubled after each further one, up to
 * `maximaMs`. A periodic task never comes back sooner than its own period; a daily one never later
 * than its next occurrence.
 */
export function esperaTrasFallo(
  cuando: Cuando,
  ahora: Date,
  fallos: number,
  reintento: { primeraMs: number; maximaMs: number },
): Date {
  const espera = Math.min(reintento.primeraMs * 2 ** Math.max(0, fallos - 1), reintento.maximaMs);
  if ("cadaMs" in cuando) return new Date(ahora.getTime() + Math.max(espera, cuando.cadaMs));
  return new Date(Math.min(ahora.getTime() + espera, siguienteVez(cuando, ahora).getTime()));
}
