/**
 * The app's date field: a calendar day typed or picked as dd/mm/aaaa in Spanish, with the picker's
 * accessibility repairs (PT_CALENDARIO) that every date field needs. An error marks it invalid and
 * points it at `<inputId>-error`, where the field's error text is rendered.
 */
import { Calendar } from "primereact/calendar";
import { PT_CALENDARIO } from "./pt-calendario";

interface Props {
  inputId: string;
  value: Date | null;
  onChange: (fecha: Date | null) => void;
  minDate?: Date | null;
  maxDate?: Date | null;
  /** "Hoy" and "Limpiar" under the picker. */
  showButtonBar?: boolean;
  error?: string;
  /** What describes the field when it has no error. */
  describedBy?: string;
}

export function SelectorFecha({
  inputId,
  value,
  onChange,
  minDate,
  maxDate,
  showButtonBar,
  error,
  describedBy,
}: Props) {
  return (
    <Calendar
      inputId={inputId}
      value={value}
      onChange={(e) => onChange((e.value as Date | null) ?? null)}
      minDate={minDate ?? undefined}
      maxDate={maxDate ?? undefined}
      dateFormat="dd/mm/yy"
      locale="es"
      showIcon
      showButtonBar={showButtonBar}
      placeholder="dd/mm/aaaa"
      pt={PT_CALENDARIO}
      invalid={!!error}
      aria-describedby={error ? `${inputId}-error` : describedBy}
    />
  );
}
