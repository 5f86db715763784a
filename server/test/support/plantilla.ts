import path from "node:path";
import { fileURLToPath } from "node:url";

/** Where a run's PGlite template dump lives (one per run, so parallel runs do not clash). */
export function archivoPlantillaPglite(id: string): string {
  return path.resolve(path.dirname(fileURLToPath(import.meta.url)), `../../../.tmp/plantilla-${id}.tar.gz`);
}

export function urlConBase(url: string, base: string): string {
  const u = new URL(url);
  u.pathname = `/${base}`;
  return u.toString();
}

declare module "vitest" {
  export interface ProvidedContext {
    plantilla: string;
  }
}
