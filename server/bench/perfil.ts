/**
 * Summarises a V8 CPU profile (node --cpu-prof, e.g. from `BENCH_PERFIL=dir` of carga.ts): the
 * share of samples by where the time went (the package or the project's folder of the function that
 * was running) and the heaviest functions, self time. Node's own code and native calls (a socket's
 * writev, a hash) are also charged to the nearest package or project folder that called them
 * ("charged to"), so a socket write shows as pg's or fastify's.
 *
 * With the `ventanas.json` carga.ts writes beside the profile (each target's start and end on the
 * monotonic clock the profile uses), each target is summarised apart, its shares of the busy samples
 * (idle left out) also given as µs of one call (the busy share × the server's CPU per call carga.ts
 * measured from /proc; the profile sees the main thread only).
 *
 * Usage: node --import tsx server/bench/perfil.ts <file.cpuprofile> [top=25]
 */
import fs from "node:fs";
import path from "node:path";

interface Nodo {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface Perfil {
  nodes: Nodo[];
  samples: number[];
  timeDeltas: number[];
  startTime: number;
}
interface Ventana {
  nombre: string;
  desde: number;
  hasta: number;
  cpuPorLlamada?: number;
}

const [archivo, topArg] = process.argv.slice(2);
if (!archivo) {
  console.error("uso: perfil.ts <archivo.cpuprofile> [top]");
  process.exit(2);
}
const perfil = JSON.parse(fs.readFileSync(archivo, "utf8")) as Perfil;
const porId = new Map(perfil.nodes.map((n) => [n.id, n]));
const padre = new Map<number, number>();
for (const n of perfil.nodes) for (const c of n.children ?? []) padre.set(c, n.id);
const top = Number(topArg ?? 25);
const ESPECIALES = new Set(["(idle)", "(program)", "(garbage collector)", "(root)"]);

function zona(url: string, nombre: string): string {
  if (!url) return ESPECIALES.has(nombre) ? nombre : "(nativo)";
  const m = url.match(/node_modules\/((?:@[^/]+\/)?[^/]+)/);
  if (m) return m[1];
  const p = url.match(/\/(server|contracts)\/(?:src|dist)\/([^/]+)/);
  if (p) return `${p[1]}/${p[2]}`;
  if (url.startsWith("node:")) return url.split("/")[0];
  return url.replace(/^file:\/\//, "");
}

/** The zone a sample is charged to: its own, or for node's code and native calls its nearest caller's. */
const cargoCache = new Map<number, string>();
function cargo(id: number): string {
  const hecho = cargoCache.get(id);
  if (hecho) return hecho;
  const nodo = porId.get(id) as Nodo;
  const propia = zona(nodo.callFrame.url, nodo.callFrame.functionName);
  let r = propia;
  if (propia === "(nativo)" || propia.startsWith("node:")) {
    const p = padre.get(id);
    const arriba = p === undefined ? propia : cargo(p);
    r = arriba === "(root)" || ESPECIALES.has(arriba) ? propia : arriba;
  }
  cargoCache.set(id, r);
  return r;
}

function resumir(titulo: string, desde: number, hasta: number, cpuPorLlamada?: number) {
  const propio = new Map<string, number>();
  const cargado = new Map<string, number>();
  const porFuncion = new Map<string, number>();
  let total = 0;
  let ocioso = 0;
  let t = perfil.startTime;
  perfil.samples.forEach((id, i) => {
    t += perfil.timeDeltas[i];
    if (t < desde || t > hasta) return;
    total++;
    const nodo = porId.get(id);
    if (!nodo) return;
    const { functionName, url, lineNumber } = nodo.callFrame;
    if (functionName === "(idle)") {
      ocioso++;
      return;
    }
    const z = zona(url, functionName);
    propio.set(z, (propio.get(z) ?? 0) + 1);
    const c = cargo(id);
    cargado.set(c, (cargado.get(c) ?? 0) + 1);
    const f = `${functionName || "(anónima)"} ${z}:${lineNumber + 1}`;
    porFuncion.set(f, (porFuncion.get(f) ?? 0) + 1);
  });
  const ocupado = total - ocioso;
  const pct = (n: number) => `${((100 * n) / Math.max(1, ocupado)).toFixed(1).padStart(5)}%`;
  const us = (n: number) =>
    cpuPorLlamada === undefined ? "" : `${((cpuPorLlamada * n) / Math.max(1, ocupado)).toFixed(1).padStart(7)} µs`;
  console.log(
    `\n== ${titulo}: ${total} muestras, ${ocupado} ocupadas (${((100 * ocioso) / total).toFixed(0)} % ociosas)`,
  );
  console.log("Por zona: tiempo propio · cargado (node y nativo al llamante más cercano)");
  const zonas = [...new Set([...propio.keys(), ...cargado.keys()])]
    .map((z) => [z, propio.get(z) ?? 0, cargado.get(z) ?? 0] as const)
    .sort((a, b) => b[2] - a[2] || b[1] - a[1])
    .slice(0, top);
  for (const [z, p, c] of zonas) console.log(`  ${pct(p)}  ${pct(c)}${us(c)}  ${z}`);
  console.log("Funciones más pesadas (tiempo propio):");
  for (const [f, n] of [...porFuncion].sort((a, b) => b[1] - a[1]).slice(0, top))
    console.log(`  ${pct(n)}${us(n)}  ${f}`);
}

const archivoVentanas = path.join(path.dirname(archivo), "ventanas.json");
const ventanas: Ventana[] = fs.existsSync(archivoVentanas) ? JSON.parse(fs.readFileSync(archivoVentanas, "utf8")) : [];
if (ventanas.length === 0) resumir("todo el perfil", 0, Number.POSITIVE_INFINITY);
for (const v of ventanas) resumir(v.nombre, v.desde, v.hasta, v.cpuPorLlamada);
