/**
 * The sign-in rate limit's counters in the database (table limites_acceso), so every app process
 * behind a load balancer counts the same attempts: a store for @fastify/rate-limit. Fixed windows:
 * the first attempt opens a window of `timeWindow` ms, later ones count in it until it ends.
 */
import type { Db } from "../db/client.js";
import { contarIntento, olvidarVentanasViejas } from "./limite-acceso.repository.js";

type Resultado = { current: number; ttl: number };
type Callback = (err: Error | null, res?: Resultado) => void;

export function almacenLimites(db: Db) {
  return class AlmacenLimites {
    incr(clave: string, cb: Callback, timeWindow: number): void {
      const ventana = `${Math.max(1, Math.round(timeWindow))} milliseconds`;
      contarIntento(db, clave, ventana)
        .then((fila) => {
          cb(null, { current: fila.intentos, ttl: fila.ttl });
          // Now and then, forget windows that ended long ago (cheap: indexed by primary key scan).
          if (Math.random() < 0.01) {
            olvidarVentanasViejas(db).catch(() => {});
          }
        })
        .catch((e: Error) => cb(e));
    }

    child() {
      return new AlmacenLimites();
    }
  };
}
