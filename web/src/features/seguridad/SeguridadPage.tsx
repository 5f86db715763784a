/**
 * "Seguridad" (user menu): the user's second factors — passkeys and security keys, one
 * authenticator app — listed with their names and last use, to add, rename and remove; and the
 * recovery codes left, with a new set on demand. While the profile requires a second factor the
 * user has not enrolled, this is the only screen open (the route guard and the server agree).
 */
import "../../components/formulario/campos.css";
import "./seguridad.css";
import { type Factor, MSG_SEGUNDO_FACTOR } from "@registro/contracts";
import { Button } from "primereact/button";
import { ConfirmDialog, confirmDialog } from "primereact/confirmdialog";
import { useState } from "react";
import { ApiError, type RespuestaAccion } from "../../lib/api-client";
import { formatearFechaHora } from "../../lib/formato";
import { avisarFallo } from "../../lib/query-client";
import { notify } from "../../lib/toast";
import { OtraDireccion, useAgregarLlave } from "./api/agregar-llave";
import { useEliminarFactor } from "./api/eliminar-factor";
import { useEstadoSegundoFactor } from "./api/estado";
import { useGenerarCodigos } from "./api/generar-codigos";
import { useRenombrarFactor } from "./api/renombrar-factor";
import { AppDialog } from "./components/AppDialog";
import { CodigosDialog } from "./components/CodigosDialog";
import { NombreDialog } from "./components/NombreDialog";

const GRUPO = "seguridad";
const fecha = (iso: string | null) => (iso ? formatearFechaHora(iso) : "Nunca");

/** Titled with what is confirmed, as the decision dialogs are. */
function confirmar(titulo: string, mensaje: string, si: string, accept: () => void) {
  confirmDialog({
    group: GRUPO,
    header: titulo,
    message: mensaje,
    icon: "pi pi-exclamation-triangle",
    acceptLabel: si,
    rejectLabel: "Cancelar",
    defaultFocus: "reject",
    acceptClassName: "p-button-danger",
    accept,
  });
}

/** A refusal's message (field errors first); 401 is the router's. */
function avisar(r: RespuestaAccion): boolean {
  if (r.success) notify.success(r.message);
  else notify.warn(r.errors ? (Object.values(r.errors).flat()[0] ?? r.message) : r.message);
  return r.success;
}
function fallo(e: unknown) {
  avisarFallo(e, e instanceof Error && e.message ? e.message : "No se pudo completar la operación.");
}

// biome-ignore lint/complexity/noExcessiveLinesPerFunction: the screen's three factor lists (passkeys, app, codes) and the dialogs they open share the page's state of which dialog is open.
export default function SeguridadPage() {
  const estado = useEstadoSegundoFactor();
  const agregarLlave = useAgregarLlave();
  const renombrar = useRenombrarFactor();
  const eliminar = useEliminarFactor();
  const generar = useGenerarCodigos();
  const [appVisible, setAppVisible] = useState(false);
  const [nuevaLlave, setNuevaLlave] = useState<string | null>(null);
  const [aRenombrar, setARenombrar] = useState<Factor | null>(null);
  const [codigos, setCodigos] = useState<string[] | null>(null);

  const datos = estado.data;
  const factores = datos?.factores ?? [];
  const tieneApp = factores.some((f) => f.tipo === "app");
  const pendiente = datos?.requerido === true && factores.length === 0;
  const webauthn = typeof window !== "undefined" && "PublicKeyCredential" in window;

  /** Resolves to the server's error on the name, if any (the dialog shows it). */
  const registrarLlave = async (nombre: string): Promise<string | undefined> => {
    try {
      const r = await agregarLlave.mutateAsync(nombre);
      if (!avisar(r)) return r.errors?.nombre?.[0];
      setNuevaLlave(null);
      if (r.data?.codigosRecuperacion) setCodigos(r.data.codigosRecuperacion);
    } catch (e) {
      if (e instanceof ApiError) fallo(e);
      // Opened at another address than the app's: which one to open.
      else if (e instanceof OtraDireccion) notify.warn(e.message);
      // The browser's refusal (cancelled, timed out, a key already registered) has no Spanish text.
      else notify.warn("No se registró la llave de acceso. Inténtelo de nuevo.");
    }
  };

  const guardarNombre = async (nombre: string): Promise<string | undefined> => {
    if (!aRenombrar) return;
    try {
      const r = await renombrar.mutateAsync({ idFactor: aRenombrar.idFactor, nombre });
      if (!avisar(r)) return r.errors?.nombre?.[0];
      setARenombrar(null);
    } catch (e) {
      fallo(e);
    }
  };

  const pedirEliminar = (f: Factor) =>
    confirmar("Eliminar método", MSG_SEGUNDO_FACTOR.confirmarEliminar(f.nombre), "Eliminar", async () => {
      try {
        avisar(await eliminar.mutateAsync(f.idFactor));
      } catch (e) {
        fallo(e);
      }
    });

  const pedirCodigos = () =>
    confirmar("Generar códigos de recuperación", MSG_SEGUNDO_FACTOR.confirmarCodigos, "Generar", async () => {
      try {
        const r = await generar.mutateAsync();
        if (avisar(r) && r.data?.codigosRecuperacion) setCodigos(r.data.codigosRecuperacion);
      } catch (e) {
        fallo(e);
      }
    });

  return (
    <div className="rfs-pagina">
      <h1 className="rfs-titulo">Segundo factor</h1>
      <p className="rfs-texto">
        Además de su contraseña, al iniciar sesión se le pedirá uno de estos métodos. Así, nadie puede entrar con su
        contraseña solamente.
      </p>
      {pendiente && (
        <p className="rfs-aviso" role="status">
          <i className="pi pi-exclamation-triangle" aria-hidden="true" /> {MSG_SEGUNDO_FACTOR.enrolamientoRequerido}
        </p>
      )}

      <section className="rfs-seccion" aria-labelledby="rfs-metodos">
        <h2 id="rfs-metodos">Sus métodos</h2>
        {estado.isPending ? (
          <p className="rfs-texto">Cargando…</p>
        ) : factores.length === 0 ? (
          <p className="rfs-texto">Todavía no tiene ningún segundo factor.</p>
        ) : (
          <ul className="rfs-lista">
            {factores.map((f) => (
              <li key={f.idFactor} className="rfs-factor">
                <i className={`pi ${f.tipo === "app" ? "pi-mobile" : "pi-key"} rfs-icono`} aria-hidden="true" />
                <div className="rfs-factor-datos">
                  <p className="rfs-factor-nombre">{f.nombre}</p>
                  <p className="rfs-factor-detalle">
                    {f.tipo === "app" ? "Aplicación de autenticación" : "Llave de acceso"} · Agregada el{" "}
                    {fecha(f.creado)} · Último uso: {fecha(f.ultimoUso)}
                  </p>
                </div>
                <div className="rfs-factor-acciones">
                  <Button
                    type="button"
                    icon="pi pi-pencil"
                    rounded
                    text
                    aria-label={`Cambiar el nombre de ${f.nombre}`}
                    onClick={() => setARenombrar(f)}
                  />
                  <Button
                    type="button"
                    icon="pi pi-trash"
                    rounded
                    text
                    severity="danger"
                    aria-label={`Eliminar ${f.nombre}`}
                    onClick={() => pedirEliminar(f)}
                  />
                </div>
              </li>
            ))}
          </ul>
        )}
        <div className="rfs-fila">
          <Button
            type="button"
            label="Agregar llave de acceso"
            icon="pi pi-key"
            disabled={!webauthn}
            onClick={() => setNuevaLlave("Llave de acceso")}
          />
          <Button
            type="button"
            label="Agregar aplicación de autenticación"
            icon="pi pi-mobile"
            outlined
            disabled={tieneApp}
            onClick={() => setAppVisible(true)}
          />
        </div>
        {!webauthn && <p className="rfs-texto">Este navegador no admite llaves de acceso.</p>}
        {tieneApp && <p className="rfs-texto">Solo puede tener una aplicación de autenticación.</p>}
      </section>

      <section className="rfs-seccion" aria-labelledby="rfs-codigos">
        <h2 id="rfs-codigos">Códigos de recuperación</h2>
        <p className="rfs-texto">
          {factores.length === 0
            ? "Recibirá diez códigos de un solo uso al registrar su primer segundo factor."
            : `Le quedan ${datos?.codigosRestantes ?? 0} de 10 códigos sin usar. Sirven una sola vez cada uno, si pierde su llave o su teléfono.`}
        </p>
        <Button
          type="button"
          label="Generar códigos nuevos"
          icon="pi pi-refresh"
          outlined
          disabled={factores.length === 0}
          loading={generar.isPending}
          onClick={pedirCodigos}
        />
      </section>

      <AppDialog visible={appVisible} onHide={() => setAppVisible(false)} onCodigos={setCodigos} />
      <NombreDialog
        titulo="Agregar llave de acceso"
        texto="Póngale un nombre para reconocerla (por ejemplo, «Llave USB» o «Portátil»). Después, su navegador le pedirá la llave o su huella."
        inicial={nuevaLlave}
        accion="Continuar"
        icono="pi pi-arrow-right"
        ocupado={agregarLlave.isPending}
        onHide={() => setNuevaLlave(null)}
        onAceptar={registrarLlave}
      />
      <NombreDialog
        titulo="Cambiar nombre"
        inicial={aRenombrar?.nombre ?? null}
        accion="Guardar"
        icono="pi pi-save"
        ocupado={renombrar.isPending}
        onHide={() => setARenombrar(null)}
        onAceptar={guardarNombre}
      />
      <CodigosDialog codigos={codigos} onHide={() => setCodigos(null)} />
      <ConfirmDialog group={GRUPO} />
    </div>
  );
}
