/** Applies the SQL migrations in ./migrations (drizzle-kit's journal) on either driver. */
import path from "node:path";
import { fileURLToPath } from "node:url";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import type { Database } from "./client.js";

const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), "migrations");

export async function migrate(database: Database): Promise<void> {
  // biome-ignore lint/suspicious/noExplicitAny: both migrators take their own driver's database type
  const db = database.db as any;
  if (database.kind === "postgres") await migratePg(db, { migrationsFolder });
  else await migratePglite(db, { migrationsFolder });
}
