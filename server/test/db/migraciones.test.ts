/**
 * Renaming a migration file must not touch a database migrated under the old name: drizzle records
 * the text's hash and the journal's `when`, and applies only entries later than the last recorded.
 * Here a database is migrated from a copy of the folder with the previous release's file names
 * and last migration (0013, before the files said what they create), then by the app's own
 * migrate(): nothing already applied runs again, and only the later migrations are added.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { afterAll, describe, expect, it } from "vitest";
import type { Db } from "../../src/db/client.js";
import { migrate, migrationsFolder, NOMBRES_ANTERIORES } from "../../src/db/migrate.js";

interface Entrada {
  idx: number;
  when: number;
  tag: string;
}
const diario = JSON.parse(fs.readFileSync(path.join(migrationsFolder, "meta/_journal.json"), "utf8")) as {
  entries: Entrada[];
};
const ANTERIOR = Object.fromEntries(Object.entries(NOMBRES_ANTERIORES).map(([viejo, nuevo]) => [nuevo, viejo]));

/** The previous release's last migration was 0013. */
const deAntes = (e: Entrada) => Number(e.tag.slice(0, 4)) <= 13;

const temporales: string[] = [];
afterAll(() => {
  for (const dir of temporales) fs.rmSync(dir, { recursive: true, force: true });
});

/** The migrations folder as the previous release shipped it: old names, up to 0013. */
function carpetaAnterior(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "migraciones-anteriores-"));
  temporales.push(dir);
  fs.mkdirSync(path.join(dir, "meta"));
  const entradas = diario.entries.filter(deAntes).map((e) => ({ ...e, tag: ANTERIOR[e.tag] ?? e.tag }));
  for (const e of diario.entries.filter(deAntes)) {
    fs.copyFileSync(path.join(migrationsFolder, `${e.tag}.sql`), path.join(dir, `${ANTERIOR[e.tag] ?? e.tag}.sql`));
  }
  fs.writeFileSync(path.join(dir, "meta/_journal.json"), JSON.stringify({ ...diario, entries: entradas }));
  return dir;
}

async function aplicadas(db: Db) {
  const r = (await db.execute(
    sql`select hash, created_at::text as creada from drizzle.__drizzle_migrations order by id`,
  )) as unknown as { rows: { hash: string; creada: string }[] };
  return r.rows;
}

describe("renamed migrations", () => {
  it("every old name maps to a migration of the journal, with its number kept", () => {
    const etiquetas = new Set(diario.entries.map((e) => e.tag));
    for (const [viejo, nuevo] of Object.entries(NOMBRES_ANTERIORES)) {
      expect(etiquetas.has(nuevo), nuevo).toBe(true);
      expect(etiquetas.has(viejo), viejo).toBe(false);
      expect(nuevo.slice(0, 5)).toBe(viejo.slice(0, 5));
    }
  });

  it("a database migrated under the previous names migrates with the current ones and re-applies nothing", {
    timeout: 180_000,
  }, async () => {
    const cliente = new PGlite();
    try {
      const db = drizzle(cliente) as unknown as Db;
      await migratePglite(db as never, { migrationsFolder: carpetaAnterior() });
      const antes = await aplicadas(db);
      expect(antes).toHaveLength(diario.entries.filter(deAntes).length);

      await migrate({ db, kind: "pglite" });
      const despues = await aplicadas(db);
      expect(despues).toHaveLength(diario.entries.length);
      expect(despues.slice(0, antes.length)).toEqual(antes);
      expect(despues.slice(antes.length).map((f) => Number(f.creada))).toEqual(
        diario.entries.filter((e) => !deAntes(e)).map((e) => e.when),
      );
      // Once more changes nothing.
      await migrate({ db, kind: "pglite" });
      expect(await aplicadas(db)).toEqual(despues);
    } finally {
      await cliente.close();
    }
  });
});
