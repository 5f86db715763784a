/**
 * Global setup of the browser tests: builds the server once (`server/dist`, what `npm start` runs)
 * and starts it once on a new data folder, which migrates it, seeds the demo data, creates the
 * development seal certificate and anchors the audit trail. Stopped cleanly, that folder is the
 * template every test file copies (support/server.ts), so no file pays for seeding again; each file
 * still gets a copy of its own, so files stay independent.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { ensureServerBuild } from "../../scripts/lib.mjs";
import { archivoPuntos, arrancar, detener, fechaPais } from "./server.js";

export default async function setup(project: TestProject) {
  await ensureServerBuild();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "rf-e2e-plantilla-"));
  const fecha = fechaPais();
  const { child } = await arrancar(dir);
  await detener(child);
  if (child.exitCode !== 0) throw new Error(`the template server stopped with ${child.exitCode ?? child.signalCode}`);
  // The lock names the stopped process; a copy must not carry it.
  fs.rmSync(path.join(dir, "registro-firmas.lock"), { force: true });
  project.provide("plantillaE2e", { dir, fecha });
  return () => {
    fs.rmSync(dir, { recursive: true, force: true });
    fs.rmSync(archivoPuntos(dir), { force: true });
  };
}
