/**
 * The second step of sign-in, after the right password of a user who holds a second factor: a
 * passkey or security key (WebAuthn), the authenticator app's code, or a recovery code. Like the
 * password step it uses plain elements only (no form library or zod: it is part of the Login route,
 * whose JavaScript has a budget), and loads the WebAuthn helper when a key is used.
 */
import { type MetodoSegundoFactor, MSG_LOGIN, MSG_SEGUNDO_FACTOR } from "@registro/contracts";
import { type FormEvent, useState } from "react";
import { ApiError } from "../../lib/api-client";
import { notify } from "../../lib/toast";
import { completarSegundoFactor, opcionesLlave } from "./api/segundo-factor";

interface Props {
  desafio: string;
  metodos: MetodoSegundoFactor[];
  /** The sign-in is complete (the session is the HttpOnly cookie the answer set). */
  onEntrar: () => void;
  /** The challenge ended (expired, too many attempts, or the user went back): start again. */
  onVolver: (aviso?: string) => void;
}

const SIGUE = new Set<string>([MSG_SEGUNDO_FACTOR.codigoIncorrecto, MSG_SEGUNDO_FACTOR.llaveIncorrecta]);

// biome-ignore lint/complexity/noExcessiveLinesPerFunction: plain elements without a form library (the Login route's script budget, decision 0032): one step per factor, sharing the step's state.
export function SegundoFactorPaso({ desafio, metodos, onEntrar, onVolver }: Props) {
  const conApp = metodos.includes("totp");
  const conLlave = metodos.includes("webauthn");
  const [modo, setModo] = useState<"totp" | "recuperacion">(conApp ? "totp" : "recuperacion");
  const [codigo, setCodigo] = useState("");
  const [error, setError] = useState<string | undefined>();
  const [enviando, setEnviando] = useState(false);

  async function responder(cuerpo: { codigo?: string; codigoRecuperacion?: string; credencial?: unknown }) {
    setEnviando(true);
    try {
      const r = await completarSegundoFactor({ desafio, ...cuerpo });
      if (r.success && !r.segundoFactor) {
        onEntrar();
        return;
      }
      const deCampo = r.errors ? Object.values(r.errors).flat()[0] : undefined;
      // A wrong code or key may be tried again; anything else (expired, too many attempts, the
      // account locked) ends the challenge: back to the password.
      if (!deCampo && !SIGUE.has(r.message)) {
        onVolver(r.message);
        return;
      }
      setError(deCampo ?? r.message);
      notify.warn(deCampo ?? r.message);
    } catch (e) {
      notify.error(e instanceof Error && e.message ? e.message : MSG_LOGIN.errorDesconocido);
    }
    setEnviando(false);
  }

  async function usarLlave() {
    setEnviando(true);
    try {
      const { startAuthentication } = await import("@simplewebauthn/browser");
      const opciones = await opcionesLlave(desafio);
      // Opened at another address than the app's (PUBLIC_URL's), no key can work here: say where to go.
      const direccion = (opciones as { direccion?: unknown }).direccion;
      if (typeof direccion === "string" && direccion !== window.location.origin) {
        const aviso = MSG_SEGUNDO_FACTOR.llaveOtraDireccion(direccion);
        setError(aviso);
        notify.warn(aviso);
        setEnviando(false);
        return;
      }
      const credencial = await startAuthentication({ optionsJSON: opciones as never });
      await responder({ credencial });
    } catch (e) {
      // The server's answers are Spanish; the browser's own refusals (cancelled, no key, timed out) are not.
      const mensaje =
        e instanceof ApiError ? e.message : "No se pudo usar la llave de acceso. Inténtelo de nuevo o use otro método.";
      // The challenge is gone (expired, ended): back to the password.
      if (e instanceof ApiError && e.status === 404) onVolver(mensaje);
      else notify.warn(mensaje);
      setEnviando(false);
    }
  }

  function onSubmit(e: FormEvent) {
    e.preventDefault();
    const valor = codigo.trim();
    if (!valor) {
      setError(MSG_LOGIN.requerido);
      return;
    }
    void responder(modo === "totp" ? { codigo: valor.replace(/\s/g, "") } : { codigoRecuperacion: valor });
  }

  const idCampo = modo === "totp" ? "login-codigo-app" : "login-codigo-recuperacion";
  const errorId = `${idCampo}-error`;
  return (
    <>
      <h1>Verificación en dos pasos</h1>
      <p className="rf-login-texto">{MSG_SEGUNDO_FACTOR.loginSegundoFactor}</p>
      {conLlave && (
        <>
          <button
            type="button"
            className="p-button p-component rf-login-submit"
            onClick={() => void usarLlave()}
            disabled={enviando}
          >
            <i className="pi pi-key p-button-icon p-button-icon-left" aria-hidden="true" />
            <span className="p-button-label">Usar llave de acceso</span>
          </button>
          <p className="rf-login-separador">o</p>
        </>
      )}
      <form onSubmit={onSubmit} noValidate>
        <div className="rf-field">
          <label htmlFor={idCampo}>
            {modo === "totp" ? "Código de la aplicación de autenticación" : "Código de recuperación"}
          </label>
          <input
            key={idCampo}
            id={idCampo}
            name={idCampo}
            className={`p-inputtext p-component${error ? " p-invalid" : ""}`}
            value={codigo}
            onChange={(e) => {
              setCodigo(e.target.value);
              setError(undefined);
            }}
            autoComplete="one-time-code"
            inputMode={modo === "totp" ? "numeric" : "text"}
            autoCapitalize="characters"
            spellCheck={false}
            maxLength={modo === "totp" ? 7 : 30}
            placeholder={modo === "totp" ? "123456" : "XXXX-XXXX-XXXX-XXXX"}
            disabled={enviando}
            // biome-ignore lint/a11y/noAutofocus: the step's only task starts in this field
            autoFocus={!conLlave}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? errorId : undefined}
          />
          {error && (
            <small id={errorId} className="p-error">
              {error}
            </small>
          )}
        </div>
        <button
          type="submit"
          className={`p-button p-component rf-login-submit${conLlave ? " p-button-outlined" : ""}`}
          disabled={enviando}
        >
          <span className="p-button-label">Verificar</span>
        </button>
      </form>
      <div className="rf-login-enlaces">
        {conApp && (
          <button
            type="button"
            className="p-button p-component p-button-link"
            onClick={() => {
              setModo(modo === "totp" ? "recuperacion" : "totp");
              setCodigo("");
              setError(undefined);
            }}
          >
            <span className="p-button-label">
              {modo === "totp" ? "Usar un código de recuperación" : "Usar la aplicación de autenticación"}
            </span>
          </button>
        )}
        <button type="button" className="p-button p-component p-button-link" onClick={() => onVolver()}>
          <span className="p-button-label">Volver</span>
        </button>
      </div>
    </>
  );
}
