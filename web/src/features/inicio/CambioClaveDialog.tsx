/**
 * The forced password change (SPEC.md §2 screen 2, §8): a dialog that cannot be closed, shown on
 * Inicio while the user data says `cambioClave`. The current password (the temporary one just used
 * to sign in) is asked too. A react-hook-form form checked with the API's schema (both passwords
 * required) before it is sent; the server's field errors (the password policy, the confirmation, a
 * wrong current password) land under their fields, and a refused form takes the focus to its first
 * error.
 */
import { MSG, PASSWORD_MAX, PASSWORD_MIN, zCambiarClaveBody } from "@registro/contracts";
import { Button } from "primereact/button";
import { Controller } from "react-hook-form";
import { Dialogo } from "../../components/Dialogo";
import { useFormulario } from "../../components/formulario/use-formulario";
import { CampoClave } from "../../components/layout/CampoClave";
import { notify } from "../../lib/toast";
import { useCambiarClave } from "./api/cambiar-clave";

/** The form's fields, named as the API names them. */
interface Formulario {
  ContraseñaActual: string;
  NuevaContraseña: string;
  ConfirmarContraseña: string;
}
const CAMPOS = ["ContraseñaActual", "NuevaContraseña", "ConfirmarContraseña"] as const;

const esquema = zCambiarClaveBody.superRefine((b, ctx) => {
  const falta = (campo: keyof Formulario, message: string) => ctx.addIssue({ code: "custom", path: [campo], message });
  if (!b.ContraseñaActual) falta("ContraseñaActual", MSG.requerido);
  const nueva = b.NuevaContraseña;
  // The password policy (length, own data, common passwords) is the server's to judge.
  if (!nueva) falta("NuevaContraseña", MSG.requerido);
});

export function CambioClaveDialog({ idUsuario }: { idUsuario: number }) {
  const { control, handleSubmit, contenedor, fallo, erroresServidor } = useFormulario<Formulario>({
    defaultValues: { ContraseñaActual: "", NuevaContraseña: "", ConfirmarContraseña: "" },
    esquema,
    campos: CAMPOS,
  });
  const mutation = useCambiarClave();

  const enviar = async (f: Formulario) => {
    try {
      const res = await mutation.mutateAsync({ idUsuario, ...f });
      erroresServidor(res.errors);
      if (res.success) notify.success(res.message);
      else {
        notify.warn(res.message);
        fallo();
      }
    } catch (err) {
      notify.error(err instanceof Error && err.message ? err.message : MSG.errorDesconocido);
    }
  };

  const campo = (
    name: keyof Formulario,
    id: string,
    label: string,
    autoComplete: "current-password" | "new-password",
    autoFocus = false,
  ) => (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <CampoClave
          id={id}
          label={label}
          value={field.value}
          onChange={field.onChange}
          autoComplete={autoComplete}
          error={fieldState.error?.message}
          disabled={mutation.isPending}
          autoFocus={autoFocus}
        />
      )}
    />
  );

  return (
    <Dialogo
      visible
      modal
      closable={false}
      closeOnEscape={false}
      draggable={false}
      resizable={false}
      onHide={() => {}}
      header="Cambio de contraseña"
      style={{ width: "30rem" }}
      breakpoints={{ "640px": "95vw" }}
    >
      <form ref={contenedor} onSubmit={handleSubmit(enviar, fallo)} noValidate>
        <p className="rf-clave-aviso">{MSG.cambioClaveRequerido}</p>
        <p className="rf-clave-politica" id="rf-clave-politica">
          La contraseña debe tener entre {PASSWORD_MIN} y {PASSWORD_MAX} caracteres, no puede contener su nombre, su
          usuario ni su cédula, ni ser una contraseña común.
        </p>
        {campo("ContraseñaActual", "clave-actual", "Contraseña actual", "current-password", true)}
        {campo("NuevaContraseña", "clave-nueva", "Nueva contraseña", "new-password")}
        {campo("ConfirmarContraseña", "clave-confirmar", "Confirmar contraseña", "new-password")}
        <div className="rf-dialog-acciones">
          <Button type="submit" label="Guardar" icon="pi pi-check" loading={mutation.isPending} />
        </div>
      </form>
    </Dialogo>
  );
}
