/**
 * A name for a new passkey, or a new name for a factor: one field and the action's button. A
 * react-hook-form form checked with the API's schema; the server's error on the name (returned by
 * `onAceptar`) lands under the field, and a refused form takes the focus to it.
 */
import { zRenombrarFactorBody } from "@registro/contracts";
import { Button } from "primereact/button";
import { Dialog } from "primereact/dialog";
import { useEffect } from "react";
import type { FieldErrors } from "react-hook-form";
import { CampoTexto } from "../../../components/formulario/controlados";
import { useFormulario } from "../../../components/formulario/use-formulario";
import { notify } from "../../../lib/toast";

/** The form's field, named as the API names it. */
interface Formulario {
  nombre: string;
}

interface Props {
  titulo: string;
  /** The name the field starts with; null hides the dialog. */
  inicial: string | null;
  texto?: string;
  accion: string;
  icono: string;
  ocupado: boolean;
  onHide: () => void;
  /** Does the action with the name; resolves to the server's error on the name, if any. */
  onAceptar: (nombre: string) => Promise<string | undefined>;
}

export function NombreDialog({ titulo, inicial, texto, accion, icono, ocupado, onHide, onAceptar }: Props) {
  const { control, handleSubmit, setError, reset, contenedor, fallo } = useFormulario<Formulario>({
    defaultValues: { nombre: "" },
    esquema: zRenombrarFactorBody,
  });
  useEffect(() => {
    if (inicial !== null) reset({ nombre: inicial });
  }, [inicial, reset]);

  // Said as the server said it before the form checked it first: on the field and in a warning.
  const rechazado = (errores: FieldErrors<Formulario>) => {
    if (errores.nombre?.message) notify.warn(errores.nombre.message);
    fallo();
  };
  const aceptar = handleSubmit(async ({ nombre }) => {
    const error = await onAceptar(nombre);
    if (error) {
      setError("nombre", { type: "servidor", message: error });
      fallo();
    }
  }, rechazado);

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
          <Button type="button" label={accion} icon={icono} loading={ocupado} onClick={() => void aceptar()} />
        </>
      }
    >
      <form ref={contenedor} onSubmit={aceptar} noValidate>
        {texto && <p className="rfs-texto">{texto}</p>}
        <CampoTexto
          control={control}
          name="nombre"
          id="factor-nombre"
          etiqueta="Nombre"
          requerido
          maxLength={60}
          autoFocus
        />
      </form>
    </Dialog>
  );
}
