/**
 * The database handle the app opens: made without drizzle's relational configuration (the app
 * never calls `db.query.*`; building it for every table cost each start ~70 ms), and querying as
 * before through the query builder and SQL.
 */
import { sql } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { type Database, openDatabase } from "../../src/db/client.js";
import { migrate } from "../../src/db/migrate.js";
import { modulos } from "../../src/db/schema.js";
import { seedCatalogos } from "../../src/seed/catalogos.js";

let database: Database | undefined;
afterAll(() => database?.close());

describe("openDatabase", () => {
  it("gives a handle without the relational configuration that still builds and runs queries", async () => {
    database = await openDatabase({ dataDir: "memory" });
    expect(Object.keys(database.db.query)).toEqual([]);
    await migrate(database);
    await seedCatalogos(database.db);
    const filas = await database.db.select({ id: modulos.idModulo }).from(modulos).limit(1);
    expect(filas).toHaveLength(1);
    const r = (await database.db.execute(sql`select 1 + 1 as dos`)) as unknown as { rows: { dos: number }[] };
    expect(r.rows[0].dos).toBe(2);
  });
});
