/**
 * A date filter of a list: the typed day applies as soon as it can be read (or the field is
 * emptied); a text that is not a date says why under the field and filters nothing until corrected.
 */
import { leerFechaEscrita } from "@registro/contracts";
import { useState } from "react";
import { fechaDeIso, SelectorFecha } from "../../../components/SelectorFecha";

interface Props {
  id: string;
  etiqueta: string;
  /** The day now applied (YYYY-MM-DD). */
  aplicada: string | undefined;
  onAplicar: (dia: string | undefined) => void;
  minDate?: string;
  maxDate?: string;
}

export function FiltroFecha({ id, etiqueta, aplicada, onAplicar, minDate, maxDate }: Props) {
  const [texto, setTexto] = useState("");
  const [mostrarError, setMostrarError] = useState(false);
  const leida = leerFechaEscrita(texto);
  const error = mostrarError ? leida.error : undefined;
  return (
    <div className="rfc-filtro">
      <label htmlFor={id}>{etiqueta}</label>
      <SelectorFecha
        inputId={id}
        value={texto}
        onChange={(t) => {
          setTexto(t);
          const r = leerFechaEscrita(t);
          if (r.error === undefined) {
            setMostrarError(false);
            if ((r.fecha ?? undefined) !== aplicada) onAplicar(r.fecha ?? undefined);
          }
        }}
        onBlur={() => setMostrarError(true)}
        minDate={fechaDeIso(minDate)}
        maxDate={fechaDeIso(maxDate)}
        showButtonBar
        error={error}
      />
      {/* Its own error line: the form kit (campos.tsx) would bring zod into the audit screen. */}
      {error && (
        <small id={`${id}-error`} className="p-error">
          {error}
        </small>
      )}
    </div>
  );
}
