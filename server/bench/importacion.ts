/**
 * Registry import benchmark: writes a CSV of BENCH_N officials (default 100,000) over 500 new
 * institutions (one incumbent row each), opens a fresh database (PostgreSQL of DATABASE_URL /
 * TEST_PG_URL, created and dropped; PGlite in memory with BENCH_DB=pglite), and times the test run
 * and the apply of the whole file with the engine `npm run importar` and the screen use, then the
 * same file applied again (every row unchanged). Prints rows, seconds, rows per second and this
 * process's RSS before and its peak (sampled every 50 ms) during each step.
 *
 * BENCH_LOTE and BENCH_GRUPO set the engine's batch and group sizes; BENCH_SOLO_PRUEBA=1 runs the
 * test run only.
 *
 * Memory regression check: with BENCH_PICO_MAX_MB set, the run fails (exit code 1) when any step's
 * peak RSS goes past it — e.g. the peak the same run reaches at 10,000 rows plus 40 MB, to check
 * that the import's memory does not grow with the file.
 *
 * Usage (from the repository root):
 *   TEST_PG_URL=postgres://… node --expose-gc --import tsx server/bench/importacion.ts
 */
import os from "node:os";
import { performance } from "node:perf_hooks";
import { derivarClave, establecerClave } from "../src/auditoria/clave.js";
import { prepararBase } from "../src/bootstrap.js";
import { paginaInforme } from "../src/importacion/importacion.repository.js";
import { ejecutarImportacion } from "../src/importacion/motor.js";
import { fechaLocal, relojDelSistema } from "../src/shared/tiempo.js";
import { BASES, conBase } from "./bases.js";

const N = Number(process.env.BENCH_N ?? 100_000);
const PICO_MAX_MB = process.env.BENCH_PICO_MAX_MB ? Number(process.env.BENCH_PICO_MAX_MB) : null;
const excedidos: string[] = [];
/** Rows per batch and per group of institutions (the engine's defaults when absent). */
const LOTE = process.env.BENCH_LOTE ? Number(process.env.BENCH_LOTE) : undefined;
const GRUPO = process.env.BENCH_GRUPO ? Number(process.env.BENCH_GRUPO) : undefined;
/** BENCH_SOLO_PRUEBA=1: the test run only. */
const SOLO_PRUEBA = process.env.BENCH_SOLO_PRUEBA === "1";
/** The running step's peak RSS, and its peak while the file was still being read. */
let pico = 0;
let picoLectura = 0;
/** The step's peaks of V8's heap (used) and of the memory outside it that V8 knows of (Buffers included). */
let picoHeap = 0;
let picoFuera = 0;
const INSTITUCIONES = 500;
const mb = (b: number) => (b / 1_048_576).toFixed(0);
const carga = () =>
  `carga media ${os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(" ")} en ${os.cpus().length} CPU`;

function cedula(n: number): string {
  const base = String(n).padStart(10, "0");
  let s = 0;
  for (let i = 0; i < 10; i++) {
    let d = Number(base[9 - i]);
    if (i % 2 === 0) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    s += d;
  }
  return `${base.slice(0, 3)}-${base.slice(3)}-${(10 - (s % 10)) % 10}`;
}

/** The CSV, built 1,000 lines at a time (no string of the whole file is left for the collector). */
function archivo(): Buffer {
  const trozos: Buffer[] = [];
  let filas = [
    "Institución,Tipo,Cédula,Nombres,Apellidos,Cargo,Teléfono,Firmas,Monto desde,Monto hasta,Vigencia desde,Vigencia hasta,Estatus,Fecha de registro,Fecha de baja,Motivo de baja",
  ];
  for (let i = 0; i < INSTITUCIONES; i++)
    filas.push(
      `Institución de Prueba ${i},Incumbente,${cedula(3_000_000_000 + i)},Autoridad ${i},Pérez,Ministro,,,,,,,Activo,01/01/2015,,`,
    );
  for (let i = 0; i < N; i++) {
    if (filas.length >= 1000) {
      trozos.push(Buffer.from(`${filas.join("\r\n")}\r\n`));
      filas = [];
    }
    const temporal = i % 3 === 0;
    const inactivo = i % 10 === 0;
    filas.push(
      [
        `Institución de Prueba ${i % INSTITUCIONES}`,
        "Funcionario",
        cedula(4_000_000_000 + i),
        `Nombre ${i}`,
        `Apellido ${i % 977}`,
        ["Director Financiero", "Tesorero", "Encargado de Contabilidad"][i % 3],
        i % 2 ? "(809) 555-0101" : "",
        ["Cheques", "Cheques; Transferencias", "Nóminas; Contratos"][i % 3],
        i % 4 === 0 ? "0.00" : "Sin límite",
        i % 4 === 0 ? "500000.00" : "Sin límite",
        temporal ? "01/01/2020" : "Permanente",
        temporal ? "31/12/2030" : "Permanente",
        inactivo ? "Inactivo" : "Activo",
        `${String(1 + (i % 28)).padStart(2, "0")}/${String(1 + (i % 12)).padStart(2, "0")}/${2016 + (i % 8)}`,
        inactivo ? "15/06/2024" : "",
        inactivo ? "Cese en funciones" : "",
      ].join(","),
    );
  }
  trozos.push(Buffer.from(filas.join("\r\n")));
  return Buffer.concat(trozos);
}

async function medir<T>(nombre: string, fn: () => Promise<T>): Promise<T> {
  // With --expose-gc, each step starts from what is live (the generated file's garbage and the
  // previous step's are collected), so its peak is the step's own.
  (globalThis as { gc?: () => void }).gc?.();
  const antes = process.memoryUsage().rss;
  pico = antes;
  picoLectura = antes;
  picoHeap = 0;
  picoFuera = 0;
  const muestreo = setInterval(() => {
    const m = process.memoryUsage();
    pico = Math.max(pico, m.rss);
    picoHeap = Math.max(picoHeap, m.heapUsed);
    picoFuera = Math.max(picoFuera, m.external);
  }, 50);
  const t0 = performance.now();
  try {
    return await fn();
  } finally {
    clearInterval(muestreo);
    const s = (performance.now() - t0) / 1000;
    console.log(
      `  ${nombre}: ${s.toFixed(1)} s, ${Math.round(N / s).toLocaleString("es-DO")} filas/s; RSS ${mb(antes)} MB antes, pico ${mb(pico)} MB (leyendo el archivo: ${mb(picoLectura)} MB); heap usado pico ${mb(picoHeap)} MB, fuera del heap ${mb(picoFuera)} MB (${carga()})`,
    );
    if (PICO_MAX_MB !== null && pico / 1_048_576 > PICO_MAX_MB)
      excedidos.push(`${nombre}: pico ${mb(pico)} MB > ${PICO_MAX_MB} MB`);
  }
}

async function main() {
  establecerClave(derivarClave("clave-de-auditoria-del-benchmark-0123456789abcdef"));
  const contenido = archivo();
  console.log(
    `Archivo: ${N.toLocaleString("es-DO")} funcionarios + ${INSTITUCIONES} incumbentes, ${mb(contenido.length)} MB`,
  );
  for (const base of BASES) {
    await conBase(base, async (database) => {
      await prepararBase(database, { demoData: "never", padronFile: undefined });
      console.log(`${base}:`);
      const correr = (aplicar: boolean) =>
        ejecutarImportacion(database.db, {
          archivo: "bench.csv",
          contenido,
          aplicar,
          crearCatalogos: true,
          idUsuario: null,
          hoy: fechaLocal(relojDelSistema()),
          ahora: relojDelSistema(),
          lote: LOTE,
          filasPorGrupo: GRUPO,
          progreso: (_fase, _hechas, total) => {
            if (total === null) picoLectura = Math.max(picoLectura, process.memoryUsage().rss, pico);
          },
        });
      const prueba = await medir("prueba", () => correr(false));
      if (prueba.error !== null) throw new Error(prueba.error);
      if (prueba.conteos.rechazada > 0)
        throw new Error(
          JSON.stringify(
            (await paginaInforme(database.db, prueba.idImportacion, { soloErrores: true, desde: 0, limite: 1 })).lineas,
          ),
        );
      if (SOLO_PRUEBA) return;
      const aplicada = await medir("aplicación", () => correr(true));
      console.log(`    ${JSON.stringify(aplicada.conteos)}`);
      const otra = await medir("aplicación repetida (sin cambios)", () => correr(true));
      console.log(`    ${JSON.stringify(otra.conteos)}`);
    });
  }
}

main().then(
  () => {
    if (excedidos.length > 0) {
      console.error(`Memoria por encima del límite (BENCH_PICO_MAX_MB):\n  ${excedidos.join("\n  ")}`);
      process.exit(1);
    }
    process.exit(0);
  },
  (e) => {
    console.error(e);
    process.exit(1);
  },
);
