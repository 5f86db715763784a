/**
 * The forced password change (SPEC.md §2 screen 2, §8): a dialog that cannot be closed, shown on
 * Inicio while the user data says `cambioClave`. The current password (the temporary one just used
 * to sign in) is asked too. Server field errors show under their fields.
 */
import { type Errores, MSG, PASSWORD_MAX, PASSWORD_MIN } from "@registro/contracts";
import { Button } from "primereact/button";
import { type FormEvent, useState } from "react";
import { Dialogo } from "../../components/Dialogo";
import { CampoClave } from "../../components/layout/CampoClave";
import { notify } from "../../lib/toast";
import { useCambiarClave } from "./api/cambiar-clave";

/** The first message of a field, whatever the case of its key. */
function errorDe(errores: Errores, campo: string): string | undefined {
  const key = Object.keys(errores).find((k) => k.toLowerCase() === campo.toLowerCase());
  return key ? errores[key]?.[0] : undefined;
}

export function CambioClaveDialog({ idUsuario }: { idUsuario: number }) {
  const [actual, setActual] = useState("");
  const [nueva, setNueva] = useState("");
  const [confirmar, setConfirmar] = useState("");
  const [errores, setErrores] = useState<Errores>({});
  const mutation = useCambiarClave();

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    try {
      const res = await mutation.mutateAsync({
        idUsuario,
        ContraseñaActual: actual,
        NuevaContraseña: nueva,
        ConfirmarContraseña: confirmar,
      });
      setErrores(res.errors ?? {});
      if (res.success) notify.success(res.message);
      else notify.warn(res.message);
    } catch (err) {
      notify.error(err instanceof Error && err.message ? err.message : MSG.errorDesconocido);
    }
  }

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
      <form onSubmit={onSubmit} noValidate>
        <p className="rf-clave-aviso">{MSG.cambioClaveRequerido}</p>
        <p className="rf-clave-politica" id="rf-clave-politica">
          La contraseña debe tener entre {PASSWORD_MIN} y {PASSWORD_MAX} caracteres, no puede contener su nombre, su
          usuario ni su cédula, ni ser una contraseña común.
        </p>
        <CampoClave
          id="clave-actual"
          label="Contraseña actual"
          value={actual}
          onChange={setActual}
          autoComplete="current-password"
          error={errorDe(errores, "ContraseñaActual")}
          disabled={mutation.isPending}
          autoFocus
        />
        <CampoClave
          id="clave-nueva"
          label="Nueva contraseña"
          value={nueva}
          onChange={setNueva}
          autoComplete="new-password"
          error={errorDe(errores, "NuevaContraseña")}
          disabled={mutation.isPending}
        />
        <CampoClave
          id="clave-confirmar"
          label="Confirmar contraseña"
          value={confirmar}
          onChange={setConfirmar}
          autoComplete="new-password"
          error={errorDe(errores, "ConfirmarContraseña")}
          disabled={mutation.isPending}
        />
        <div className="rf-dialog-acciones">
          <Button type="submit" label="Guardar" icon="pi pi-check" loading={mutation.isPending} />
        </div>
      </form>
    </Dialogo>
  );
}
