// `npm start`: install what is missing, build the web app if needed, then run the server
// (migrations and demo data happen at its start). Ctrl-C closes the database cleanly.
import { spawn } from "node:child_process";
import { ensureDeps, ensureWebBuild, root } from "./lib.mjs";

await ensureDeps();
await ensureWebBuild();
const child = spawn(process.execPath, ["--import", "tsx", "server/src/main.ts"], { cwd: root, stdio: "inherit" });
for (const sig of ["SIGINT", "SIGTERM"]) process.on(sig, () => child.kill(sig));
child.on("exit", (code) => process.exit(code ?? 0));
