/**
 * Migration 0031 moves the reports the runs kept as one JSON array (`importaciones.informe`) into
 * the report table, line by line in their order, and drops the column: a database migrated up to
 * 0030 with a finished run keeps that run's report, read as the screen reads it.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { MSG } from "@registro/contracts";
import { sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { afterAll, describe, expect, it } from "vitest";
import type { Db } from "../../src/db/client.js";
import { migrate, migrationsFolder } from "../../src/db/migrate.js";
import { leerInforme } from "../../src/importacion/importacion.service.js";

interface Entrada {
  idx: number;
  when: number;
  tag: string;
}
const diario = JSON.parse(fs.readFileSync(path.join(migrationsFolder, "meta/_journal.json"), "utf8")) as {
  entries: Entrada[];
};
const antesDe31 = (e: Entrada) => Number(e.tag.slice(0, 4)) < 31;

const temporales: string[] = [];
afterAll(() => {
  for (const dir of temporales) fs.rmSync(dir, { recursive: true, force: true });
});

/** The migrations folder without 0031 and what follows it. */
function carpetaHasta30(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "migraciones-hasta-30-"));
  temporales.push(dir);
  fs.mkdirSync(path.join(dir, "meta"));
  const entradas = diario.entries.filter(antesDe31);
  for (const e of entradas)
    fs.copyFileSync(path.join(migrationsFolder, `${e.tag}.sql`), path.join(dir, `${e.tag}.sql`));
  fs.writeFileSync(path.join(dir, "meta/_journal.json"), JSON.stringify({ ...diario, entries: entradas }));
  return dir;
}

describe("migration 0031", () => {
  it("moves each run's JSON report into the report table in its order and drops the column", {
    timeout: 180_000,
  }, async () => {
    const cliente = new PGlite();
    try {
      const db = drizzle(cliente) as unknown as Db;
      await migratePglite(db as never, { migrationsFolder: carpetaHasta30() });
      const lineas = [
        { fila: 2, resultado: "crear", institucion: "A", cedula: "1", tipo: "Incumbente", columna: "", mensaje: "" },
        {
          fila: 3,
          resultado: "rechazada",
          institucion: "A",
          cedula: "2",
          tipo: "Funcionario",
          columna: "Cédula",
          mensaje: MSG.cedulaInvalida,
        },
        {
          fila: 3,
          resultado: "rechazada",
          institucion: "A",
          cedula: "2",
          tipo: "Funcionario",
          columna: "Cargo",
          mensaje: "x",
        },
      ];
      await db.execute(
        sql`insert into importaciones (archivo, sha256, estado, informe) values ('viejo.csv', '0', 'terminada', ${JSON.stringify(lineas)}::jsonb), ('vacio.csv', '1', 'terminada', '[]'::jsonb)`,
      );
      await migrate({ db, kind: "pglite" });
      const [viejo] = (
        (await db.execute(
          sql`select id_importacion as id from importaciones where archivo = 'viejo.csv'`,
        )) as unknown as {
          rows: { id: number }[];
        }
      ).rows;
      expect(await leerInforme(db, viejo.id, { soloErrores: false, page: 1, rows: 50 })).toEqual({
        totalRecords: 3,
        rows: lineas,
      });
      expect(await leerInforme(db, viejo.id, { soloErrores: true, page: 1, rows: 1 })).toEqual({
        totalRecords: 2,
        rows: [lineas[1]],
      });
      const columnas = (await db.execute(
        sql`select column_name from information_schema.columns where table_name = 'importaciones' and column_name = 'informe'`,
      )) as unknown as { rows: unknown[] };
      expect(columnas.rows).toEqual([]);
    } finally {
      await cliente.close();
    }
  });
});
