/**
 * Turns a zod error into the field-keyed dictionary of DESIGN.md §3, and makes every message a
 * client reads Spanish (DESIGN.md §6): a schema's own text wins; a field that is missing reads the
 * product's «Este campo es obligatorio.»; every other refusal a schema gives no text for reads
 * zod's own Spanish locale (`z.locales.es`, kept with the library) instead of its English default.
 * The setting is global to zod, so it holds for every schema parsed in this process.
 */
import { type Errores, MSG } from "@registro/contracts";
import { z } from "zod";

z.config(z.locales.es());
z.config({
  customError: (issue) =>
    issue.code === "invalid_type" && issue.input === undefined && issue.path && issue.path.length > 0
      ? MSG.requerido
      : undefined,
});

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
