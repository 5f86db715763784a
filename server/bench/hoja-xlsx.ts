/**
 * The .xlsx writer alone, in this process: BENCH_N rows (default 200,000) of the registry's kind of
 * cells (texts, an amount, a day, an instant, a number) written by `exportar("xlsx", …)` and read
 * to the end as fast as they come. Prints the process's CPU seconds for the writing, its peak RSS
 * (VmHWM, reset before) and the file's size; no database, no HTTP.
 *
 * Usage (from the repository root): node --import tsx server/bench/hoja-xlsx.ts
 * BENCH_FORMATOS_DIR=<folder>: the `formatos` module's folder to load instead of src/exportar (an
 * older copy of the source, to compare in one run).
 */
import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import type * as Formatos from "../src/exportar/formatos.js";

const N = Number(process.env.BENCH_N ?? 200_000);
const LOTE = 2_000;
const dir = process.env.BENCH_FORMATOS_DIR ?? path.join(import.meta.dirname, "../src/exportar");
const { exportar }: typeof Formatos = await import(pathToFileURL(path.join(dir, "formatos.ts")).href);

type Fila = { nombre: string; cedula: string; institucion: string; monto: number; dia: Date; instante: Date };
const COLUMNAS: Formatos.Columna<Fila>[] = [
  { titulo: "Nombre", valor: (f) => f.nombre },
  { titulo: "Cédula", valor: (f) => f.cedula },
  { titulo: "Institución", valor: (f) => f.institucion },
  { titulo: "Monto", valor: (f) => f.monto, formato: "monto" },
  { titulo: "Día", valor: (f) => f.dia, formato: "fecha" },
  { titulo: "Instante", valor: (f) => f.instante, formato: "fechaHora" },
  { titulo: "#", valor: (_, n) => n },
];

async function* lotes(): AsyncIterable<Fila[]> {
  for (let i = 0; i < N; i += LOTE) {
    const filas: Fila[] = [];
    for (let k = i; k < Math.min(N, i + LOTE); k++)
      filas.push({
        nombre: `Funcionario ${k} de Prueba Apellido`,
        cedula: `${String(k).padStart(3, "0").slice(0, 3)}-${String(k * 7919).padStart(7, "0")}-${k % 10}`,
        institucion: `Institución número ${k % 250}`,
        monto: ((k * 137) % 1_000_000_00) / 100,
        dia: new Date(Date.UTC(2020, 0, 1 + (k % 2000))),
        instante: new Date(Date.UTC(2024, 0, 1) + k * 61_000),
      });
    yield filas;
  }
}

// A first, empty export loads what the writer loads on first use (as a running server has).
for await (const _ of exportar("xlsx", "Hoja", COLUMNAS, (async function* () {})())) void _;

const hwm = () => Number(/VmHWM:\s+(\d+)/.exec(fs.readFileSync("/proc/self/status", "utf8"))?.[1] ?? 0) / 1024;
fs.writeFileSync("/proc/self/clear_refs", "5");
const cpu0 = process.cpuUsage();
const t0 = performance.now();
let bytes = 0;
for await (const b of exportar("xlsx", "Hoja", COLUMNAS, lotes())) bytes += (b as Buffer).length;
const cpu = process.cpuUsage(cpu0);
console.log(
  JSON.stringify({
    filas: N,
    cpuS: +((cpu.user + cpu.system) / 1e6).toFixed(2),
    paredS: +((performance.now() - t0) / 1000).toFixed(2),
    rssPicoMB: +hwm().toFixed(0),
    mb: +(bytes / 1e6).toFixed(1),
  }),
);
