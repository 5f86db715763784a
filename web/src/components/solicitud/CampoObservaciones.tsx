/**
 * The decision's required reasons: a MultiSelect 'Observaciones' offering the reasons of one kind.
 *
 * Keyboard: with the list open, Escape closes only the list, Tab moves on to the next field
 * (Shift+Tab back to this one) and Alt+↑ closes the list without touching the chosen reasons; the
 * list opens below or above its field, inside the viewport. The dialog is told while the list is
 * open, so its own Escape waits.
 */
import { MSG } from "@registro/contracts";
import { MultiSelect } from "primereact/multiselect";
import { useEffect, useRef } from "react";
import { PT_MULTISELECT } from "../formulario/campos";

interface Props {
  id: string;
  /** Where Tab goes once the list has closed. */
  idSiguiente: string;
  value: number[];
  onChange: (motivos: number[]) => void;
  opciones: { label: string; value: number }[];
  cargando: boolean;
  error?: string;
  onListaAbierta: (abierta: boolean) => void;
}

export function CampoObservaciones({
  id,
  idSiguiente,
  value,
  onChange,
  opciones,
  cargando,
  error,
  onListaAbierta,
}: Props) {
  const lista = useRef<MultiSelect>(null);
  const focoTrasLista = useRef<string | null>(null);

  // While the list is open (from the moment it is drawn), these keys act on the list alone: caught
  // before the list and the dialog see them.
  useEffect(() => {
    const teclas = (ev: KeyboardEvent) => {
      const esEscape = ev.key === "Escape";
      const tab = ev.key === "Tab";
      const altArriba = ev.altKey && ev.key === "ArrowUp";
      if (!esEscape && !tab && !altArriba) return;
      // The list's element outlives its closing (the exit animation, and the ref after it): only a
      // list still on the page and not closing counts as open, or Tab would never leave the field.
      const overlay = lista.current?.getOverlay();
      if (!lista.current || !overlay?.isConnected || overlay.className.includes("-exit")) return;
      ev.preventDefault();
      ev.stopImmediatePropagation();
      // The list takes the focus back to its field as it closes; Tab moves on after that.
      if (tab && !ev.shiftKey) focoTrasLista.current = idSiguiente;
      lista.current.hide();
      lista.current.focus();
    };
    window.addEventListener("keydown", teclas, true);
    return () => window.removeEventListener("keydown", teclas, true);
  }, [idSiguiente]);

  return (
    <div className="rf-campo">
      <label htmlFor={id}>
        Observaciones <span aria-hidden="true">*</span>
      </label>
      <MultiSelect
        inputId={id}
        value={value}
        options={opciones}
        onChange={(e) => onChange(e.value as number[])}
        placeholder="Seleccione las observaciones"
        maxSelectedLabels={5}
        selectedItemsLabel="{0} observaciones seleccionadas"
        emptyMessage={MSG.sinObservaciones}
        emptyFilterMessage={MSG.sinObservaciones}
        filter={opciones.length > 8}
        display="chip"
        loading={cargando}
        invalid={error !== undefined}
        className="rf-ancho-completo"
        // aria-* props would land on the root div too; the combobox input is what needs them.
        showSelectAll={false}
        pt={{
          ...PT_MULTISELECT,
          input: {
            "aria-required": true,
            "aria-invalid": error !== undefined,
            "aria-describedby": error ? `${id}-error` : undefined,
          },
          // Each chosen reason's remove icon is a button named after the reason.
          removeTokenIcon: (o?: { context?: { value?: number } }) => ({
            role: "button",
            "aria-label": `Quitar ${opciones.find((x) => x.value === o?.context?.value)?.label ?? "observación"}`,
          }),
        }}
        ref={lista}
        onShow={() => onListaAbierta(true)}
        onHide={() => {
          onListaAbierta(false);
          const siguiente = focoTrasLista.current;
          focoTrasLista.current = null;
          if (siguiente) setTimeout(() => document.getElementById(siguiente)?.focus(), 0);
        }}
      />
      {error && (
        <small id={`${id}-error`} className="rf-campo-error" role="alert">
          {error}
        </small>
      )}
    </div>
  );
}
