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
 * Installs dependencies when node_modules is missing or older than the lock file. `npm install`
 * rather than `npm ci`: this npm writes lock files without other platforms' optional packages
 * (biome, esbuild binaries) and `npm ci` then refuses them; `install` keeps the locked versions.
 */
export async function ensureDeps() {
  const lock = path.join(root, "package-lock.json");
  const marker = path.join(root, "node_modules", ".package-lock.json");
  if (fs.existsSync(marker) && fs.statSync(marker).mtimeMs >= fs.statSync(lock).mtimeMs) return;
  console.log("Installing dependencies (npm install)…");
  const code = await run("npm", ["install", "--no-audit", "--no-fund"]);
  if (code !== 0) throw new Error("npm install failed");
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
