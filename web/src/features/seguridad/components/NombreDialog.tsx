/** A name for a new passkey, or a new name for a factor: one field and the action's button. */
import { Button } from "primereact/button";
import { Dialog } from "primereact/dialog";
import { InputText } from "primereact/inputtext";
import { useEffect, useState } from "react";
import { ariaError, Campo } from "../../../components/formulario/campos";

interface Props {
  titulo: string;
  /** The name the field starts with; null hides the dialog. */
  inicial: string | null;
  texto?: string;
  accion: string;
  icono: string;
  error?: string;
  ocupado: boolean;
  onHide: () => void;
  onAceptar: (nombre: string) => void;
}

export function NombreDialog({ titulo, inicial, texto, accion, icono, error, ocupado, onHide, onAceptar }: Props) {
  const [nombre, setNombre] = useState("");
  useEffect(() => {
    if (inicial !== null) setNombre(inicial);
  }, [inicial]);
  return (
    <Dialog
      header={titulo}
      visible={inicial !== null}
      onHide={onHide}
      style={{ width: "28rem" }}
      breakpoints={{ "640px": "95vw" }}
      modal
      footer={
        <>
          <Button type="button" label="Cancelar" icon="pi pi-times" severity="secondary" outlined onClick={onHide} />
          <Button type="button" label={accion} icon={icono} loading={ocupado} onClick={() => onAceptar(nombre)} />
        </>
      }
    >
      <form
        onSubmit={(e) => {
          e.preventDefault();
          onAceptar(nombre);
        }}
        noValidate
      >
        {texto && <p className="rfs-texto">{texto}</p>}
        <Campo id="factor-nombre" etiqueta="Nombre" requerido error={error}>
          <InputText
            id="factor-nombre"
            value={nombre}
            maxLength={60}
            onChange={(e) => setNombre(e.target.value)}
            invalid={!!error}
            autoFocus
            {...ariaError("factor-nombre", error)}
          />
        </Campo>
      </form>
    </Dialog>
  );
}
