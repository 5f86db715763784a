/**
 * Login (SPEC.md §2 screen 1): user name and password with a show/hide toggle, "Iniciar sesión".
 * Stands outside the layout (no navbar, sidebar or footer). Kept free of PrimeReact component code
 * and of the layout so the first page a user loads stays small. For the same reason it is the one
 * form of the app not on react-hook-form and the contracts' zod schemas (see
 * docs/decisiones/0032-formularios.md): they would add about 40 KB gzip (zod 25, react-hook-form 14) to the
 * route's 120 KB budget, for checks that are "both fields filled" and the server's answer in a toast.
 */
import { APP_NOMBRE_CORTO, type MetodoSegundoFactor, MSG_LOGIN } from "@registro/contracts";
import { type FormEvent, useEffect, useState } from "react";
import { Link, Navigate, useLocation, useNavigate } from "react-router";
import { CampoClave } from "../../components/layout/CampoClave";
import { queryClient } from "../../lib/query-client";
import { sessionStore } from "../../lib/session-store";
import { notify } from "../../lib/toast";
import { iniciarSesion } from "./api/iniciar-sesion";
import { CORREO_DISPONIBLE } from "./api/restablecer";
import { SegundoFactorPaso } from "./SegundoFactorPaso";
import "./login.css";

/** What the guard or the router leave for Login: where the user was going, why they are here. */
interface EstadoLogin {
  from?: { pathname: string; search?: string };
  aviso?: string;
  /** The notice is a success (the password was just reset), not a warning. */
  exito?: boolean;
}

// biome-ignore lint/complexity/noExcessiveLinesPerFunction: plain elements without a form library (the Login route's script budget, decision 0032): the fields' state is the page's own.
export default function LoginPage() {
  const navigate = useNavigate();
  const location = useLocation();
  const [usuario, setUsuario] = useState("");
  const [clave, setClave] = useState("");
  const [enviando, setEnviando] = useState(false);
  const [codigo, setCodigo] = useState("");
  // A user with a second factor: the challenge between the password and the second step.
  const [segundo, setSegundo] = useState<{ desafio: string; metodos: MetodoSegundoFactor[] } | null>(null);
  const estado = location.state as EstadoLogin | null;
  const aviso = typeof estado?.aviso === "string" ? estado.aviso : null;
  const exito = estado?.exito === true;
  const yaConectado = sessionStore.activa();

  useEffect(() => {
    document.title = `Iniciar sesión | ${APP_NOMBRE_CORTO}`;
  }, []);

  useEffect(() => {
    if (aviso) (exito ? notify.success : notify.warn)(aviso);
  }, [aviso, exito]);

  if (yaConectado && !enviando) return <Navigate to="/" replace />;

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    if (!usuario.trim() || !clave) {
      notify.warn(MSG_LOGIN.loginCamposVaciosPantalla);
      return;
    }
    setEnviando(true);
    try {
      const res = await iniciarSesion({ userName: usuario.trim(), password: clave });
      if (res.success && res.segundoFactor && res.desafio) {
        setSegundo({ desafio: res.desafio, metodos: res.metodos ?? [] });
        setEnviando(false);
        return;
      }
      if (!res.success) {
        notify.warn(res.message);
        setEnviando(false);
        return;
      }
      entrar();
    } catch (err) {
      notify.error(err instanceof Error && err.message ? err.message : MSG_LOGIN.errorDesconocido);
      setEnviando(false);
    }
  }

  /** The session begins: with the password alone, or after the second step. */
  function entrar() {
    setEnviando(true);
    // Nothing cached from a previous user may leak into this session.
    queryClient.clear();
    sessionStore.abrir();
    const from = estado?.from;
    const destino = from && from.pathname !== "/Login" ? `${from.pathname}${from.search ?? ""}` : "/";
    navigate(destino, { replace: true });
  }

  if (segundo) {
    return (
      <div className="rf-login">
        <main className="rf-login-card">
          <CabeceraLogin />
          <SegundoFactorPaso
            desafio={segundo.desafio}
            metodos={segundo.metodos}
            onEntrar={entrar}
            onVolver={(motivo) => {
              setSegundo(null);
              setClave("");
              if (motivo) notify.warn(motivo);
            }}
          />
        </main>
      </div>
    );
  }

  return (
    <div className="rf-login">
      <main className="rf-login-card">
        <CabeceraLogin />
        <h1>Iniciar sesión</h1>
        {aviso && (
          <p className={exito ? "rf-login-aviso rf-login-exito" : "rf-login-aviso"} role="status">
            <i className={exito ? "pi pi-check-circle" : "pi pi-info-circle"} aria-hidden="true" /> {aviso}
          </p>
        )}
        <form onSubmit={onSubmit} noValidate>
          <div className="rf-field">
            <label htmlFor="login-usuario">Usuario</label>
            <input
              id="login-usuario"
              name="usuario"
              className="p-inputtext p-component"
              value={usuario}
              onChange={(e) => setUsuario(e.target.value)}
              autoComplete="username"
              autoCapitalize="none"
              spellCheck={false}
              maxLength={100}
              disabled={enviando}
              // biome-ignore lint/a11y/noAutofocus: signing in is the only thing this screen does
              autoFocus
            />
          </div>
          <CampoClave
            id="login-clave"
            label="Contraseña"
            value={clave}
            onChange={setClave}
            autoComplete="current-password"
            disabled={enviando}
          />
          <button type="submit" className="p-button p-component rf-login-submit" disabled={enviando}>
            {enviando && <i className="pi pi-spin pi-spinner p-button-icon p-button-icon-left" aria-hidden="true" />}
            <span className="p-button-label">Iniciar sesión</span>
          </button>
        </form>
        {CORREO_DISPONIBLE && (
          <p className="rf-login-olvido">
            <Link to="/OlvidoClave">¿Olvidó su contraseña?</Link>
          </p>
        )}
        <section className="rf-login-verificar" aria-labelledby="login-verificar-titulo">
          <h2 id="login-verificar-titulo">Verificar una constancia</h2>
          <form
            onSubmit={(e) => {
              e.preventDefault();
              const c = codigo.trim();
              if (c) navigate(`/Verificar/${encodeURIComponent(c)}`);
              else notify.warn(MSG_LOGIN.codigoConstanciaVacio);
            }}
            noValidate
          >
            <label htmlFor="login-codigo">Código seguro de verificación</label>
            <div className="rf-login-verificar-fila">
              <input
                id="login-codigo"
                name="codigo"
                className="p-inputtext p-component"
                value={codigo}
                onChange={(e) => setCodigo(e.target.value)}
                placeholder="XXXX-XXXX-XXXX-XXXX-XXXX"
                autoCapitalize="characters"
                spellCheck={false}
                maxLength={40}
              />
              <button type="submit" className="p-button p-component p-button-outlined">
                <span className="p-button-label">Verificar</span>
              </button>
            </div>
          </form>
        </section>
      </main>
    </div>
  );
}

function CabeceraLogin() {
  return (
    <header className="rf-login-header">
      <img src="./favicon.svg" alt="" width={56} height={56} />
      <p className="rf-login-org">Contraloría General de la República</p>
      <p className="rf-login-app">{APP_NOMBRE_CORTO}</p>
    </header>
  );
}
