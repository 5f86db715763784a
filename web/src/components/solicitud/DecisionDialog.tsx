/**
 * The decision dialog of every review screen (SPEC.md screen 9). In `confirmar` mode it asks for
 * confirmation ('¿Está seguro de que desea aprobar esta solicitud?'), with an optional 'Comentario'
 * where the decision takes one (approvals: it goes to the status history); in `motivos` mode it asks for the
 * required reasons (MultiSelect 'Observaciones', CampoObservaciones.tsx) and the required
 * 'Comentario': a react-hook-form form checked with the API's schema before anything is sent, the
 * focus on its first error. It sends the call, shows the server's message (success toast and
 * close, or warning toast with the field errors put under their fields) and tells the screen when
 * the decision went through. Closing a dialog with reasons chosen or a comment typed asks first.
 * Each decision offers only the reasons of its kind.
 */
import { MSG, zDecisionBody } from "@registro/contracts";
import { useMutation } from "@tanstack/react-query";
import { Button } from "primereact/button";
import { ConfirmDialog } from "primereact/confirmdialog";
import { useEffect, useId, useMemo, useState } from "react";
import { Controller } from "react-hook-form";
import type { RespuestaAccion } from "../../lib/api-client";
import { notify } from "../../lib/toast";
import { useFormulario } from "../formulario/use-formulario";
import { type OrigenMotivos, useMotivos } from "./api/get-motivos";
import { CampoObservaciones } from "./CampoObservaciones";
import "./solicitud.css";
import { InputTextarea } from "primereact/inputtextarea";
import { Dialogo } from "../Dialogo";

export interface CuerpoDecision {
  Comentario: string;
  MotivoCambioEstatus: number[];
}
const CAMPOS = ["Comentario", "MotivoCambioEstatus"] as const;
const VACIO: CuerpoDecision = { Comentario: "", MotivoCambioEstatus: [] };

// The API's schema, and the decision's rules: at least one reason and a comment.
const esquema = zDecisionBody.superRefine((b, ctx) => {
  if (b.MotivoCambioEstatus.length === 0)
    ctx.addIssue({ code: "custom", path: ["MotivoCambioEstatus"], message: MSG.motivosRequeridos });
  if (!b.Comentario) ctx.addIssue({ code: "custom", path: ["Comentario"], message: MSG.comentarioRequerido });
});

interface ComunProps {
  visible: boolean;
  titulo: string;
  onHide: () => void;
  /** Called after the server accepted the decision (the dialog has already closed). */
  onExito: (respuesta: RespuestaAccion) => void;
  /** Button labels; Guardar/Cancelar by default, Sí/No for the administrator's confirmations. */
  etiquetaAceptar?: string;
  etiquetaCancelar?: string;
  /** Toast when the call itself fails (HTTP error); the server's message by default. */
  mensajeError?: string;
  /** Called when the server refused the decision or the call failed (e.g. to reload the request). */
  onRechazo?: () => void;
}

export type DecisionDialogProps = ComunProps &
  (
    | {
        modo: "confirmar";
        mensaje: string;
        /** Offers an optional 'Comentario' (sent trimmed; "" when none). */
        conComentario?: boolean;
        enviar: (comentario: string) => Promise<RespuestaAccion>;
      }
    | {
        modo: "motivos";
        origenMotivos: OrigenMotivos;
        /** The status this decision leads to (108, 204, 104, 103): only reasons of that kind are offered. */
        estatusMotivos: number;
        enviar: (cuerpo: CuerpoDecision) => Promise<RespuestaAccion>;
      }
  );

// biome-ignore lint/complexity/noExcessiveLinesPerFunction: one dialog, two modes (a confirmation or reasons and a comment) sharing one mutation and the discard question; split, each part would take the whole state.
export function DecisionDialog(props: DecisionDialogProps) {
  const {
    visible,
    titulo,
    onHide,
    onExito,
    etiquetaAceptar = "Guardar",
    etiquetaCancelar = "Cancelar",
    mensajeError,
    onRechazo,
  } = props;
  const id = useId();
  const conMotivos = props.modo === "motivos";
  const { control, getValues, handleSubmit, reset, contenedor, fallo, erroresServidor } = useFormulario<
    CuerpoDecision,
    HTMLDivElement
  >({
    defaultValues: VACIO,
    esquema,
    campos: CAMPOS,
  });
  const [listaAbierta, setListaAbierta] = useState(false);
  const [preguntar, setPreguntar] = useState(false);

  useEffect(() => {
    if (visible) {
      reset(VACIO);
      setPreguntar(false);
    }
  }, [visible, reset]);

  const estatusMotivos = conMotivos ? props.estatusMotivos : null;
  const catalogo = useMotivos(conMotivos ? props.origenMotivos : "rycc", visible && conMotivos);
  const opciones = useMemo(
    () =>
      (catalogo.data ?? [])
        .filter((m) => m.activo && m.idEstatusProceso === estatusMotivos)
        .map((m) => ({ label: m.nombre, value: m.idMotivo })),
    [catalogo.data, estatusMotivos],
  );

  const mutacion = useMutation({
    mutationFn: (cuerpo: CuerpoDecision): Promise<RespuestaAccion> =>
      props.modo === "motivos" ? props.enviar(cuerpo) : props.enviar(cuerpo.Comentario.trim()),
    onSuccess: (r) => {
      if (r.success) {
        notify.success(r.message);
        onHide();
        onExito(r);
      } else {
        notify.warn(r.message);
        // A confirmation has nothing to correct: close it; a form stays open with its field errors.
        if (conMotivos) {
          erroresServidor(r.errors);
          fallo();
        } else onHide();
        onRechazo?.();
      }
    },
    onError: (e: Error) => {
      notify.error(mensajeError ?? e.message);
      if (!conMotivos) onHide();
      onRechazo?.();
    },
  });

  /** Cancelar, the close button and Escape: a dialog with reasons or a comment asks before discarding them. */
  const intentarCerrar = () => {
    if (mutacion.isPending) return;
    const { MotivoCambioEstatus, Comentario } = getValues();
    if (conMotivos && (MotivoCambioEstatus.length > 0 || Comentario.trim() !== "")) setPreguntar(true);
    else onHide();
  };

  const guardar = () => {
    if (conMotivos) void handleSubmit((cuerpo) => mutacion.mutate(cuerpo), fallo)();
    else mutacion.mutate({ ...VACIO, Comentario: getValues().Comentario });
  };

  const pie = (
    <div className="rf-dialogo-pie">
      <Button
        type="button"
        label={etiquetaCancelar}
        icon="pi pi-times"
        outlined
        onClick={intentarCerrar}
        disabled={mutacion.isPending}
      />
      <Button type="button" label={etiquetaAceptar} icon="pi pi-check" onClick={guardar} loading={mutacion.isPending} />
    </div>
  );

  return (
    <Dialogo
      header={titulo}
      visible={visible}
      onHide={intentarCerrar}
      footer={pie}
      style={{ width: conMotivos ? "min(95vw, 640px)" : "min(95vw, 460px)" }}
      modal
      closable={!mutacion.isPending}
      closeOnEscape={!listaAbierta}
    >
      {props.modo === "confirmar" ? (
        <>
          <p className="rf-confirmacion">
            <i className="pi pi-exclamation-triangle" aria-hidden="true" />
            <span>{props.mensaje}</span>
          </p>
          {props.conComentario && (
            <Controller
              control={control}
              name="Comentario"
              render={({ field }) => (
                <div className="rf-campo">
                  <label htmlFor={`${id}-comentario`}>Comentario (opcional)</label>
                  <InputTextarea
                    id={`${id}-comentario`}
                    value={field.value}
                    onChange={(e) => field.onChange(e.target.value)}
                    rows={3}
                    maxLength={2000}
                    autoResize
                    aria-describedby={`${id}-comentario-nota`}
                    className="rf-ancho-completo"
                  />
                  <small id={`${id}-comentario-nota`}>Queda en el historial de estatus de la solicitud.</small>
                </div>
              )}
            />
          )}
        </>
      ) : (
        <div className="rf-formulario" ref={contenedor}>
          <Controller
            control={control}
            name="MotivoCambioEstatus"
            render={({ field, fieldState }) => (
              <CampoObservaciones
                id={`${id}-motivos`}
                idSiguiente={`${id}-comentario`}
                value={field.value}
                onChange={field.onChange}
                opciones={opciones}
                cargando={catalogo.isLoading}
                error={fieldState.error?.message}
                onListaAbierta={setListaAbierta}
              />
            )}
          />
          <Controller
            control={control}
            name="Comentario"
            render={({ field, fieldState }) => {
              const error = fieldState.error?.message;
              return (
                <div className="rf-campo">
                  <label htmlFor={`${id}-comentario`}>
                    Comentario <span aria-hidden="true">*</span>
                  </label>
                  <InputTextarea
                    id={`${id}-comentario`}
                    ref={field.ref}
                    value={field.value}
                    onChange={(e) => field.onChange(e.target.value)}
                    onBlur={field.onBlur}
                    rows={5}
                    maxLength={2000}
                    autoResize
                    invalid={error !== undefined}
                    aria-required="true"
                    aria-invalid={error !== undefined}
                    aria-describedby={error ? `${id}-comentario-error` : undefined}
                    className="rf-ancho-completo"
                  />
                  {error && (
                    <small id={`${id}-comentario-error`} className="rf-campo-error" role="alert">
                      {error}
                    </small>
                  )}
                </div>
              );
            }}
          />
        </div>
      )}
      <ConfirmDialog
        visible={preguntar}
        onHide={() => setPreguntar(false)}
        header="Descartar observaciones"
        message={MSG.descartarDecision}
        icon="pi pi-exclamation-triangle"
        acceptLabel="Sí"
        rejectLabel="No"
        defaultFocus="reject"
        accept={onHide}
      />
    </Dialogo>
  );
}
