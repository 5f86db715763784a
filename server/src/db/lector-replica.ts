/**
 * For routes: a replica-safe read runs through the HA watcher (alta.ts) when there is one, else on
 * `db`. Apart from alta.ts, which loads the watcher's PostgreSQL connections (pg): routes import
 * this at every start, also on the embedded database.
 */
import type { Alta } from "./alta.js";
import type { Db } from "./client.js";

export function lectorReplica(deps: { db: Db; database?: { alta?: Alta } }) {
  const alta = deps.database?.alta;
  return <T>(fn: (db: Db) => Promise<T>): Promise<T> => (alta ? alta.leer(fn) : fn(deps.db));
}
