/** Pass-through fixes for PrimeReact's lists and paginators (accessibility), free of heavy imports. */

/**
 * PrimeReact's Dropdown renders an unlabelled hidden <select> beside its labelled combobox; hiding
 * it from assistive technology keeps one control per field (axe: select-name).
 */
export const PT_DROPDOWN = { select: { "aria-hidden": true } } as const;
/**
 * The same for the rows-per-page selector of a table's paginator, named in Spanish: PrimeReact's
 * paginator bundle reads that label from its own copy of the locale, stuck in English.
 */
export const PT_RPP = {
  select: { "aria-hidden": true },
  root: { "aria-label": "Filas por página" },
  input: { "aria-label": "Filas por página" },
} as const;
export const PT_PAGINADOR = { paginator: { RPPDropdown: PT_RPP } } as const;
/** A column's cells labelled with its name, shown before each value on a phone's stacked card. */
export const ptEtiqueta = (nombre: string) => ({ bodyCell: { "data-etiqueta": nombre } as Record<string, string> });
