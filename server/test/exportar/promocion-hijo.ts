/**
 * Run by promocion.test.ts in a process of its own (`node --import tsx promocion-hijo.ts csv|xlsx`):
 * writes 200,000 synthetic rows (an id, a text, an instant, an amount, as an export's columns read
 * them) through the export's writer and prints how much V8's old generation grew while they were
 * read (`crecio`, up to the last batch: an export asks for a full collection after it), and how many
 * full collections ran meanwhile (which would hide growth: `completas`). Argument 3: another copy
 * of src/exportar/formatos.ts to measure (a checkout's, to compare).
 */
import { PerformanceObserver } from "node:perf_hooks";
import v8 from "node:v8";
import type { Columna } from "../../src/exportar/formatos.js";

type Fila = string[];
const formato = process.argv[2] as "csv" | "xlsx";
const { exportar } = (await import(
  process.argv[3] ?? "../../src/exportar/formatos.js"
)) as typeof import("../../src/exportar/formatos.js");

const FILAS = 200_000;
const LOTE = 100;
const viejo = () => v8.getHeapSpaceStatistics().find((s) => s.space_name === "old_space")?.space_used_size ?? 0;

const columnas: Columna<Fila>[] = [
  { titulo: "N.º", valor: (f) => Number(f[0]) },
  { titulo: "Nombre", valor: (f) => f[1] },
  { titulo: "Fecha", valor: (f) => new Date(f[2]), formato: "fechaHora" },
  { titulo: "Monto", valor: (f) => Number(f[3]), formato: "monto" },
];

let completas = 0;
let leidas = false;
let antes = 0;
let crecio = 0;

// Rows as PostgreSQL's texts; their numbers' texts made without V8's number-to-string cache, so
// that only the writer's own conversions are measured.
async function* lotes(desde: number, hasta: number) {
  for (let i = desde; i < hasta; i += LOTE) {
    const filas: Fila[] = [];
    for (let k = i; k < Math.min(hasta, i + LOTE); k++) {
      filas.push([
        (1_000_000 + k).toFixed(0),
        `Nombre ${k.toFixed(0)}`,
        new Date(1_700_000_000_000 + k * 61_000).toISOString(),
        (k * 1.25).toFixed(2),
      ]);
    }
    yield filas;
  }
  crecio = viejo() - antes;
  leidas = true;
}

async function escribir(desde: number, hasta: number) {
  for await (const _ of exportar(formato, "Hoja", columnas, lotes(desde, hasta))) {
  }
}

// Warm up (the writer's modules, the compiled code; fewer rows than an export asks a collection
// for), then measure.
await escribir(0, 20_000);
const observador = new PerformanceObserver((lista) => {
  for (const e of lista.getEntries()) {
    if ((e as unknown as { detail?: { kind?: number } }).detail?.kind === 4 && !leidas) completas++;
  }
});
observador.observe({ entryTypes: ["gc"] });
antes = viejo();
await escribir(20_000, 20_000 + FILAS);
// Entries are delivered asynchronously.
await new Promise((r) => setTimeout(r, 50));
observador.disconnect();
console.log(JSON.stringify({ crecio, completas }));
