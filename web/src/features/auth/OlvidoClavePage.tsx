/**
 * "¿Olvidó su contraseña?": the user types their e-mail address and is told — whether or not it is
 * a user's — that a link was sent if it is. Stands outside the layout, like Login.
 */
import { APP_NOMBRE_CORTO, MSG } from "@registro/contracts";
import { type FormEvent, useEffect, useState } from "react";
import { Link } from "react-router";
import { notify } from "../../lib/toast";
import { pedirEnlace } from "./api/restablecer";
import "./login.css";

export default function OlvidoClavePage() {
  const [email, setEmail] = useState("");
  const [error, setError] = useState<string | undefined>();
  const [enviando, setEnviando] = useState(false);
  const [enviado, setEnviado] = useState<string | null>(null);

  useEffect(() => {
    document.title = `Restablecer contraseña | ${APP_NOMBRE_CORTO}`;
  }, []);

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    setEnviando(true);
    try {
      const r = await pedirEnlace({ Email: email.trim() });
      setError(r.errors?.Email?.[0]);
      if (r.success) setEnviado(r.message);
      else if (!r.errors) notify.warn(r.message);
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
          <form onSubmit={onSubmit} noValidate>
            <p className="rf-login-explicacion">
              Escriba la dirección de correo de su usuario. Le enviaremos un enlace para elegir una nueva contraseña.
            </p>
            <div className="rf-field">
              <label htmlFor="olvido-email">Correo electrónico</label>
              <input
                id="olvido-email"
                name="email"
                type="email"
                className={`p-inputtext p-component${error ? " p-invalid" : ""}`}
                value={email}
                onChange={(e) => setEmail(e.target.value)}
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
