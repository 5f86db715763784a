/** SQL of the sign-in rate limit's counters (table limites_acceso; the store is limite-acceso.ts). */
import { sql } from "drizzle-orm";
import type { Db } from "../db/client.js";

/**
 * Counts one attempt under the key in its fixed window (`ventana`, an interval text): the first
 * attempt, or one after the window ended, opens a new window. Answers the attempts in the window
 * and the milliseconds it has left.
 */
export async function contarIntento(
  db: Db,
  clave: string,
  ventana: string,
): Promise<{ intentos: number; ttl: number }> {
  const r = await db.execute(sql`
        insert into limites_acceso as l (clave, inicio, intentos) values (${clave}, now(), 1)
        on conflict (clave) do update set
          inicio = case when l.inicio + ${ventana}::interval <= now() then now() else l.inicio end,
          intentos = case when l.inicio + ${ventana}::interval <= now() then 1 else l.intentos + 1 end
        returning intentos, greatest(0, extract(epoch from (inicio + ${ventana}::interval - now())) * 1000)::int as ttl`);
  const fila = (r as unknown as { rows: { intentos: number; ttl: number }[] }).rows[0];
  return { intentos: Number(fila.intentos), ttl: Number(fila.ttl) };
}

/** Forgets windows that ended long ago (cheap: indexed by primary key scan). */
export async function olvidarVentanasViejas(db: Db): Promise<void> {
  await db.execute(sql`delete from limites_acceso where inicio < now() - interval '1 day'`);
}
