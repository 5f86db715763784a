/**
 * Fastify validator compiler for zod schemas. Request fields bind case-insensitively to the
 * schema's keys (as the original server did), and failures carry field-keyed Spanish messages.
 */
import { MSG, textosInadmisibles } from "@registro/contracts";
import type { FastifySchemaCompiler } from "fastify";
import { z } from "zod";
import { erroresDeZod } from "./zod-errors.js";

/** Renames the keys of `value` to the matching keys of `schema`'s shape, ignoring case. */
export function bindCaseInsensitive(schema: z.ZodTypeAny, value: unknown): unknown {
  const shape = objectShape(schema);
  if (!shape || value === null || typeof value !== "object" || Array.isArray(value)) return value;
  const byLower = new Map(Object.keys(shape).map((k) => [k.toLowerCase(), k]));
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value as Record<string, unknown>)) {
    const key = byLower.get(k.toLowerCase()) ?? k;
    const child = shape[key];
    out[key] = child ? bindCaseInsensitive(child, v) : v;
  }
  return out;
}

function objectShape(schema: z.ZodTypeAny): Record<string, z.ZodTypeAny> | null {
  let s: z.ZodTypeAny = schema;
  // Unwrap optional/default/nullable/pipe wrappers to reach an object's shape.
  for (let i = 0; i < 5; i++) {
    if (s instanceof z.ZodObject) return s.shape as Record<string, z.ZodTypeAny>;
    const def = (s as unknown as { _zod?: { def?: { innerType?: z.ZodTypeAny; in?: z.ZodTypeAny } } })._zod?.def;
    const inner = def?.innerType ?? def?.in;
    if (!inner) return null;
    s = inner;
  }
  return null;
}

export const zodValidatorCompiler: FastifySchemaCompiler<z.ZodTypeAny> = ({ schema }) => {
  return (data: unknown) => {
    const bound = bindCaseInsensitive(schema, data);
    // NUL characters and lone surrogates cannot be stored: refused on their field, for every route.
    const inadmisibles = textosInadmisibles(bound);
    if (inadmisibles.length > 0) {
      const error = new Error("validation") as Error & { errores: Record<string, string[]> };
      error.errores = Object.fromEntries(inadmisibles.map((c) => [c, [MSG.caracteresInvalidos]]));
      return { error };
    }
    const result = schema.safeParse(bound);
    if (result.success) return { value: result.data };
    const error = new Error("validation") as Error & { errores: Record<string, string[]> };
    error.errores = erroresDeZod(result.error);
    return { error };
  };
};

/** Validates a plain object (e.g. parsed multipart fields) or throws Validacion. */
export { erroresDeZod };
