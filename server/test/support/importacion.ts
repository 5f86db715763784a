/** Helpers of the registry import's tests. */
import { digitoVerificador } from "@registro/contracts";

/** A valid cédula (its check digit computed) from up to ten digits. */
export function cedula(base: string): string {
  const d = base.padStart(10, "0");
  return `${d.slice(0, 3)}-${d.slice(3, 10)}-${digitoVerificador(d)}`;
}
