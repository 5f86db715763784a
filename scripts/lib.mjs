// Helpers shared by start.mjs and test.mjs: run commands, install what is missing.
import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

export function run(cmd, args, opts = {}) {
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { cwd: root, stdio: "inherit", ...opts });
    child.on("exit", (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

export function has(cmd) {
  return spawnSync("sh", ["-c", `command -v ${cmd}`], { stdio: "ignore" }).status === 0;
}

function newestMtime(dir) {
  let newest = 0;
  if (!fs.existsSync(dir)) return 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === "node_modules" || entry.name === "dist") continue;
    const p = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(p) : fs.statSync(p).mtimeMs);
  }
  return newest;
}

/**
 * Installs dependencies when node_modules is missing or older than the lock file, with `npm ci`:
 * the committed lock file carries every platform's optional packages (biome, esbuild binaries), so
 * `npm ci` accepts it, installs exactly the locked versions and never rewrites it.
 */
export async function ensureDeps() {
  const lock = path.join(root, "package-lock.json");
  const marker = path.join(root, "node_modules", ".package-lock.json");
  if (fs.existsSync(marker) && fs.statSync(marker).mtimeMs >= fs.statSync(lock).mtimeMs) return;
  console.log("Installing dependencies (npm ci)…");
  const code = await run("npm", ["ci", "--no-audit", "--no-fund"]);
  if (code !== 0) throw new Error("npm ci failed");
}

/** Builds the web app when its sources are newer than the build. */
export async function ensureWebBuild(force = false) {
  const index = path.join(root, "web", "dist", "index.html");
  const built = fs.existsSync(index) ? fs.statSync(index).mtimeMs : 0;
  const sources = Math.max(newestMtime(path.join(root, "web")), newestMtime(path.join(root, "contracts", "src")));
  if (!force && built >= sources) return;
  console.log("Building the web app…");
  const code = await run("npm", ["run", "build", "-w", "web"]);
  if (code !== 0) throw new Error("web build failed");
}

let aptUpdated = false;
/** Installs Debian packages when missing (root on these machines). */
export async function aptInstall(packages) {
  const sudo = process.getuid?.() === 0 ? [] : ["sudo"];
  const env = { ...process.env, DEBIAN_FRONTEND: "noninteractive" };
  if (!aptUpdated) {
    await run(sudo[0] ?? "apt-get", [...sudo.slice(1), ...(sudo.length ? ["apt-get"] : []), "update", "-qq"], { env });
    aptUpdated = true;
  }
  const args = [...(sudo.length ? ["apt-get"] : []), "install", "-y", "-qq", ...packages];
  const code = await run(sudo[0] ?? "apt-get", args, { env });
  if (code !== 0) throw new Error(`apt-get install ${packages.join(" ")} failed`);
}

// Built server ------------------------------------------------------------------------

function tsSources(dir, out = []) {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, entry.name);
    if (entry.isDirectory()) tsSources(p, out);
    else if (entry.name.endsWith(".ts") && !entry.name.endsWith(".test.ts")) out.push(p);
  }
  return out;
}

function copyNonTs(from, to) {
  for (const entry of fs.readdirSync(from, { withFileTypes: true })) {
    const src = path.join(from, entry.name);
    const dst = path.join(to, entry.name);
    if (entry.isDirectory()) copyNonTs(src, dst);
    else if (!entry.name.endsWith(".ts")) {
      fs.mkdirSync(to, { recursive: true });
      fs.copyFileSync(src, dst);
    }
  }
}

export const serverEntry = path.join(root, "server", "dist", "main.js");

/**
 * Builds the server (and the contracts it imports) to plain JavaScript when the sources are newer
 * than the build. One output file per source file, in the same folders (server/src/x/y.ts →
 * server/dist/x/y.js, contracts/src → contracts/dist), so paths a module resolves from its own
 * location (`../../seed-data`, `../../../docs/manual`) point at the same places as under tsx; files
 * that are not TypeScript (migrations' SQL and journal) are copied beside them. npm packages stay
 * imports; `@registro/contracts` becomes a relative import of contracts/dist.
 */
export async function ensureServerBuild(force = false) {
  const serverSrc = path.join(root, "server", "src");
  const contractsSrc = path.join(root, "contracts", "src");
  const serverDist = path.join(root, "server", "dist");
  const contractsDist = path.join(root, "contracts", "dist");
  const stamp = path.join(serverDist, ".built");
  const built = fs.existsSync(stamp) ? fs.statSync(stamp).mtimeMs : 0;
  const sources = Math.max(newestMtime(serverSrc), newestMtime(contractsSrc));
  if (!force && built >= sources && fs.existsSync(serverEntry)) return false;
  const t0 = Date.now();
  const esbuild = await import("esbuild");
  fs.rmSync(serverDist, { recursive: true, force: true });
  fs.rmSync(contractsDist, { recursive: true, force: true });
  const contractsIndex = path.join(contractsDist, "index.js");
  const outputOf = (file) =>
    file.startsWith(contractsSrc)
      ? path.join(contractsDist, path.relative(contractsSrc, file))
      : path.join(serverDist, path.relative(serverSrc, file));
  const keepImports = {
    name: "keep-imports",
    setup(b) {
      b.onResolve({ filter: /.*/ }, (args) => {
        if (args.kind === "entry-point") return undefined;
        if (args.path === "@registro/contracts") {
          let rel = path.relative(path.dirname(outputOf(args.importer)), contractsIndex);
          if (!rel.startsWith(".")) rel = `./${rel}`;
          return { path: rel.split(path.sep).join("/"), external: true };
        }
        return { path: args.path, external: true };
      });
    },
  };
  const common = {
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node20",
    logLevel: "warning",
    plugins: [keepImports],
  };
  await esbuild.build({
    ...common,
    entryPoints: tsSources(contractsSrc),
    outbase: contractsSrc,
    outdir: contractsDist,
  });
  await esbuild.build({ ...common, entryPoints: tsSources(serverSrc), outbase: serverSrc, outdir: serverDist });
  fs.writeFileSync(path.join(contractsDist, "package.json"), '{ "type": "module" }\n');
  copyNonTs(serverSrc, serverDist);
  fs.writeFileSync(stamp, new Date().toISOString());
  console.log(`Built the server to server/dist in ${Date.now() - t0} ms`);
  return true;
}
