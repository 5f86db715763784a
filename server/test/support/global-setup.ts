/**
 * Builds one template database per test run (migrations, catalogues, demo data) so every test
 * file starts from a copy instead of seeding again: a PGlite data dump, or a PostgreSQL template
 * database when TEST_PG_URL points at a real server.
 */
import fs from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import pg from "pg";
import { prepararBase } from "../../src/bootstrap.js";
import { openDatabase } from "../../src/db/client.js";
import { PLANTILLA_PGLITE, PLANTILLA_PG, urlConBase } from "./plantilla.js";

export default async function setup() {
  const pgUrl = process.env.TEST_PG_URL;
  if (pgUrl) {
    const admin = new pg.Client({ connectionString: pgUrl });
    await admin.connect();
    await admin.query(`drop database if exists ${PLANTILLA_PG} with (force)`);
    await admin.query(`create database ${PLANTILLA_PG}`);
    const database = await openDatabase({ databaseUrl: urlConBase(pgUrl, PLANTILLA_PG) });
    await prepararBase(database, { demoData: "always", padronFile: undefined });
    await database.close();
    await admin.end();
    return;
  }
  fs.mkdirSync(path.dirname(PLANTILLA_PGLITE), { recursive: true });
  const client = await PGlite.create();
  const database = { db: (await import("drizzle-orm/pglite")).drizzle(client, { schema: await import("../../src/db/schema.js") }), kind: "pglite" as const, nuevo: true, close: () => client.close() };
  // biome-ignore lint/suspicious/noExplicitAny: the pglite drizzle instance is a Db
  await prepararBase(database as any, { demoData: "always", padronFile: undefined });
  const dump = await client.dumpDataDir("gzip");
  fs.writeFileSync(PLANTILLA_PGLITE, Buffer.from(await dump.arrayBuffer()));
  await client.close();
}
