/**
 * Enrolling an authenticator app: the QR code to scan and the same secret as text (for apps that
 * cannot scan), a name, and the first code the app shows, which confirms it.
 */
import type { AppIniciada, Errores } from "@registro/contracts";
import { Button } from "primereact/button";
import { Dialog } from "primereact/dialog";
import { InputText } from "primereact/inputtext";
import { useEffect, useRef, useState } from "react";
import { ariaError, Campo } from "../../../components/formulario/campos";
import { ApiError } from "../../../lib/api-client";
import { notify } from "../../../lib/toast";
import { useConfirmarApp, useIniciarApp } from "../api/agregar-app";

interface Props {
  visible: boolean;
  onHide: () => void;
  onCodigos: (codigos: string[]) => void;
}

const primero = (errores: Errores, campo: string) => errores[campo]?.[0];

export function AppDialog({ visible, onHide, onCodigos }: Props) {
  const iniciar = useIniciarApp();
  const confirmar = useConfirmarApp();
  const [app, setApp] = useState<AppIniciada | null>(null);
  const [nombre, setNombre] = useState("Aplicación de autenticación");
  const [codigo, setCodigo] = useState("");
  const [errores, setErrores] = useState<Errores>({});
  const { mutateAsync: pedir } = iniciar;
  // A new secret only when the dialog opens: a re-render of the page (a new onHide) must not
  // replace the secret the user is scanning.
  const cerrar = useRef(onHide);
  cerrar.current = onHide;

  useEffect(() => {
    if (!visible) return;
    setApp(null);
    setCodigo("");
    setErrores({});
    pedir()
      .then((r) => {
        if (r.success && r.data) setApp(r.data);
        else {
          notify.warn(r.message);
          cerrar.current();
        }
      })
      .catch((e) => {
        if (!(e instanceof ApiError && e.status === 401)) notify.error(e instanceof Error ? e.message : String(e));
        cerrar.current();
      });
  }, [visible, pedir]);

  const guardar = async () => {
    try {
      const r = await confirmar.mutateAsync({ nombre, codigo: codigo.replace(/\s/g, "") });
      setErrores(r.errors ?? {});
      if (!r.success) {
        notify.warn(r.errors ? (Object.values(r.errors).flat()[0] ?? r.message) : r.message);
        return;
      }
      notify.success(r.message);
      onHide();
      if (r.data?.codigosRecuperacion) onCodigos(r.data.codigosRecuperacion);
    } catch (e) {
      if (!(e instanceof ApiError && e.status === 401)) notify.error(e instanceof Error ? e.message : String(e));
    }
  };

  return (
    <Dialog
      header="Agregar aplicación de autenticación"
      visible={visible}
      onHide={onHide}
      style={{ width: "34rem" }}
      breakpoints={{ "640px": "95vw" }}
      modal
      footer={
        <>
          <Button type="button" label="Cancelar" icon="pi pi-times" severity="secondary" outlined onClick={onHide} />
          <Button
            type="button"
            label="Confirmar"
            icon="pi pi-check"
            loading={confirmar.isPending}
            disabled={!app}
            onClick={() => void guardar()}
          />
        </>
      }
    >
      <form
        onSubmit={(e) => {
          e.preventDefault();
          void guardar();
        }}
        noValidate
      >
        <ol className="rfs-pasos">
          <li>
            Abra su aplicación de autenticación (por ejemplo, Google Authenticator, Microsoft Authenticator o FreeOTP) y
            escanee este código QR.
          </li>
        </ol>
        <div className="rfs-qr">
          {app ? (
            <img src={app.qr} width={200} height={200} alt="Código QR para agregar la cuenta a la aplicación" />
          ) : (
            <i className="pi pi-spin pi-spinner" aria-hidden="true" />
          )}
        </div>
        <p className="rfs-texto">Si no puede escanearlo, escriba esta clave en la aplicación:</p>
        <p className="rfs-secreto">
          <code>{app?.secreto.match(/.{1,4}/g)?.join(" ") ?? ""}</code>
        </p>
        <ol className="rfs-pasos" start={2}>
          <li>Escriba el código de 6 dígitos que muestra la aplicación.</li>
        </ol>
        <div className="rfo-grid rfo-grid-2">
          <Campo id="app-codigo" etiqueta="Código" requerido error={primero(errores, "codigo")}>
            <InputText
              id="app-codigo"
              value={codigo}
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={7}
              onChange={(e) => setCodigo(e.target.value)}
              invalid={!!primero(errores, "codigo")}
              {...ariaError("app-codigo", primero(errores, "codigo"))}
            />
          </Campo>
          <Campo id="app-nombre" etiqueta="Nombre" requerido error={primero(errores, "nombre")}>
            <InputText
              id="app-nombre"
              value={nombre}
              maxLength={60}
              onChange={(e) => setNombre(e.target.value)}
              invalid={!!primero(errores, "nombre")}
              {...ariaError("app-nombre", primero(errores, "nombre"))}
            />
          </Campo>
        </div>
        <button type="submit" hidden />
      </form>
    </Dialog>
  );
}
