/**
 * Summarises a V8 CPU profile (node --cpu-prof, e.g. from `BENCH_PERFIL=dir` of carga.ts): the
 * share of samples by where the time went (the package or the project's folder of the function that
 * was running) and the heaviest functions, self time.
 *
 * Usage: node --import tsx server/bench/perfil.ts <file.cpuprofile> [top=25]
 */
import fs from "node:fs";

interface Nodo {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
}
const [archivo, topArg] = process.argv.slice(2);
if (!archivo) {
  console.error("uso: perfil.ts <archivo.cpuprofile> [top]");
  process.exit(2);
}
const perfil = JSON.parse(fs.readFileSync(archivo, "utf8")) as { nodes: Nodo[]; samples: number[] };
const porId = new Map(perfil.nodes.map((n) => [n.id, n]));
const cuenta = new Map<number, number>();
for (const s of perfil.samples) cuenta.set(s, (cuenta.get(s) ?? 0) + 1);
const total = perfil.samples.length;

function zona(url: string, nombre: string): string {
  if (!url)
    return nombre === "(idle)" || nombre === "(program)" || nombre === "(garbage collector)" ? nombre : "(nativo)";
  const m = url.match(/node_modules\/((?:@[^/]+\/)?[^/]+)/);
  if (m) return m[1];
  const p = url.match(/\/(server|contracts)\/(?:src|dist)\/([^/]+)/);
  if (p) return `${p[1]}/${p[2]}`;
  if (url.startsWith("node:")) return url.split("/")[0];
  return url.replace(/^file:\/\//, "");
}

const porZona = new Map<string, number>();
const porFuncion = new Map<string, number>();
for (const [id, n] of cuenta) {
  const nodo = porId.get(id);
  if (!nodo) continue;
  const { functionName, url, lineNumber } = nodo.callFrame;
  const z = zona(url, functionName);
  porZona.set(z, (porZona.get(z) ?? 0) + n);
  const f = `${functionName || "(anónima)"} ${z}:${lineNumber + 1}`;
  porFuncion.set(f, (porFuncion.get(f) ?? 0) + n);
}
const pct = (n: number) => `${((100 * n) / total).toFixed(1).padStart(5)}%`;
const top = Number(topArg ?? 25);
console.log(`${total} muestras`);
console.log("\nPor zona (tiempo propio):");
for (const [z, n] of [...porZona].sort((a, b) => b[1] - a[1]).slice(0, top)) console.log(`  ${pct(n)}  ${z}`);
console.log("\nFunciones más pesadas (tiempo propio):");
for (const [f, n] of [...porFuncion].sort((a, b) => b[1] - a[1]).slice(0, top)) console.log(`  ${pct(n)}  ${f}`);
