/**
 * Field rules of DESIGN.md §6 as zod building blocks, used by the server's validation and the
 * web forms alike. Messages are Spanish and attach to the field that carries them.
 */
import { z } from "zod";
import { leerFechaEscrita } from "./fecha-escrita.js";
import { MSG } from "./mensajes.js";

/** The largest PostgreSQL integer (int4), the type of every id column. */
export const ID_MAX = 2_147_483_647;

export const CEDULA_REGEX = /^\d{3}-\d{7}-\d$/;
export const TELEFONO_REGEX = /^\(\d{3}\) \d{3}-\d{4}$/;

/** Luhn (mod 10) check over the first ten digits; the eleventh is the check digit. */
export function cedulaValida(cedula: string): boolean {
  if (!CEDULA_REGEX.test(cedula)) return false;
  const digits = cedula.replace(/-/g, "");
  return digitoVerificador(digits.slice(0, 10)) === Number(digits[10]);
}

/** The Luhn check digit for a string of digits. */
export function digitoVerificador(base: string): number {
  let sum = 0;
  for (let i = 0; i < base.length; i++) {
    // Doubling starts from the rightmost digit of the base.
    let d = Number(base[base.length - 1 - i]);
    if (i % 2 === 0) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return (10 - (sum % 10)) % 10;
}

const texto = (max: number) => z.string().trim().max(max, MSG.textoLargo(max));

export const zTexto = texto;
export const zRequerido = (max: number) => texto(max).min(1, MSG.requerido);

// One message per problem: empty, then format, then check digit.
export const zCedula = z
  .string({ error: MSG.requerido })
  .trim()
  .min(1, MSG.requerido)
  .refine((v) => v === "" || CEDULA_REGEX.test(v), MSG.cedulaFormato)
  .refine((v) => !CEDULA_REGEX.test(v) || cedulaValida(v), MSG.cedulaInvalida);

export const zTelefono = z
  .string({ error: MSG.requerido })
  .trim()
  .min(1, MSG.requerido)
  .refine((v) => v === "" || TELEFONO_REGEX.test(v), MSG.telefonoFormato);

/** Optional phone: empty string allowed. */
export const zTelefonoOpcional = z
  .string()
  .trim()
  .refine((v) => v === "" || TELEFONO_REGEX.test(v), MSG.telefonoFormato)
  .default("");

export const zExt = z
  .string()
  .trim()
  .regex(/^\d{0,6}$/, MSG.extFormato)
  .default("");

export const zEmail = z.string({ error: MSG.requerido }).trim().min(1, MSG.requerido).max(254).email(MSG.emailFormato);

/** An integer id coming from a path, query or multipart field (numeric strings accepted). */
export const zId = z.coerce
  .number({ error: MSG.numeroInvalido })
  .int(MSG.numeroInvalido)
  .positive(MSG.numeroInvalido)
  // Ids are PostgreSQL integers: a larger number is bad input, not a database error.
  .max(ID_MAX, MSG.numeroInvalido);

/** Booleans as multipart sends them: "true"/"false"/"1"/"0", or real booleans in JSON. */
export const zBool = z.preprocess(
  (v) => {
    if (typeof v === "string") {
      const s = v.trim().toLowerCase();
      if (s === "true" || s === "1") return true;
      if (s === "false" || s === "0" || s === "") return false;
    }
    if (v === 1) return true;
    if (v === 0) return false;
    return v;
  },
  z.boolean({ error: MSG.requerido }),
);

export const PASSWORD_MIN = 12;
export const PASSWORD_MAX = 128;

// Seguridad: text the database cannot store is bad input, refused on its field.

/** True for text without NUL characters and without lone UTF-16 surrogates. */
export function textoAdmisible(s: string): boolean {
  if (s.includes("\u0000")) return false;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c >= 0xd800 && c <= 0xdbff) {
      const d = s.charCodeAt(i + 1);
      if (!(d >= 0xdc00 && d <= 0xdfff)) return false;
      i++;
    } else if (c >= 0xdc00 && c <= 0xdfff) {
      return false;
    }
  }
  return true;
}

/**
 * The dotted paths of every string (value or key) in `value` that is not admissible text; "general"
 * when the bad text is the value itself. Walks without recursion, so depth cannot overflow the stack.
 */
export function textosInadmisibles(value: unknown): string[] {
  const out = new Set<string>();
  const pila: [unknown, string][] = [[value, ""]];
  while (pila.length > 0) {
    const [v, ruta] = pila.pop() as [unknown, string];
    if (typeof v === "string") {
      if (!textoAdmisible(v)) out.add(ruta || "general");
    } else if (Array.isArray(v)) {
      v.forEach((x, i) => {
        pila.push([x, ruta ? `${ruta}.${i}` : String(i)]);
      });
    } else if (v !== null && typeof v === "object") {
      for (const [k, x] of Object.entries(v as Record<string, unknown>)) {
        const hijo = ruta ? `${ruta}.${k}` : k;
        if (!textoAdmisible(k)) out.add(ruta || "general");
        else pila.push([x, hijo]);
      }
    }
  }
  return [...out];
}

/** A date field's text in a form: YYYY-MM-DD, or null when empty; unreadable text fails on the field. */
export const zFechaEscrita = z.string().transform((texto, ctx): string | null => {
  const r = leerFechaEscrita(texto);
  if (r.error !== undefined) {
    ctx.addIssue({ code: "custom", message: r.error });
    return z.NEVER;
  }
  return r.fecha;
});
