/**
 * The e-mailed link's page: the secret comes in the address's fragment (never sent to a server by
 * the browser); the user chooses and confirms a new password, which the server checks against the
 * password policy. Success leads to Login, which says so as a success: the reset opens no session, so a second factor, if the
 * user has one, is still asked there. A react-hook-form form checked with the API's schema; the
 * server's field errors (the policy, the confirmation) land under their fields, and a refused form
 * takes the focus to its first error. A refused secret ends the form: the link is said to be invalid.
 */
import { APP_NOMBRE_CORTO, MSG, zRestablecerClaveBody } from "@registro/contracts";
import { useEffect, useState } from "react";
import { Controller } from "react-hook-form";
import { Link, useLocation, useNavigate } from "react-router";
import { useFormulario } from "../../components/formulario/use-formulario";
import { CampoClave } from "../../components/layout/CampoClave";
import { notify } from "../../lib/toast";
import { restablecerClave } from "./api/restablecer";
import "./login.css";

/** The form's fields, named as the API names them (the secret is the link's, not a field). */
interface Formulario {
  NuevaContraseña: string;
  ConfirmarContraseña: string;
}
const CAMPOS = ["NuevaContraseña", "ConfirmarContraseña"] as const;
const esquema = zRestablecerClaveBody.omit({ Token: true });

export default function RestablecerClavePage() {
  const navigate = useNavigate();
  const location = useLocation();
  const [secreto] = useState(() => location.hash.replace(/^#/, ""));
  const { control, handleSubmit, contenedor, fallo, erroresServidor } = useFormulario<Formulario>({
    defaultValues: { NuevaContraseña: "", ConfirmarContraseña: "" },
    esquema,
    campos: CAMPOS,
  });
  const [enlaceInvalido, setEnlaceInvalido] = useState(false);
  const [enviando, setEnviando] = useState(false);

  useEffect(() => {
    document.title = `Nueva contraseña | ${APP_NOMBRE_CORTO}`;
    // The secret leaves the address bar and the history entry at once.
    if (window.location.hash) window.history.replaceState(window.history.state, "", window.location.pathname);
  }, []);

  async function enviar(f: Formulario) {
    setEnviando(true);
    try {
      const r = await restablecerClave({ Token: secreto, ...f });
      if (r.success) {
        navigate("/Login", { replace: true, state: { aviso: r.message, exito: true } });
        return;
      }
      const otros = erroresServidor(r.errors);
      if (otros.Token) {
        setEnlaceInvalido(true);
        notify.warn(otros.Token[0]);
      } else if (!r.errors) notify.warn(r.message);
      else {
        // The fields are enabled again in the same render that looks for the first error.
        setEnviando(false);
        fallo();
      }
    } catch (err) {
      notify.error(err instanceof Error && err.message ? err.message : MSG.errorDesconocido);
    } finally {
      setEnviando(false);
    }
  }

  const campo = (name: keyof Formulario, id: string, label: string, autoFocus = false) => (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <CampoClave
          id={id}
          label={label}
          value={field.value}
          onChange={field.onChange}
          autoComplete="new-password"
          error={fieldState.error?.message}
          disabled={enviando}
          autoFocus={autoFocus}
        />
      )}
    />
  );

  const invalido = !secreto || enlaceInvalido;
  return (
    <div className="rf-login">
      <main className="rf-login-card">
        <h1>Elija una nueva contraseña</h1>
        {invalido ? (
          <p className="rf-login-aviso" role="alert">
            <i className="pi pi-exclamation-triangle" aria-hidden="true" /> {MSG.enlaceRestablecimientoInvalido}
          </p>
        ) : (
          <form ref={contenedor} onSubmit={handleSubmit(enviar, fallo)} noValidate>
            <p className="rf-login-explicacion">
              De 12 a 128 caracteres, sin su nombre, su usuario ni su cédula, y que no sea una contraseña común.
            </p>
            {campo("NuevaContraseña", "restablecer-nueva", "Nueva contraseña", true)}
            {campo("ConfirmarContraseña", "restablecer-confirmar", "Confirmar contraseña")}
            <button type="submit" className="p-button p-component rf-login-submit" disabled={enviando}>
              <span className="p-button-label">Guardar contraseña</span>
            </button>
          </form>
        )}
        <p className="rf-login-olvido">
          {invalido ? (
            <Link to="/OlvidoClave">Pedir un enlace nuevo</Link>
          ) : (
            <Link to="/Login">Volver a iniciar sesión</Link>
          )}
        </p>
      </main>
    </div>
  );
}
