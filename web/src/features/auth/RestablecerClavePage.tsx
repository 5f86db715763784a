/**
 * The e-mailed link's page: the secret comes in the address's fragment (never sent to a server by
 * the browser); the user chooses and confirms a new password, which the server checks against the
 * password policy. Success leads to Login: the reset opens no session, so a second factor, if the
 * user has one, is still asked there.
 */
import { APP_NOMBRE_CORTO, type Errores, MSG } from "@registro/contracts";
import { type FormEvent, useEffect, useState } from "react";
import { Link, useLocation, useNavigate } from "react-router";
import { CampoClave } from "../../components/layout/CampoClave";
import { notify } from "../../lib/toast";
import { restablecerClave } from "./api/restablecer";
import "./login.css";

export default function RestablecerClavePage() {
  const navigate = useNavigate();
  const location = useLocation();
  const [secreto] = useState(() => location.hash.replace(/^#/, ""));
  const [nueva, setNueva] = useState("");
  const [confirmar, setConfirmar] = useState("");
  const [errores, setErrores] = useState<Errores>({});
  const [enviando, setEnviando] = useState(false);

  useEffect(() => {
    document.title = `Nueva contraseña | ${APP_NOMBRE_CORTO}`;
    // The secret leaves the address bar and the history entry at once.
    if (window.location.hash) window.history.replaceState(window.history.state, "", window.location.pathname);
  }, []);

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    setEnviando(true);
    try {
      const r = await restablecerClave({ Token: secreto, NuevaContraseña: nueva, ConfirmarContraseña: confirmar });
      setErrores(r.errors ?? {});
      if (r.success) {
        navigate("/Login", { replace: true, state: { aviso: r.message } });
        return;
      }
      if (r.errors?.Token) notify.warn(r.errors.Token[0]);
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
        <h1>Elija una nueva contraseña</h1>
        {!secreto || errores.Token ? (
          <p className="rf-login-aviso" role="alert">
            <i className="pi pi-exclamation-triangle" aria-hidden="true" /> {MSG.enlaceRestablecimientoInvalido}
          </p>
        ) : (
          <form onSubmit={onSubmit} noValidate>
            <p className="rf-login-explicacion">
              De 12 a 128 caracteres, sin su nombre, su usuario ni su cédula, y que no sea una contraseña común.
            </p>
            <CampoClave
              id="restablecer-nueva"
              label="Nueva contraseña"
              value={nueva}
              onChange={setNueva}
              autoComplete="new-password"
              error={errores.NuevaContraseña?.[0]}
              disabled={enviando}
              autoFocus
            />
            <CampoClave
              id="restablecer-confirmar"
              label="Confirmar contraseña"
              value={confirmar}
              onChange={setConfirmar}
              autoComplete="new-password"
              error={errores.ConfirmarContraseña?.[0]}
              disabled={enviando}
            />
            <button type="submit" className="p-button p-component rf-login-submit" disabled={enviando}>
              <span className="p-button-label">Guardar contraseña</span>
            </button>
          </form>
        )}
        <p className="rf-login-olvido">
          {!secreto || errores.Token ? (
            <Link to="/OlvidoClave">Pedir un enlace nuevo</Link>
          ) : (
            <Link to="/Login">Volver a iniciar sesión</Link>
          )}
        </p>
      </main>
    </div>
  );
}
