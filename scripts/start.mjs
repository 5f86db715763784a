// `npm start`: install what is missing, build the web app and the server when their sources changed,
// then run the built server with plain node (migrations and demo data happen at its start).
// SIGINT/SIGTERM to this process stop the server cleanly; if this process dies anyway, the server
// notices (IPC channel closed) and stops too. Exits with the server's code, non-zero when the
// server died from an error or a signal this process did not forward.
import { spawn } from "node:child_process";
import os from "node:os";
import { ensureDeps, ensureServerBuild, ensureWebBuild, root, serverEntry } from "./lib.mjs";

await ensureDeps();
await ensureWebBuild();
await ensureServerBuild();
const child = spawn(process.execPath, [serverEntry], { cwd: root, stdio: ["inherit", "inherit", "inherit", "ipc"] });
let forwarded = null;
for (const sig of ["SIGINT", "SIGTERM", "SIGHUP"]) {
  process.on(sig, () => {
    forwarded = sig;
    child.kill(sig === "SIGHUP" ? "SIGTERM" : sig);
  });
}
// npm does not pass SIGTERM on to its script's shell, and the shell ends without passing it on:
// this process is left behind with a new parent. Treat that as the stop request it was.
const parentAtStart = process.ppid;
setInterval(() => {
  if (process.ppid !== parentAtStart && !forwarded) {
    forwarded = "SIGTERM";
    child.kill("SIGTERM");
  }
}, 250).unref();
child.on("exit", (code, signal) => {
  if (signal) {
    // Killed by a signal: a clean stop only if it was the one we passed on and it ended there.
    console.error(`The server was stopped by ${signal}.`);
    process.exit(forwarded ? 128 + (os.constants.signals[forwarded] ?? 15) : 128 + (os.constants.signals[signal] ?? 1));
  }
  process.exit(code ?? 1);
});
