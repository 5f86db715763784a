/**
 * Pass-through fixes for PrimeReact pieces that fail axe as shipped: the Dropdown's hidden native
 * <select> has no name, and InputSwitch nests a role="switch" input inside a role="checkbox" div.
 */
import type { DataTablePassThroughOptions } from "primereact/datatable";
import type { DropdownPassThroughOptions } from "primereact/dropdown";
import type { InputSwitchPassThroughOptions } from "primereact/inputswitch";
import { PT_RPP } from "../../../components/pt-listas";

export const ptDropdown = (nombre: string): DropdownPassThroughOptions => ({ select: { "aria-label": nombre } });

export const PT_SWITCH: InputSwitchPassThroughOptions = { root: { role: "none", "aria-checked": undefined } };

/** The table named by its heading, and its rows-per-page selector named too. */
export const ptTabla = (idTitulo: string): DataTablePassThroughOptions => ({
  table: { "aria-labelledby": idTitulo } as Record<string, string>,
  paginator: { RPPDropdown: PT_RPP },
});
