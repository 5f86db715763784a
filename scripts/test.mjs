// `npm test`: the whole suite. Lint and types, unit and API tests on PGlite, the API tests again on
// a real PostgreSQL started here on loopback, then browser tests in Debian's chromium. Installs
// postgresql, chromium and nginx from Debian when missing. Ends with one line: "N passed, N failed".
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { stripVTControlCharacters } from "node:util";
import { aptInstall, ensureDeps, ensureServerBuild, ensureWebBuild, root, run } from "./lib.mjs";

const only = process.argv.slice(2); // optional: lint unit api-pglite api-pg e2e system
const want = (step) => only.length === 0 || only.includes(step);
const totals = { passed: 0, failed: 0 };
const failures = [];
// Every failed test, named again at the very end: CI shows only the tail of a long run.
const failedTests = [];
const firstLine = (messages) =>
  (messages ?? [])
    .map((m) => stripVTControlCharacters(m ?? ""))
    .join("\n")
    .split("\n")
    .find((l) => l.trim() !== "")
    ?.trim()
    .slice(0, 300) ?? "";
const reports = path.join(root, ".tmp", "reports");
fs.mkdirSync(reports, { recursive: true });

async function step(name, fn) {
  const t0 = Date.now();
  console.log(`\n=== ${name} ===`);
  let ok = false;
  try {
    ok = await fn();
  } catch (e) {
    console.error(e);
  }
  console.log(`=== ${name}: ${ok ? "ok" : "FAILED"} in ${((Date.now() - t0) / 1000).toFixed(1)}s ===`);
  if (!ok) failures.push(name);
  return ok;
}

async function vitest(name, dir, env = {}, extra = []) {
  const report = path.join(reports, `${name}.json`);
  fs.rmSync(report, { force: true });
  const code = await run(
    "npx",
    ["vitest", "run", ...extra, "--reporter=default", "--reporter=json", `--outputFile.json=${report}`],
    {
      cwd: path.join(root, dir),
      env: { ...process.env, ...env },
    },
  );
  if (fs.existsSync(report)) {
    const r = JSON.parse(fs.readFileSync(report, "utf8"));
    totals.passed += r.numPassedTests;
    totals.failed += r.numFailedTests;
    for (const file of r.testResults) {
      const where = path.relative(root, file.name);
      const failed = file.assertionResults.filter((a) => a.status === "failed");
      for (const a of failed)
        failedTests.push(`${name}: ${where} > ${a.fullName}\n    ${firstLine(a.failureMessages)}`);
      // A file that failed outside its tests (an import, a hook) has no failed test to name.
      if (failed.length === 0 && file.status === "failed")
        failedTests.push(`${name}: ${where}\n    ${firstLine([file.message])}`);
    }
    if (r.numTotalTests === 0) return false;
  } else totals.failed += 1;
  return code === 0;
}

function freePort() {
  return new Promise((resolve) => {
    const s = net.createServer();
    s.listen(0, "127.0.0.1", () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });
}

function findPgBin() {
  const base = "/usr/lib/postgresql";
  if (!fs.existsSync(base)) return null;
  const versions = fs.readdirSync(base).sort((a, b) => Number(b) - Number(a));
  for (const v of versions) if (fs.existsSync(path.join(base, v, "bin", "initdb"))) return path.join(base, v, "bin");
  return null;
}

/** Starts a throwaway PostgreSQL cluster on loopback; returns its URL and a stop function. */
async function startPostgres() {
  if (!findPgBin()) await aptInstall(["postgresql"]);
  const bin = findPgBin();
  if (!bin) throw new Error("PostgreSQL binaries not found after install");
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "rf-pg-"));
  const port = await freePort();
  const asRoot = process.getuid?.() === 0;
  const sh = (cmd) => {
    const args = asRoot ? ["-s", "/bin/sh", "postgres", "-c", cmd] : ["-c", cmd];
    const r = spawnSync(asRoot ? "su" : "sh", args, { stdio: "inherit" });
    if (r.status !== 0) throw new Error(`failed: ${cmd}`);
  };
  if (asRoot)
    fs.chownSync(
      dir,
      Number(spawnSync("id", ["-u", "postgres"]).stdout),
      Number(spawnSync("id", ["-g", "postgres"]).stdout),
    );
  sh(`${bin}/initdb -D ${dir}/data -A trust -U postgres --no-sync -E UTF8 >${dir}/initdb.log 2>&1`);
  sh(
    `${bin}/pg_ctl -D ${dir}/data -l ${dir}/server.log -w -o "-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=200" start >/dev/null`,
  );
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    stop: () => {
      try {
        sh(`${bin}/pg_ctl -D ${dir}/data -m immediate stop >/dev/null`);
      } finally {
        fs.rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}

/** The API tests check sealed constancias with poppler's pdfsig and make certificates and a TSA with openssl. */
async function ensurePdfTools() {
  const missing = [];
  if (!fs.existsSync("/usr/bin/pdfsig")) missing.push("poppler-utils");
  if (!fs.existsSync("/usr/bin/openssl")) missing.push("openssl");
  if (missing.length > 0) await aptInstall(missing);
}

const t0 = Date.now();
await ensureDeps();

if (want("lint")) {
  await step("format and lint (biome)", async () => (await run("npx", ["biome", "check", "."])) === 0);
  await step("type-check (tsc)", async () => (await run("npm", ["run", "typecheck"])) === 0);
}
if (want("unit")) {
  await step("unit tests (contracts)", () => vitest("unit-contracts", "contracts"));
  await step("unit tests (web: the form kit)", () => vitest("unit-web", "web"));
}
if (want("api-pglite")) {
  await step("API tests on PGlite", async () => {
    await ensurePdfTools();
    return vitest("api-pglite", "server");
  });
}
if (want("api-pg")) {
  await step("API tests on PostgreSQL", async () => {
    await ensurePdfTools();
    const pg = await startPostgres();
    try {
      return await vitest("api-postgres", "server", { TEST_PG_URL: pg.url });
    } finally {
      pg.stop();
    }
  });
}
if (want("e2e")) {
  await step("browser tests (chromium)", async () => {
    if (!fs.existsSync(process.env.CHROMIUM_PATH ?? "/usr/bin/chromium"))
      await aptInstall(["chromium", "fonts-dejavu-core"]);
    await ensureWebBuild(true);
    return vitest("e2e", "e2e");
  });
}

// Reliability: the built server as real processes; PostgreSQL clusters the tests restart
// and crash themselves; data-folder lock and signals; several processes behind nginx.
if (want("system")) {
  await step("system tests (processes, restarts, nginx)", async () => {
    if (!findPgBin()) await aptInstall(["postgresql"]);
    if (!fs.existsSync("/usr/sbin/nginx")) await aptInstall(["nginx"]);
    // runbook.test.ts: the simulated server's mounts (bubblewrap), and what the runbook calls.
    const faltan = [
      ["bwrap", "bubblewrap"],
      ["curl", "curl"],
      ["openssl", "openssl"],
    ].filter(([programa]) => !["/usr/bin", "/bin"].some((d) => fs.existsSync(`${d}/${programa}`)));
    if (faltan.length > 0) await aptInstall(faltan.map(([, paquete]) => paquete));
    // PostgreSQL under Patroni with etcd and HAProxy (test-sistema/patroni.test.ts).
    const ha = [
      ["/usr/bin/patroni", "patroni"],
      ["/usr/bin/etcd", "etcd-server"],
      ["/usr/sbin/haproxy", "haproxy"],
    ].filter(([bin]) => !fs.existsSync(bin));
    if (ha.length > 0) await aptInstall(ha.map(([, paquete]) => paquete));
    await ensureServerBuild();
    return vitest("system", "server", {}, ["--config", "test-sistema/vitest.config.ts"]);
  });
}

if (failedTests.length > 0) console.log(`\nFailed tests:\n${failedTests.map((t) => `- ${t}`).join("\n")}`);
console.log(
  `\nWhole suite in ${((Date.now() - t0) / 1000).toFixed(0)}s${failures.length ? `; failed steps: ${failures.join(", ")}` : ""}`,
);
console.log(`${totals.passed} passed, ${totals.failed} failed`);
process.exit(failures.length || totals.failed ? 1 : 0);
