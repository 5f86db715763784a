/**
 * Shows a new user's (or a reset) one-time temporary password exactly once, with a copy button.
 * Nothing keeps it: once the dialog closes, only a new reset can produce another.
 */
import { Button } from "primereact/button";
import { useId, useRef } from "react";
import { Dialogo } from "../../../components/Dialogo";
import { notify } from "../../../lib/toast";

export interface ClaveTemporal {
  usuario: string;
  password: string;
}

async function copiar(texto: string, campo: HTMLInputElement | null): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(texto);
    return true;
  } catch {
    // Without a secure context the Clipboard API is missing: fall back to selecting the text.
    if (!campo) return false;
    campo.select();
    return document.execCommand("copy");
  }
}

interface Props {
  clave: ClaveTemporal | null;
  onHide: () => void;
  /** Where focus goes after "Entendido": what started the flow (the dialog or confirmation that opened this one is gone). */
  focoAlCerrar?: () => HTMLElement | null;
}

export function ClaveTemporalDialog({ clave, onHide, focoAlCerrar }: Props) {
  const id = useId();
  const campo = useRef<HTMLInputElement>(null);
  return (
    <Dialogo
      header="Clave temporal"
      visible={clave !== null}
      onHide={onHide}
      style={{ width: "32rem", maxWidth: "95vw" }}
      closeOnEscape={false}
      focoAlCerrar={focoAlCerrar}
      // "Entendido" takes the focus once the dialog is shown, whichever renders first (the footer's
      // autoFocus could lose the race to the dialog's first-field focus, the read-only password).
      onShow={() => document.getElementById(`${id}-entendido`)?.focus()}
      footer={
        <Button id={`${id}-entendido`} type="button" label="Entendido" icon="pi pi-check" onClick={onHide} autoFocus />
      }
    >
      {clave && (
        <div className="rfc-clave">
          <p>
            Entregue esta clave temporal al usuario <strong>{clave.usuario}</strong>. Deberá cambiarla al iniciar
            sesión.
          </p>
          <label htmlFor={`${id}-clave`} className="rfc-clave-etiqueta">
            Clave temporal
          </label>
          <div className="rfc-clave-valor">
            <input id={`${id}-clave`} ref={campo} className="p-inputtext" readOnly value={clave.password} />
            <Button
              type="button"
              label="Copiar"
              icon="pi pi-copy"
              onClick={async () => {
                if (await copiar(clave.password, campo.current)) notify.success("Clave copiada al portapapeles.");
                else notify.warn("No se pudo copiar la clave; selecciónela y cópiela manualmente.");
              }}
            />
          </div>
          <p className="rfc-aviso" role="note">
            <i className="pi pi-exclamation-triangle" aria-hidden="true" /> Esta clave no se volverá a mostrar. Cópiela
            ahora antes de cerrar este cuadro.
          </p>
        </div>
      )}
    </Dialogo>
  );
}
