/**
 * Builds one template database per test run (migrations, catalogues, demo data) so every test
 * file starts from a copy instead of seeding again: a PGlite data dump, or a PostgreSQL template
 * database when TEST_PG_URL points at a real server. Named per run, so parallel runs do not clash.
 */
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { drizzle } from "drizzle-orm/pglite";
import pg from "pg";
import type { TestProject } from "vitest/node";
import { prepararBase } from "../../src/bootstrap.js";
import { type Database, type Db, openDatabase } from "../../src/db/client.js";
import * as schema from "../../src/db/schema.js";
import { archivoPlantillaPglite, urlConBase } from "./plantilla.js";

export default async function setup(project: TestProject) {
  const id = `rf_plantilla_${crypto.randomBytes(4).toString("hex")}`;
  project.provide("plantilla", id);
  const pgUrl = process.env.TEST_PG_URL;
  if (pgUrl) {
    const admin = new pg.Client({ connectionString: pgUrl });
    await admin.connect();
    await admin.query(`create database ${id}`);
    const database = await openDatabase({ databaseUrl: urlConBase(pgUrl, id) });
    await prepararBase(database, { demoData: "always", padronFile: undefined });
    await database.close();
    return async () => {
      await admin.query(`drop database if exists ${id} with (force)`);
      await admin.end();
    };
  }
  const file = archivoPlantillaPglite(id);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const client = await PGlite.create();
  const database: Database = {
    db: drizzle(client, { schema }) as unknown as Db,
    kind: "pglite",
    nuevo: true,
    close: () => client.close(),
  };
  await prepararBase(database, { demoData: "always", padronFile: undefined });
  const dump = await client.dumpDataDir("gzip");
  fs.writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  await client.close();
  return () => fs.rmSync(file, { force: true });
}
