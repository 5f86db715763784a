/**
 * The decision dialog of every review screen (SPEC.md screen 9). In `confirmar` mode it asks for
 * confirmation ('Está seguro que desea aprobar esta solicitud?'); in `motivos` mode it asks for the
 * required reasons (MultiSelect 'Observaciones') and the required 'Comentario'. It sends the call,
 * shows the server's message (success toast and close, or warning toast with the field errors kept
 * under their fields) and tells the screen when the decision went through.
 */
import { type Errores, MSG } from "@registro/contracts";
import { useMutation } from "@tanstack/react-query";
import { Button } from "primereact/button";
import { Dialog } from "primereact/dialog";
import { InputTextarea } from "primereact/inputtextarea";
import { MultiSelect } from "primereact/multiselect";
import { useEffect, useId, useMemo, useState } from "react";
import type { RespuestaAccion } from "../../lib/api-client";
import { notify } from "../../lib/toast";
import { type OrigenMotivos, useMotivos } from "./api/get-motivos";
import "./solicitud.css";

export interface CuerpoDecision {
  Comentario: string;
  MotivoCambioEstatus: number[];
}

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
    | { modo: "confirmar"; mensaje: string; enviar: () => Promise<RespuestaAccion> }
    | {
        modo: "motivos";
        origenMotivos: OrigenMotivos;
        enviar: (cuerpo: CuerpoDecision) => Promise<RespuestaAccion>;
      }
  );

/** The first message for a field, matching the server's key case-insensitively. */
function errorDe(errores: Errores, campo: string): string | undefined {
  const clave = Object.keys(errores).find((k) => k.toLowerCase() === campo.toLowerCase());
  return clave ? errores[clave]?.[0] : undefined;
}

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
  const [motivos, setMotivos] = useState<number[]>([]);
  const [comentario, setComentario] = useState("");
  const [errores, setErrores] = useState<Errores>({});

  useEffect(() => {
    if (visible) {
      setMotivos([]);
      setComentario("");
      setErrores({});
    }
  }, [visible]);

  const catalogo = useMotivos(conMotivos ? props.origenMotivos : "rycc", visible && conMotivos);
  const opciones = useMemo(
    () => (catalogo.data ?? []).filter((m) => m.activo).map((m) => ({ label: m.nombre, value: m.idMotivo })),
    [catalogo.data],
  );

  const mutacion = useMutation({
    mutationFn: (): Promise<RespuestaAccion> =>
      props.modo === "motivos"
        ? props.enviar({ Comentario: comentario.trim(), MotivoCambioEstatus: motivos })
        : props.enviar(),
    onSuccess: (r) => {
      if (r.success) {
        notify.success(r.message);
        onHide();
        onExito(r);
      } else {
        setErrores(r.errors ?? {});
        notify.warn(r.message);
        // A confirmation has nothing to correct: close it; a form stays open with its field errors.
        if (!conMotivos) onHide();
        onRechazo?.();
      }
    },
    onError: (e: Error) => {
      notify.error(mensajeError ?? e.message);
      if (!conMotivos) onHide();
      onRechazo?.();
    },
  });

  const guardar = () => {
    if (conMotivos) {
      const faltan: Errores = {};
      if (motivos.length === 0) faltan.MotivoCambioEstatus = [MSG.motivosRequeridos];
      if (!comentario.trim()) faltan.Comentario = [MSG.comentarioRequerido];
      setErrores(faltan);
      if (Object.keys(faltan).length > 0) return;
    }
    mutacion.mutate();
  };

  const errorMotivos = errorDe(errores, "MotivoCambioEstatus");
  const errorComentario = errorDe(errores, "Comentario");

  const pie = (
    <div className="rf-dialogo-pie">
      <Button
        type="button"
        label={etiquetaCancelar}
        icon="pi pi-times"
        outlined
        onClick={onHide}
        disabled={mutacion.isPending}
      />
      <Button type="button" label={etiquetaAceptar} icon="pi pi-check" onClick={guardar} loading={mutacion.isPending} />
    </div>
  );

  return (
    <Dialog
      header={titulo}
      visible={visible}
      onHide={() => {
        if (!mutacion.isPending) onHide();
      }}
      footer={pie}
      style={{ width: conMotivos ? "min(95vw, 640px)" : "min(95vw, 460px)" }}
      modal
      closable={!mutacion.isPending}
    >
      {props.modo === "confirmar" ? (
        <p className="rf-confirmacion">
          <i className="pi pi-exclamation-triangle" aria-hidden="true" />
          <span>{props.mensaje}</span>
        </p>
      ) : (
        <div className="rf-formulario">
          <div className="rf-campo">
            <label htmlFor={`${id}-motivos`}>
              Observaciones <span aria-hidden="true">*</span>
            </label>
            <MultiSelect
              inputId={`${id}-motivos`}
              value={motivos}
              options={opciones}
              onChange={(e) => {
                setMotivos(e.value as number[]);
                setErrores(({ MotivoCambioEstatus: _, ...resto }) => resto);
              }}
              placeholder="Seleccione las observaciones"
              maxSelectedLabels={5}
              selectedItemsLabel="{0} observaciones seleccionadas"
              emptyMessage={MSG.sinObservaciones}
              emptyFilterMessage={MSG.sinObservaciones}
              filter={opciones.length > 8}
              display="chip"
              loading={catalogo.isLoading}
              invalid={errorMotivos !== undefined}
              className="rf-ancho-completo"
              // aria-* props would land on the root div too; the combobox input is what needs them.
              pt={{
                input: {
                  "aria-required": true,
                  "aria-invalid": errorMotivos !== undefined,
                  "aria-describedby": errorMotivos ? `${id}-motivos-error` : undefined,
                },
              }}
              appendTo="self"
            />
            {errorMotivos && (
              <small id={`${id}-motivos-error`} className="rf-campo-error" role="alert">
                {errorMotivos}
              </small>
            )}
          </div>
          <div className="rf-campo">
            <label htmlFor={`${id}-comentario`}>
              Comentario <span aria-hidden="true">*</span>
            </label>
            <InputTextarea
              id={`${id}-comentario`}
              value={comentario}
              onChange={(e) => {
                setComentario(e.target.value);
                setErrores(({ Comentario: _, ...resto }) => resto);
              }}
              rows={5}
              maxLength={2000}
              autoResize
              invalid={errorComentario !== undefined}
              aria-required="true"
              aria-invalid={errorComentario !== undefined}
              aria-describedby={errorComentario ? `${id}-comentario-error` : undefined}
              className="rf-ancho-completo"
            />
            {errorComentario && (
              <small id={`${id}-comentario-error`} className="rf-campo-error" role="alert">
                {errorComentario}
              </small>
            )}
          </div>
        </div>
      )}
    </Dialog>
  );
}
