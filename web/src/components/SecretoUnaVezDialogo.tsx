/**
 * A secret shown exactly once, with a copy button: a new user's (or a reset) temporary password,
 * a system key just issued. Nothing keeps it: once the dialog closes, only a new one can be made.
 * Escape does not close it (a stray key would lose the secret); "Entendido" does.
 */
import { Button } from "primereact/button";
import { type ReactNode, useId, useRef } from "react";
import { notify } from "../lib/toast";
import { Dialogo } from "./Dialogo";
import "./secreto-una-vez.css";

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
  titulo: string;
  /** The secret; null hides the dialog. */
  secreto: string | null;
  /** The field's label. */
  etiqueta: string;
  /** Who it is for and how to hand it over. */
  texto: ReactNode;
  /** The warning under it (that it is shown once). */
  aviso: ReactNode;
  ancho: string;
  onHide: () => void;
  /** "Entendido" takes the focus when the dialog opens (not the read-only secret). */
  enfocarEntendido?: boolean;
  /** Where focus goes after "Entendido": what started the flow (the dialog or confirmation that opened this one is gone). */
  focoAlCerrar?: () => HTMLElement | null;
}

export function SecretoUnaVezDialogo(props: Props) {
  const { titulo, secreto, etiqueta, texto, aviso, ancho, onHide, enfocarEntendido, focoAlCerrar } = props;
  const id = useId();
  const campo = useRef<HTMLInputElement>(null);
  return (
    <Dialogo
      header={titulo}
      visible={secreto !== null}
      onHide={onHide}
      style={{ width: ancho, maxWidth: "95vw" }}
      closeOnEscape={false}
      focoAlCerrar={focoAlCerrar}
      // "Entendido" takes the focus once the dialog is shown, whichever renders first (the footer's
      // autoFocus could lose the race to the dialog's first-field focus, the read-only secret).
      onShow={enfocarEntendido ? () => document.getElementById(`${id}-entendido`)?.focus() : undefined}
      footer={
        <Button
          id={`${id}-entendido`}
          type="button"
          label="Entendido"
          icon="pi pi-check"
          onClick={onHide}
          autoFocus={enfocarEntendido}
        />
      }
    >
      {secreto !== null && (
        <div className="rf-secreto">
          <p>{texto}</p>
          <label htmlFor={`${id}-clave`} className="rf-secreto-etiqueta">
            {etiqueta}
          </label>
          <div className="rf-secreto-valor">
            <input id={`${id}-clave`} ref={campo} className="p-inputtext" readOnly value={secreto} />
            <Button
              type="button"
              label="Copiar"
              icon="pi pi-copy"
              onClick={async () => {
                if (await copiar(secreto, campo.current)) notify.success("Clave copiada al portapapeles.");
                else notify.warn("No se pudo copiar la clave; selecciónela y cópiela manualmente.");
              }}
            />
          </div>
          <p className="rf-secreto-aviso" role="note">
            <i className="pi pi-exclamation-triangle" aria-hidden="true" /> {aviso}
          </p>
        </div>
      )}
    </Dialogo>
  );
}
