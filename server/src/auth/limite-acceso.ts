/**
 * The sign-in rate limit's counters in the database (table limites_acceso), so every app process
 * behind a load balancer counts the same attempts: a store for @fastify/rate-limit. Fixed windows:
 * the first attempt opens a window of `timeWindow` ms, later ones count in it until it ends.
 */
import { sql } from "drizzle-orm";
import type { Db } from "../db/client.js";

type Resultado = { current: number; ttl: number };
type Callback = (err: Error | null, res?: Resultado) => void;

export function almacenLimites(db: Db) {
  return class AlmacenLimites {
    incr(clave: string, cb: Callback, timeWindow: number): void {
      const ventana = `${Math.max(1, Math.round(timeWindow))} milliseconds`;
      db.execute(sql`
        insert into limites_acceso as l (clave, inicio, intentos) values (${clave}, now(), 1)
        on conflict (clave) do update set
          inicio = case when l.inicio + ${ventana}::interval <= now() then now() else l.inicio end,
          intentos = case when l.inicio + ${ventana}::interval <= now() then 1 else l.intentos + 1 end
        returning intentos, greatest(0, extract(epoch from (inicio + ${ventana}::interval - now())) * 1000)::int as ttl`)
        .then((r) => {
          const fila = (r as unknown as { rows: { intentos: number; ttl: number }[] }).rows[0];
          cb(null, { current: Number(fila.intentos), ttl: Number(fila.ttl) });
          // Now and then, forget windows that ended long ago (cheap: indexed by primary key scan).
          if (Math.random() < 0.01) {
            db.execute(sql`delete from limites_acceso where inicio < now() - interval '1 day'`).catch(() => {});
          }
        })
        .catch((e: Error) => cb(e));
    }

    child() {
      return new AlmacenLimites();
    }
  };
}
