/**
 * The once-a-day claim every scheduled task shares (the audit checkpoint, the expiry sweep,
 * summaries): one row per task and day in `tareas_diarias`, whose unique key lets one process win.
 * Here, below every domain, so the audit trail and the notices claim their day the same way
 * without importing each other.
 */
import type { Tx } from "./client.js";
import { tareasDiarias } from "./schema.js";

/** True when this call claimed the task for the day (the unique key lets one process win). */
export async function reclamarDia(tx: Tx, tarea: string, dia: string): Promise<boolean> {
  const r = await tx.insert(tareasDiarias).values({ tarea, dia }).onConflictDoNothing().returning();
  return r.length > 0;
}
