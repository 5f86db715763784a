/**
 * The server's field errors (DESIGN.md §3: `errors` keyed by the API's field names) put on a
 * react-hook-form form with `setError`. Every form names its fields as the API does (`Cedula`,
 * `IdPerfil`, `fechaDesde`…), so one rule maps them all: the key without a list index
 * (`SelectedFirms[0]`) or a known prefix (`newfuncionario.`, `InfoIncumbente.`), compared without
 * regard to case. What names no field of the form is returned, for the form to show apart.
 */
import { toNestErrors } from "@hookform/resolvers";
import type { Errores } from "@registro/contracts";
import type { FieldError, FieldValues, Path, Resolver, UseFormSetError } from "react-hook-form";
import type { ZodType } from "zod";

export function aplicarErroresServidor<T extends FieldValues>(
  errores: Errores | undefined,
  setError: UseFormSetError<T>,
  campos: readonly Path<T>[],
  opciones: {
    /** Prefixes some answers put before the field's name. */
    prefijos?: readonly string[];
    /** Second names the API gives a field's error (SPEC.md's `InfoIncumbente.Nombre`). */
    alias?: Readonly<Record<string, Path<T>>>;
  } = {},
): Errores {
  const { prefijos = [], alias = {} } = opciones;
  const porNombre = new Map<string, Path<T>>(campos.map((c) => [c.toLowerCase(), c]));
  for (const [otro, campo] of Object.entries(alias)) porNombre.set(otro.toLowerCase(), campo);
  const otros: Errores = {};
  for (const [clave, mensajes] of Object.entries(errores ?? {})) {
    const mensaje = mensajes[0];
    if (!mensaje) continue;
    let base = clave.replace(/\[\d+\]$/, "");
    for (const p of prefijos) if (base.toLowerCase().startsWith(p.toLowerCase())) base = base.slice(p.length);
    const campo = porNombre.get(base.toLowerCase());
    if (campo) setError(campo, { type: "servidor", message: mensaje });
    else otros[clave] = mensajes;
  }
  return otros;
}

/**
 * A form checked with one of the API's zod schemas. Those schemas read a request's raw values
 * (their input type is `unknown`: nulls, text, numbers), so any form's values are a valid input;
 * the form keeps its own values, and the schema's messages land on the fields of the same name —
 * the first message for each field, as the API itself gives it (a union's own message, e.g. "Este
 * campo es obligatorio." for a missing type, not that of one of its members).
 */
export function resolverDelEsquema<T extends FieldValues>(esquema: ZodType): Resolver<T> {
  return async (valores, _contexto, opciones) => {
    const r = await esquema.safeParseAsync(valores);
    if (r.success) return { values: r.data as T, errors: {} };
    const errores: Record<string, FieldError> = {};
    for (const i of r.error.issues) {
      const clave = i.path.map(String).join(".");
      errores[clave] ??= { type: i.code, message: i.message };
    }
    return { values: {}, errors: toNestErrors(errores, opciones) };
  };
}

/**
 * `resolverDelEsquema` for a schema kept in a module of its own (`cargar` imports it): a form that
 * needs no schema to be drawn then loads zod and the API's schemas — tens of kilobytes, and a long
 * evaluation on a slow phone — only when it is first checked, or earlier when `precargar` is called
 * (on the form's first focus: the schema is ready long before the person sends it).
 */
export function resolverDiferido<T extends FieldValues>(
  cargar: () => Promise<ZodType>,
): { resolver: Resolver<T>; precargar: () => void } {
  let listo: Promise<Resolver<T>> | null = null;
  const obtener = () => {
    listo ??= cargar().then(
      (esquema) => resolverDelEsquema<T>(esquema),
      (e: unknown) => {
        // A failed download is tried again on the next check.
        listo = null;
        throw e;
      },
    );
    return listo;
  };
  return {
    resolver: async (valores, contexto, opciones) => (await obtener())(valores, contexto, opciones),
    precargar: () => {
      obtener().catch(() => {});
    },
  };
}
