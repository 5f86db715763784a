/**
 * Enrolling an authenticator app: the QR code to scan and the same secret as text (for apps that
 * cannot scan), a name, and the first code the app shows, which confirms it. A react-hook-form form
 * checked with the API's schema (spaces typed in the code dropped first); the server's field errors
 * land under their fields, and a refused form takes the focus to its first error.
 */
import { type AppIniciada, zAppConfirmarBody } from "@registro/contracts";
import { Button } from "primereact/button";
import { Dialog } from "primereact/dialog";
import { useEffect, useRef, useState } from "react";
import type { FieldErrors } from "react-hook-form";
import { z } from "zod";
import { CampoTexto } from "../../../components/formulario/controlados";
import { useFormulario } from "../../../components/formulario/use-formulario";
import { avisarFallo } from "../../../lib/query-client";
import { notify } from "../../../lib/toast";
import { useConfirmarApp, useIniciarApp } from "../api/agregar-app";

interface Props {
  visible: boolean;
  onHide: () => void;
  onCodigos: (codigos: string[]) => void;
}

/** The form's fields, named as the API names them. */
interface Formulario {
  codigo: string;
  nombre: string;
}
const CAMPOS = ["codigo", "nombre"] as const;
const INICIALES: Formulario = { codigo: "", nombre: "Aplicación de autenticación" };

// The code as the app shows it may be typed with a space in the middle ("123 456").
const esquema = z.preprocess(
  (v) => (v && typeof v === "object" ? { ...v, codigo: String((v as Formulario).codigo ?? "").replace(/\s/g, "") } : v),
  zAppConfirmarBody,
);

export function AppDialog({ visible, onHide, onCodigos }: Props) {
  const iniciar = useIniciarApp();
  const confirmar = useConfirmarApp();
  const [app, setApp] = useState<AppIniciada | null>(null);
  const { control, handleSubmit, reset, contenedor, fallo, erroresServidor } = useFormulario<Formulario>({
    defaultValues: INICIALES,
    esquema,
    campos: CAMPOS,
  });
  const { mutateAsync: pedir } = iniciar;
  // A new secret only when the dialog opens: a re-render of the page (a new onHide) must not
  // replace the secret the user is scanning.
  const cerrar = useRef(onHide);
  cerrar.current = onHide;

  useEffect(() => {
    if (!visible) return;
    setApp(null);
    reset(INICIALES);
    pedir()
      .then((r) => {
        if (r.success && r.data) setApp(r.data);
        else {
          notify.warn(r.message);
          cerrar.current();
        }
      })
      .catch((e) => {
        avisarFallo(e);
        cerrar.current();
      });
  }, [visible, pedir, reset]);

  const guardar = async (f: Formulario) => {
    try {
      const r = await confirmar.mutateAsync(f);
      if (!r.success) {
        erroresServidor(r.errors);
        notify.warn(r.errors ? (Object.values(r.errors).flat()[0] ?? r.message) : r.message);
        if (r.errors) fallo();
        return;
      }
      notify.success(r.message);
      onHide();
      if (r.data?.codigosRecuperacion) onCodigos(r.data.codigosRecuperacion);
    } catch (e) {
      avisarFallo(e);
    }
  };
  // Said as the server says it: the first error in a warning too.
  const rechazado = (errores: FieldErrors<Formulario>) => {
    const primero = CAMPOS.map((c) => errores[c]?.message).find(Boolean);
    if (primero) notify.warn(primero);
    fallo();
  };
  const enviar = handleSubmit(guardar, rechazado);

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
            onClick={() => void enviar()}
          />
        </>
      }
    >
      <form ref={contenedor} onSubmit={enviar} noValidate>
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
          <CampoTexto
            control={control}
            name="codigo"
            id="app-codigo"
            etiqueta="Código"
            requerido
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={7}
          />
          <CampoTexto control={control} name="nombre" id="app-nombre" etiqueta="Nombre" requerido maxLength={60} />
        </div>
        <button type="submit" hidden />
      </form>
    </Dialog>
  );
}
