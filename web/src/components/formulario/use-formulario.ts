/**
 * The web's one form kit (issue 36): every form is set up here, and only here.
 * - checked with the API's zod schema (`esquema`) or a resolver of its own (`resolver`);
 * - a refused form takes the person to its first error in reading order (`useFocoPrimerError`),
 *   not react-hook-form's own focus, which follows only the fields it holds a ref of (a cédula,
 *   a list or a file would be skipped): the container's `ref` is `contenedor`;
 * - the server's field errors of a 400 (DESIGN.md §3) land on the fields of the same name
 *   (`erroresServidor`, from `campos`, `prefijos` and `alias`);
 * A form sends with `handleSubmit(accion, fallo)`: a refusal by its own checks moves the focus; so
 * does `fallo()` after a refusal by the server.
 */
import type { Errores } from "@registro/contracts";
import { useCallback } from "react";
import { type FieldValues, type Path, type Resolver, type UseFormProps, useForm } from "react-hook-form";
import type { ZodType } from "zod";
import { aplicarErroresServidor, resolverDelEsquema } from "./servidor";
import { useFocoPrimerError } from "./use-foco-error";

export interface OpcionesFormulario<T extends FieldValues>
  extends Omit<UseFormProps<T>, "resolver" | "shouldFocusError"> {
  /** The API's schema the form is checked with. */
  esquema?: ZodType;
  /** A resolver of the form's own, where the schema alone does not say it (dates as typed…). */
  resolver?: Resolver<T>;
  /** The form's fields, named as the API names them: the server's field errors land on these. */
  campos?: readonly Path<T>[];
  /** Prefixes some answers put before the field's name. */
  prefijos?: readonly string[];
  /** Second names the API gives a field's error (SPEC.md's `InfoIncumbente.Nombre`). */
  alias?: Readonly<Record<string, Path<T>>>;
}

export function useFormulario<T extends FieldValues, C extends HTMLElement = HTMLFormElement>(
  opciones: OpcionesFormulario<T>,
) {
  const { esquema, resolver, campos, prefijos, alias, ...props } = opciones;
  const form = useForm<T>({
    ...props,
    resolver: resolver ?? (esquema ? resolverDelEsquema<T>(esquema) : undefined),
    // useFocoPrimerError alone takes the focus, to the first error in reading order.
    shouldFocusError: false,
  });
  const { contenedor, fallo } = useFocoPrimerError<C>();
  const { setError } = form;

  /**
   * Puts a 400's field errors on the form's fields; returns those that name none of them (for the
   * form to show apart). `otrosCampos` replaces `campos` for an answer that names other fields.
   * Stable as long as `campos`, `prefijos` and `alias` are (constants of the form's module).
   */
  const erroresServidor = useCallback(
    (errores: Errores | undefined, otrosCampos?: readonly Path<T>[]): Errores =>
      aplicarErroresServidor(errores, setError, otrosCampos ?? campos ?? [], { prefijos, alias }),
    [setError, campos, prefijos, alias],
  );
  return { ...form, contenedor, fallo, erroresServidor };
}
