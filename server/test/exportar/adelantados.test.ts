/**
 * An export reads its next batch while it writes the current one (`adelantados`, formatos.ts). A
 * read that fails meanwhile must reach the file as its error (the download is cut off), never as
 * an unhandled rejection, which would stop the whole process; and a reader that stops early
 * stops the reading.
 */
import { setTimeout as esperar } from "node:timers/promises";
import { afterEach, describe, expect, it } from "vitest";
import { adelantados, exportar } from "../../src/exportar/formatos.js";

const sueltas: unknown[] = [];
const anotar = (e: unknown) => sueltas.push(e);
afterEach(() => {
  process.off("unhandledRejection", anotar);
  sueltas.length = 0;
});

describe("batches read ahead of the writing", () => {
  it("a read failing while a batch is written ends the file with its error, not as an unhandled rejection", async () => {
    process.on("unhandledRejection", anotar);
    async function* lotes() {
      yield Array.from({ length: 500 }, (_, i) => ({ n: i }));
      // The database fails while the first batch is still being written.
      throw new Error("la base de datos no responde");
    }
    const archivo = exportar("csv", "Hoja", [{ titulo: "N", valor: (f: { n: number }) => f.n }], lotes());
    let error: unknown;
    try {
      for await (const _ of archivo) await esperar(20);
    } catch (e) {
      error = e;
    }
    await esperar(50);
    expect(String(error)).toContain("la base de datos no responde");
    expect(sueltas).toEqual([]);
  });

  it("stops reading when its reader stops", async () => {
    let leidos = 0;
    let cerrado = false;
    async function* lotes() {
      try {
        for (let i = 0; i < 100; i++) {
          leidos++;
          yield [i];
        }
      } finally {
        cerrado = true;
      }
    }
    for await (const lote of adelantados(lotes())) if (lote[0] === 2) break;
    expect(cerrado).toBe(true);
    // The batch being written and at most one ahead.
    expect(leidos).toBeLessThanOrEqual(4);
  });
});
