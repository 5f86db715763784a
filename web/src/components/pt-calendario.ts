/**
 * Pass-through for every date picker, `pt={PT_CALENDARIO}`, repairing what axe finds in
 * PrimeReact 10's open calendar:
 * - `aria-selected` sits on the day's inner <span>, a role that does not allow it
 *   ("aria-allowed-attr"); it belongs on the day's grid cell, where it is moved;
 * - a day's cell is named "01/11/2026" while it shows "1", and the month and year buttons "Elegir
 *   mes"/"Elegir año" while they show "noviembre"/"2026" ("label-content-name-mismatch", WCAG 2.5.3):
 *   a day reads "1 de noviembre de 2026", and the buttons their visible text, with what they do as
 *   their description.
 */
import type { CalendarPassThroughMethodOptions, CalendarPassThroughOptions } from "primereact/calendar";
import { alUsar } from "../lib/al-usar";

interface Dia {
  day: number;
  month: number;
  year: number;
}

function esDia(d: unknown): d is Dia {
  return !!d && typeof d === "object" && typeof (d as Dia).day === "number" && typeof (d as Dia).month === "number";
}

// Built when the calendar first draws a day, not when a screen with a date field loads.
const FORMATO_DIA = alUsar(() => new Intl.DateTimeFormat("es", { day: "numeric", month: "long", year: "numeric" }));

export const PT_CALENDARIO: CalendarPassThroughOptions = {
  dayLabel: { "aria-selected": undefined },
  day: (o?: CalendarPassThroughMethodOptions) => {
    const dia = o?.context?.date;
    if (!esDia(dia)) return {};
    const valor = o?.props?.value;
    const elegido =
      valor instanceof Date &&
      dia.day === valor.getDate() &&
      dia.month === valor.getMonth() &&
      dia.year === valor.getFullYear();
    return {
      "aria-selected": elegido,
      "aria-label": FORMATO_DIA().format(new Date(dia.year, dia.month, dia.day)),
    };
  },
  monthTitle: { "aria-label": undefined, title: "Elegir mes" },
  yearTitle: { "aria-label": undefined, title: "Elegir año" },
};
