/**
 * SQL of the background tasks' schedule (`tareas_programadas`): the row of each task that one
 * process at a time runs, its claim with a lease, the lease's renewal and the end of a run.
 */
import { and, eq, sql } from "drizzle-orm";
import type { Db } from "../db/client.js";
import { filas } from "../db/filas.js";
import { tareasProgramadas } from "../db/schema.js";

/** The task's row, written once: the first process to register it sets when it is first due. */
export async function asegurar(db: Db, nombre: string, proximo: Date): Promise<void> {
  await db.insert(tareasProgramadas).values({ nombre, proximo }).onConflictDoNothing();
}

/**
 * Claims the task when it is due and nobody holds a live lease on it: leased to `dueno` until
 * `hasta`. Null when not claimed (not due, leased, or being claimed by another process right now).
 */
export async function reclamar(
  db: Db,
  nombre: string,
  dueno: string,
  ahora: Date,
  hasta: Date,
): Promise<{ proximo: Date; intentos: number } | null> {
  const r = await filas<{ proximo: Date | string; intentos: number }>(
    db,
    sql`update ${tareasProgramadas} t
        set reclamado_hasta = ${hasta.toISOString()}::timestamptz, reclamado_por = ${dueno}, intentos = t.intentos + 1
        where t.nombre in (
          select c.nombre from ${tareasProgramadas} c
          where c.nombre = ${nombre} and c.proximo <= ${ahora.toISOString()}::timestamptz
            and (c.reclamado_hasta is null or c.reclamado_hasta <= ${ahora.toISOString()}::timestamptz)
          for update skip locked)
        returning t.proximo, t.intentos`,
  );
  return r[0] ? { proximo: new Date(r[0].proximo), intentos: Number(r[0].intentos) } : null;
}

/** When the task may next be claimed: its due time, or the end of a live lease if later. */
export async function libreDesde(db: Db, nombre: string): Promise<Date | null> {
  const r = await filas<{ libre: Date | string }>(
    db,
    sql`select greatest(proximo, coalesce(reclamado_hasta, proximo)) as libre
        from ${tareasProgramadas} where nombre = ${nombre}`,
  );
  return r[0] ? new Date(r[0].libre) : null;
}

/** Extends the lease of a run still going; false when the lease is no longer this process's. */
export async function prolongar(db: Db, nombre: string, dueno: string, hasta: Date): Promise<boolean> {
  const r = await db
    .update(tareasProgramadas)
    .set({ reclamadoHasta: hasta })
    .where(and(eq(tareasProgramadas.nombre, nombre), eq(tareasProgramadas.reclamadoPor, dueno)))
    .returning({ nombre: tareasProgramadas.nombre });
  return r.length > 0;
}

/**
 * The end of a run by `dueno`: the next due time, the lease released; a success (or a "not yet")
 * resets the attempts, a failure keeps them and its error.
 */
export interface FinDeEjecucion {
  proximo: Date;
  exito: Date | null;
  error: string | null;
  reiniciar: boolean;
}

export async function terminar(db: Db, nombre: string, dueno: string, fin: FinDeEjecucion): Promise<void> {
  await db
    .update(tareasProgramadas)
    .set({
      proximo: fin.proximo,
      reclamadoHasta: null,
      reclamadoPor: null,
      ...(fin.reiniciar ? { intentos: 0 } : {}),
      ...(fin.exito ? { ultimoExito: fin.exito, ultimoError: null } : {}),
      ...(fin.error !== null ? { ultimoError: fin.error.slice(0, 1000) } : {}),
    })
    .where(and(eq(tareasProgramadas.nombre, nombre), eq(tareasProgramadas.reclamadoPor, dueno)));
}

/** The last success of every task, whichever process ran it (for /metrics). */
export async function ultimosExitos(db: Db): Promise<Map<string, Date>> {
  const r = await db
    .select({ nombre: tareasProgramadas.nombre, ultimoExito: tareasProgramadas.ultimoExito })
    .from(tareasProgramadas);
  return new Map(r.filter((x) => x.ultimoExito !== null).map((x) => [x.nombre, x.ultimoExito as Date]));
}
