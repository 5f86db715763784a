/**
 * An export's cells die young: writing 200,000 rows (CSV or .xlsx) leaves V8's old generation
 * about as it was. Each number's text used to be kept by V8's number-to-string cache (String,
 * template literals) until about 16,000 conversions later, long enough to be moved to the old
 * generation: a row's id, row number and date serial, new on every row, grew it by 2–7 MB here and
 * by 20–40 MB in a full export of a million rows, which V8 let grow to four times its live size
 * before collecting it (a process's second export peaked at 215–225 MB: docs/benchmarks). Measured
 * in a process of its own (promocion-hijo.ts), where nothing else allocates.
 */
import { execFile } from "node:child_process";
import path from "node:path";
import { Readable } from "node:stream";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import vm from "node:vm";
import fc from "fast-check";
import { afterEach, describe, expect, it, vi } from "vitest";
import { textoNumero } from "../../src/exportar/celdas.js";
import { exportar, FILAS_RECOGER } from "../../src/exportar/formatos.js";

const aqui = path.dirname(fileURLToPath(import.meta.url));

async function crecimiento(formato: "csv" | "xlsx"): Promise<number> {
  const { stdout } = await promisify(execFile)(
    process.execPath,
    ["--import", "tsx", path.join(aqui, "promocion-hijo.ts"), formato],
    { cwd: path.resolve(aqui, "../.."), timeout: 120_000 },
  );
  return (JSON.parse(stdout.trim().split("\n").at(-1) ?? "{}") as { crecio: number }).crecio;
}

/** Writes `filas` one-column rows as `formato` and reads the file to its end. */
async function escribir(formato: "csv" | "xlsx", filas: number) {
  async function* lotes() {
    for (let i = 0; i < filas; i += 1000) yield Array.from({ length: Math.min(1000, filas - i) }, (_, k) => i + k);
  }
  await Readable.from(exportar(formato, "Hoja", [{ titulo: "N", valor: (n: number) => n }], lotes())).toArray();
}

describe("memory of a long export", () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  for (const formato of ["csv", "xlsx"] as const) {
    it(`${formato}: an export of ${FILAS_RECOGER} rows or more asks V8 for one full collection once read`, async () => {
      const medir = vi.spyOn(vm, "measureMemory");
      await escribir(formato, FILAS_RECOGER - 1);
      expect(medir).not.toHaveBeenCalled();
      await escribir(formato, FILAS_RECOGER);
      expect(medir).toHaveBeenCalledTimes(1);
      expect(medir).toHaveBeenCalledWith({ execution: "eager" });
    });
  }

  it("a number's text is the one String writes (integers, fractions, the odd ones)", () => {
    fc.assert(
      fc.property(fc.oneof(fc.integer(), fc.maxSafeInteger(), fc.double()), (n) => {
        expect(textoNumero(n)).toBe(String(n));
      }),
      { numRuns: 20_000 },
    );
    for (const n of [0, -0, 1e21, 5e-7, 2 ** 53 + 2, Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY])
      expect(textoNumero(n)).toBe(String(n));
  });

  for (const formato of ["csv", "xlsx"] as const) {
    it(`${formato}: 200,000 rows written move less than 1.5 MB to the old generation`, async () => {
      expect(await crecimiento(formato)).toBeLessThan(1.5 * 1_048_576);
    }, 130_000);
  }
});
