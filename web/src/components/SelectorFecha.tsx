/**
 * The app's date field: a text box where the date is typed as dd/mm/aaaa (the slashes may be left
 * out: 15062025), and a button beside it that opens a calendar to pick it instead. The field's value
 * is its text, so a date the field cannot read is never dropped nor replaced: the form reads it with
 * `leerFechaEscrita` / `zFechaEscrita` (contracts) and shows the reason on the field.
 *
 * The calendar is a helper, not a trap: focusing or typing in the text never opens it nor moves
 * focus. Opened from its button it takes focus on the chosen day (or today), Tab stays among its
 * controls, and choosing a day or Escape closes it and gives focus back to the text.
 */
import { leerFechaEscrita, textoDeFechaIso } from "@registro/contracts";
import { Button } from "primereact/button";
import { Calendar } from "primereact/calendar";
import { InputText } from "primereact/inputtext";
import { OverlayPanel } from "primereact/overlaypanel";
import { type KeyboardEvent, type Ref, useImperativeHandle, useMemo, useRef, useState } from "react";
import { PT_CALENDARIO } from "./pt-calendario";
import "./selector-fecha.css";

interface Props {
  inputId: string;
  /** The field's text, as typed or as the calendar wrote it. */
  value: string;
  onChange: (texto: string) => void;
  onBlur?: () => void;
  /** The text box, for a form that puts focus on its first error. */
  ref?: Ref<HTMLInputElement>;
  minDate?: Date | null;
  maxDate?: Date | null;
  /** "Hoy" and "Limpiar" under the calendar. */
  showButtonBar?: boolean;
  error?: string;
  /** What describes the field when it has no error. */
  describedBy?: string;
}

/** YYYY-MM-DD as a local Date (the calendar's days), or null. */
export function fechaDeIso(iso: string | null | undefined): Date | null {
  if (!iso) return null;
  const [y, m, d] = iso.split("-").map(Number);
  return new Date(y, m - 1, d);
}

/** A local Date (a calendar day) as YYYY-MM-DD. */
export function isoDeFecha(fecha: Date): string {
  const dos = (n: number) => String(n).padStart(2, "0");
  return `${fecha.getFullYear()}-${dos(fecha.getMonth() + 1)}-${dos(fecha.getDate())}`;
}

/** A local Date (or null) as the field's text. */
export function textoDeFecha(fecha: Date | null | undefined): string {
  return fecha ? textoDeFechaIso(isoDeFecha(fecha)) : "";
}

const ENFOCABLES = 'button:not([disabled]), [tabindex="0"]';
const PASOS: Record<string, number> = { ArrowLeft: -1, ArrowRight: 1, ArrowUp: -7, ArrowDown: 7 };

// biome-ignore lint/complexity/noExcessiveLinesPerFunction: one control: the typed field, the calendar button and the panel share the typed text and the panel's state.
export function SelectorFecha({
  inputId,
  value,
  onChange,
  onBlur,
  ref,
  minDate,
  maxDate,
  showButtonBar,
  error,
  describedBy,
}: Props) {
  const input = useRef<HTMLInputElement>(null);
  // The text and its button: the calendar opens under both, and a click on either is not "outside".
  const grupo = useRef<HTMLDivElement>(null);
  const panel = useRef<OverlayPanel>(null);
  const contenido = useRef<HTMLDivElement>(null);
  const [abierto, setAbierto] = useState(false);
  useImperativeHandle(ref, () => input.current as HTMLInputElement, []);
  const leida = leerFechaEscrita(value);
  // One Date per day read: a new object on every render would make the calendar redraw its days
  // (and drop the focus of the one the keyboard is on).
  const dia = useMemo(() => fechaDeIso(leida.fecha), [leida.fecha]);
  const panelId = `${inputId}-calendario`;

  const cerrar = () => {
    panel.current?.hide();
    input.current?.focus();
  };

  // The arrows move day by day within the month shown, rows included (PrimeReact jumps to the next
  // month from the end of a row); past the month's first or last day PrimeReact turns the page.
  const flechas = (e: KeyboardEvent<HTMLDivElement>) => {
    const paso = PASOS[e.key];
    const actual = (e.target as HTMLElement).closest("td");
    if (!paso || e.altKey || !actual || !contenido.current) return;
    const dias = [...contenido.current.querySelectorAll<HTMLElement>("td:not(.p-datepicker-other-month) > span")];
    const i = dias.findIndex((d) => d.parentElement === actual);
    const destino = i < 0 ? undefined : dias[i + paso];
    if (!destino) return;
    e.preventDefault();
    e.stopPropagation();
    // A day outside minDate/maxDate cannot be chosen: focus stays where it is.
    if (destino.dataset.pDisabled === "true") return;
    (e.target as HTMLElement).tabIndex = -1;
    destino.tabIndex = 0;
    destino.focus();
  };

  // The calendar's controls keep focus while it is open (a date picker dialog's Tab order).
  const teclas = (e: KeyboardEvent<HTMLDivElement>) => {
    if (e.key === "Escape") {
      e.preventDefault();
      e.stopPropagation();
      cerrar();
      return;
    }
    if (e.key !== "Tab" || !contenido.current) return;
    const lista = [...contenido.current.querySelectorAll<HTMLElement>(ENFOCABLES)].filter((x) => x.offsetParent);
    if (lista.length === 0) return;
    const i = lista.indexOf(document.activeElement as HTMLElement);
    const siguiente = e.shiftKey ? (i <= 0 ? lista.length - 1 : i - 1) : i >= lista.length - 1 ? 0 : i + 1;
    e.preventDefault();
    lista[siguiente].focus();
  };

  return (
    <div ref={grupo} className="rf-fecha p-inputgroup">
      <InputText
        id={inputId}
        ref={input}
        value={value}
        placeholder="dd/mm/aaaa"
        inputMode="numeric"
        autoComplete="off"
        invalid={!!error}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${inputId}-error` : describedBy}
        onChange={(e) => onChange(e.target.value)}
        onBlur={() => {
          // A date read is written back in full (15062025 → 15/06/2025); anything else stays as typed.
          if (leida.fecha) {
            const completo = textoDeFechaIso(leida.fecha);
            if (completo !== value) onChange(completo);
          }
          onBlur?.();
        }}
        onKeyDown={(e) => {
          if (e.altKey && e.key === "ArrowDown") {
            e.preventDefault();
            panel.current?.show(e, grupo.current);
          }
        }}
      />
      <Button
        type="button"
        icon="pi pi-calendar"
        className="rf-fecha-boton"
        aria-label="Elegir en el calendario"
        aria-haspopup="dialog"
        aria-expanded={abierto}
        aria-controls={abierto ? panelId : undefined}
        onClick={(e) => panel.current?.toggle(e, grupo.current)}
      />
      <OverlayPanel
        ref={panel}
        id={panelId}
        onShow={() => {
          setAbierto(true);
          // Focus on the chosen day, or today, once drawn: the arrows move from there, Enter picks.
          requestAnimationFrame(() => {
            const c = contenido.current;
            const celda =
              c?.querySelector<HTMLElement>('td span[data-p-highlight="true"]') ??
              c?.querySelector<HTMLElement>("td.p-datepicker-today span:not(.p-disabled)") ??
              c?.querySelector<HTMLElement>('td span:not([data-p-disabled="true"])');
            if (celda) {
              celda.tabIndex = 0;
              celda.focus();
            }
          });
        }}
        onHide={() => setAbierto(false)}
        pt={{ root: { role: "dialog", "aria-label": "Calendario" } as Record<string, string> }}
      >
        {/* Keys inside the calendar: Escape closes it, Tab stays among its controls. */}
        {/* biome-ignore lint/a11y/noStaticElementInteractions: it only forwards keys of the calendar's own controls. */}
        <div ref={contenido} onKeyDown={teclas} onKeyDownCapture={flechas}>
          <Calendar
            inline
            value={dia}
            onChange={(e) => {
              onChange(textoDeFecha(e.value as Date | null));
              cerrar();
            }}
            minDate={minDate ?? undefined}
            maxDate={maxDate ?? undefined}
            locale="es"
            showButtonBar={showButtonBar}
            pt={PT_CALENDARIO}
          />
        </div>
      </OverlayPanel>
    </div>
  );
}
