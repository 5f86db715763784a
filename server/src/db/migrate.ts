/**
 * Applies the SQL migrations in ./migrations on either driver. The files are hand-written (drizzle-kit
 * generated only the first ones, up to 0003) and listed in meta/_journal.json.
 *
 * Drizzle's migrator records each applied migration by the SHA-256 of its text and its journal
 * `when` (drizzle.__drizzle_migrations), never by file name, and applies the journal entries whose
 * `when` is later than the last one recorded. So a file may be renamed (its tag in the journal with
 * it) as long as its `when` stays: an existing database then migrates as before.
 */
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { Database } from "./client.js";

export const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), "migrations");

/**
 * The names migrations had before they were renamed to say what they create (same text, same
 * `when`). The database never recorded them, but a backup's manifest names the migration level
 * it was made at, and a backup made before the renaming names it the old way.
 */
export const NOMBRES_ANTERIORES: Readonly<Record<string, string>> = {
  "0001_inbox_indexes": "0001_incumbent_search_indexes",
  "0002_inbox_count_indexes": "0002_status_count_indexes",
  "0003_inbox_search_and_count": "0003_search_and_officials_count_columns",
  "0004_security": "0004_sign_in_locks",
  "0005_reliability": "0005_rate_limits_and_idempotency",
  "0006_inbox_totals": "0006_request_totals",
  "0007_verificacion": "0007_authorisations_and_constancias",
  "0008_avisos": "0008_notices_emails_daily_tasks",
  "0009_oficina": "0009_audit_chain",
  "0011_tablero": "0011_dashboard_stage_tables",
  "0012_oficina_listas": "0012_audit_filter_indexes_and_holder_since",
  "0013_busqueda_palabras": "0013_search_words_and_pairs_tables",
};

export async function migrate(database: Pick<Database, "db" | "kind">): Promise<void> {
  // biome-ignore lint/suspicious/noExplicitAny: both migrators take their own driver's database type
  const db = database.db as any;
  // Each driver's migrator is loaded when used: an embedded app never loads pg.
  if (database.kind === "postgres") {
    const { migrate: migratePg } = await import("drizzle-orm/node-postgres/migrator");
    await migratePg(db, { migrationsFolder });
  } else {
    const { migrate: migratePglite } = await import("drizzle-orm/pglite/migrator");
    await migratePglite(db, { migrationsFolder });
  }
}

/** True when the app has prepared this database (its migrations are there). */
export async function basePreparada(database: Pick<Database, "db">): Promise<boolean> {
  const r = (await database.db.execute(
    "select count(*)::int as n from pg_tables where tablename = 'auditoria_sello'",
  )) as unknown as { rows: { n: number }[] };
  return Number(r.rows[0].n) > 0;
}
