import path from "node:path";
import { fileURLToPath } from "node:url";

export const PLANTILLA_PG = "rf_test_plantilla";
export const PLANTILLA_PGLITE = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../../.tmp/plantilla-pglite.tar.gz");

export function urlConBase(url: string, base: string): string {
  const u = new URL(url);
  u.pathname = `/${base}`;
  return u.toString();
}
