/** Turns a zod error into the field-keyed dictionary of DESIGN.md §3. */
import type { Errores } from "@registro/contracts";
import type { z } from "zod";

export function erroresDeZod(error: z.ZodError, prefijo = ""): Errores {
  const out: Errores = {};
  for (const issue of error.issues) {
    const campo = prefijo + (issue.path.length ? issue.path.map(String).join(".") : "general");
    const lista = out[campo] ?? [];
    if (!lista.includes(issue.message)) lista.push(issue.message);
    out[campo] = lista;
  }
  return out;
}
