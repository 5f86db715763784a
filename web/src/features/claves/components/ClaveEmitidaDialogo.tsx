/** The key just issued, shown once with a copy button. */
import { MSG } from "@registro/contracts";
import { Button } from "primereact/button";
import { useId, useRef } from "react";
import { Dialogo } from "../../../components/Dialogo";
import { notify } from "../../../lib/toast";

async function copiar(texto: string, campo: HTMLInputElement | null): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(texto);
    return true;
  } catch {
    if (!campo) return false;
    campo.select();
    return document.execCommand("copy");
  }
}

export function ClaveEmitidaDialogo({
  emitida,
  onHide,
}: {
  emitida: { clave: string; nombre: string } | null;
  onHide: () => void;
}) {
  const id = useId();
  const campo = useRef<HTMLInputElement>(null);
  return (
    <Dialogo
      header="Clave emitida"
      visible={emitida !== null}
      onHide={onHide}
      style={{ width: "40rem", maxWidth: "95vw" }}
      closeOnEscape={false}
      footer={<Button type="button" label="Entendido" icon="pi pi-check" onClick={onHide} />}
    >
      {emitida && (
        <div className="rf-claves-emitida">
          <p>
            Entregue esta clave al responsable de <strong>{emitida.nombre}</strong> por un medio seguro.
          </p>
          <label htmlFor={`${id}-clave`}>Clave de sistema</label>
          <div className="rf-claves-valor">
            <input id={`${id}-clave`} ref={campo} className="p-inputtext" readOnly value={emitida.clave} />
            <Button
              type="button"
              label="Copiar"
              icon="pi pi-copy"
              onClick={async () => {
                if (await copiar(emitida.clave, campo.current)) notify.success("Clave copiada al portapapeles.");
                else notify.warn("No se pudo copiar la clave; selecciónela y cópiela manualmente.");
              }}
            />
          </div>
          <p className="rf-claves-aviso" role="note">
            <i className="pi pi-exclamation-triangle" aria-hidden="true" /> {MSG.claveEmitida}
          </p>
        </div>
      )}
    </Dialogo>
  );
}
