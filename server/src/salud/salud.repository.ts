/** The readiness probe's one statement. */
import { sql } from "drizzle-orm";
import type { Db } from "../db/client.js";

/** Resolves when the database answers `select 1`; throws when it cannot. */
export async function responde(db: Db): Promise<void> {
  await db.execute(sql`select 1`);
}
