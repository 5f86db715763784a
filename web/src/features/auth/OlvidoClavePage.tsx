/**
 * "¿Olvidó su contraseña?": the user types their e-mail address and is told — whether or not it is
 * a user's — that a link was sent if it is. Stands outside the layout, like Login. A
 * react-hook-form form checked with the API's schema; the server's field error lands on the field,
 * and a refused form takes the focus to it.
 */
import { APP_NOMBRE_CORTO, MSG, zOlvidoClaveBody } from "@registro/contracts";
import { useEffect, useState } from "react";
import { Controller } from "react-hook-form";
import { Link } from "react-router";
import { useFormulario } from "../../components/formulario/use-formulario";
import { notify } from "../../lib/toast";
import { pedirEnlace } from "./api/restablecer";
import "./login.css";

/** The form's field, named as the API names it. */
interface Formulario {
  Email: string;
}
const CAMPOS = ["Email"] as const;

export default function OlvidoClavePage() {
  const { control, handleSubmit, contenedor, fallo, erroresServidor } = useFormulario<Formulario>({
    defaultValues: { Email: "" },
    esquema: zOlvidoClaveBody,
    campos: CAMPOS,
  });
  const [enviando, setEnviando] = useState(false);
  const [enviado, setEnviado] = useState<string | null>(null);

  useEffect(() => {
    document.title = `Restablecer contraseña | ${APP_NOMBRE_CORTO}`;
  }, []);

  async function enviar(f: Formulario) {
    setEnviando(true);
    try {
      const r = await pedirEnlace({ Email: f.Email });
      erroresServidor(r.errors);
      if (r.success) setEnviado(r.message);
      else if (!r.errors) notify.warn(r.message);
      else {
        // The field is enabled again in the same render that looks for the error.
        setEnviando(false);
        fallo();
      }
    } catch (err) {
      notify.error(err instanceof Error && err.message ? err.message : MSG.errorDesconocido);
    } finally {
      setEnviando(false);
    }
  }

  return (
    <div className="rf-login">
      <main className="rf-login-card">
        <h1>¿Olvidó su contraseña?</h1>
        {enviado ? (
          <p className="rf-login-aviso rf-login-exito" role="status">
            <i className="pi pi-envelope" aria-hidden="true" /> {enviado}
          </p>
        ) : (
          <form ref={contenedor} onSubmit={handleSubmit(enviar, fallo)} noValidate>
            <p className="rf-login-explicacion">
              Escriba la dirección de correo de su usuario. Le enviaremos un enlace para elegir una nueva contraseña.
            </p>
            <Controller
              control={control}
              name="Email"
              render={({ field, fieldState }) => {
                const error = fieldState.error?.message;
                return (
                  <div className="rf-field">
                    <label htmlFor="olvido-email">Correo electrónico</label>
                    <input
                      id="olvido-email"
                      ref={field.ref}
                      name="email"
                      type="email"
                      className={`p-inputtext p-component${error ? " p-invalid" : ""}`}
                      value={field.value}
                      onChange={(e) => field.onChange(e.target.value)}
                      onBlur={field.onBlur}
                      autoComplete="email"
                      maxLength={254}
                      disabled={enviando}
                      aria-invalid={error ? true : undefined}
                      aria-describedby={error ? "olvido-email-error" : undefined}
                      // biome-ignore lint/a11y/noAutofocus: asking for the address is the screen's only task
                      autoFocus
                    />
                    {error && (
                      <small id="olvido-email-error" className="p-error">
                        {error}
                      </small>
                    )}
                  </div>
                );
              }}
            />
            <button type="submit" className="p-button p-component rf-login-submit" disabled={enviando}>
              <span className="p-button-label">Enviar enlace</span>
            </button>
          </form>
        )}
        <p className="rf-login-olvido">
          <Link to="/Login">Volver a iniciar sesión</Link>
        </p>
      </main>
    </div>
  );
}
