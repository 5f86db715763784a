/**
 * Form field pieces every form shares: a labelled field with its error, the attributes tying a
 * control to its error, and the lists' pass-through fixes. The cédula input that looks the person
 * up is in CampoCedula.tsx, the document upload in CampoArchivo.tsx.
 */
import "./campos.css";
import type { Errores } from "@registro/contracts";
import type { ReactNode } from "react";

// The lists' pass-through fixes live without zod or the look-up, for the inbox's bundle.
export { PT_DROPDOWN, PT_PAGINADOR, PT_RPP } from "../pt-listas";

/**
 * A MultiSelect's options are role="option" with aria-selected; the checkbox drawn inside each was
 * a second, unnamed control nested in it (axe: label, nested-interactive). It is drawing only.
 */
export const PT_MULTISELECT = {
  // Disabled: not focusable at all (campos.css lets clicks through it to the option).
  checkbox: { root: { "aria-hidden": true }, input: { "aria-hidden": true, tabIndex: -1, disabled: true } },
  headerCheckbox: { root: { "aria-label": "Seleccionar todos" }, input: { "aria-hidden": true, tabIndex: -1 } },
} as const;

/**
 * A MultiSelect with groups (the signatures by type): each group's header is a heading inside the
 * list box, not an item of a list (axe: listitem, aria-required-children), and the long list can be
 * scrolled from the keyboard (axe: scrollable-region-focusable).
 */
export const PT_MULTISELECT_AGRUPADO = {
  ...PT_MULTISELECT,
  itemGroup: { role: "presentation" },
  wrapper: { tabIndex: 0 },
} as const;

/** A zod failure as the API's field-keyed errors (`InfoIncumbente.Cedula`, `fechaDesde`…). */
export function erroresDeZod(issues: readonly { path: readonly PropertyKey[]; message: string }[]): Errores {
  const out: Errores = {};
  for (const i of issues) {
    const clave = i.path.map(String).join(".");
    if (!out[clave]) out[clave] = [i.message];
  }
  return out;
}

/** The first message for a field, looking under each of its possible keys. */
export function errorDe(errores: Errores | undefined, ...claves: string[]): string | undefined {
  if (!errores) return undefined;
  for (const c of claves) {
    const m = errores[c]?.[0];
    if (m) return m;
  }
  return undefined;
}

/** Attributes tying an input to its error text. */
export function ariaError(id: string, error: string | undefined) {
  return error ? { "aria-invalid": true as const, "aria-describedby": `${id}-error` } : {};
}

export function ErrorCampo({ id, mensaje }: { id: string; mensaje?: string }) {
  if (!mensaje) return null;
  return (
    <small id={`${id}-error`} className="rfo-error">
      {mensaje}
    </small>
  );
}

export function Etiqueta({
  htmlFor,
  children,
  requerido,
}: {
  htmlFor: string;
  children: ReactNode;
  requerido?: boolean;
}) {
  return (
    <label htmlFor={htmlFor}>
      {children}
      {requerido && (
        <span className="rfo-requerido" aria-hidden="true">
          {" "}
          *
        </span>
      )}
    </label>
  );
}

interface CampoProps {
  id: string;
  etiqueta: string;
  requerido?: boolean;
  error?: string;
  className?: string;
  children: ReactNode;
}

/** A label, its control and the first error under it. */
export function Campo({ id, etiqueta, requerido, error, className, children }: CampoProps) {
  return (
    <div className={`rfo-campo ${className ?? ""}`}>
      <Etiqueta htmlFor={id} requerido={requerido}>
        {etiqueta}
      </Etiqueta>
      {children}
      <ErrorCampo id={id} mensaje={error} />
    </div>
  );
}
