/**
 * `npm run bench`: every server-side figure of docs/benchmarks/README.md, one after the other —
 * the inboxes (inbox.ts; BENCH_N requests, 100,000 unless told), verification, a signed
 * document's check (documento.ts: 10 MB, three signatures), the dashboard
 * (tablero.ts), the throughput under 50 connections with its ratio to a bare Fastify
 * route (carga.ts), and the start to serving of the built server on the embedded database
 * (arranque.ts). The others use the PostgreSQL server of
 * DATABASE_URL or TEST_PG_URL when given (BENCH_DB to choose), PGlite otherwise; settings pass
 * through (see each file's header). The web figures are `npm run bench:web`.
 */
import { spawnSync } from "node:child_process";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

const aqui = path.dirname(fileURLToPath(import.meta.url));
const carga = () =>
  `carga media ${os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(" ")} en ${os.cpus().length} CPU`;
let fallos = 0;
for (const script of [
  "inbox.ts",
  "verificacion.ts",
  "verificacion-lote.ts",
  "documento.ts",
  "tablero.ts",
  "carga.ts",
  "arranque.ts",
]) {
  console.log(`\n== ${script} (${new Date().toISOString()}, ${carga()})`);
  const r = spawnSync(process.execPath, ["--import", "tsx", path.join(aqui, script)], { stdio: "inherit" });
  if (r.status !== 0) fallos++;
}
console.log(`\n== fin (${new Date().toISOString()}, ${carga()})`);
process.exit(fallos ? 1 : 0);
