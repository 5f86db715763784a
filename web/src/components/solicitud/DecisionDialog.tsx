/**
 * The decision dialog of every review screen (SPEC.md screen 9). In `confirmar` mode it asks for
 * confirmation ('Está seguro que desea aprobar esta solicitud?'); in `motivos` mode it asks for the
 * required reasons (MultiSelect 'Observaciones') and the required 'Comentario'. It sends the call,
 * shows the server's message (success toast and close, or warning toast with the field errors kept
 * under their fields) and tells the screen when the decision went through.
 *
 * Keyboard: with the Observaciones list open, Escape closes only the list, Tab moves on to
 * Comentario (Shift+Tab back to the field) and Alt+↑ closes the list without touching the chosen
 * reasons; the list opens below or above its field, inside the viewport. Closing a dialog with
 * reasons chosen or a comment typed asks first. Each decision offers only the reasons of its kind.
 */
import { type Errores, MSG } from "@registro/contracts";
import { useMutation } from "@tanstack/react-query";
import { Button } from "primereact/button";
import { ConfirmDialog } from "primereact/confirmdialog";
import { InputTextarea } from "primereact/inputtextarea";
import { MultiSelect } from "primereact/multiselect";
import { useEffect, useId, useMemo, useRef, useState } from "react";
import type { RespuestaAccion } from "../../lib/api-client";
import { notify } from "../../lib/toast";
import { PT_MULTISELECT } from "../formulario/campos";
import { type OrigenMotivos, useMotivos } from "./api/get-motivos";
import "./solicitud.css";
import { Dialogo } from "../Dialogo";

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
        /** The status this decision leads to (108, 204, 104, 103): only reasons of that kind are offered. */
        estatusMotivos: number;
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
  const [listaAbierta, setListaAbierta] = useState(false);
  const [preguntar, setPreguntar] = useState(false);
  const lista = useRef<MultiSelect>(null);
  const focoTrasLista = useRef<string | null>(null);

  useEffect(() => {
    if (visible) {
      setMotivos([]);
      setComentario("");
      setErrores({});
      setPreguntar(false);
    }
  }, [visible]);

  // While the list is open (from the moment it is drawn), these keys act on the list alone: caught
  // before the list and the dialog see them.
  useEffect(() => {
    if (!visible || !conMotivos) return;
    const teclas = (ev: KeyboardEvent) => {
      const esEscape = ev.key === "Escape";
      const tab = ev.key === "Tab";
      const altArriba = ev.altKey && ev.key === "ArrowUp";
      if (!esEscape && !tab && !altArriba) return;
      // The list's element outlives its closing (the exit animation, and the ref after it): only a
      // list still on the page and not closing counts as open, or Tab would never leave the field.
      const overlay = lista.current?.getOverlay();
      if (!lista.current || !overlay?.isConnected || overlay.className.includes("-exit")) return;
      ev.preventDefault();
      ev.stopImmediatePropagation();
      // The list takes the focus back to its field as it closes; Tab moves on after that.
      if (tab && !ev.shiftKey) focoTrasLista.current = `${id}-comentario`;
      lista.current.hide();
      lista.current.focus();
    };
    window.addEventListener("keydown", teclas, true);
    return () => window.removeEventListener("keydown", teclas, true);
  }, [visible, conMotivos, id]);

  const estatusMotivos = conMotivos ? props.estatusMotivos : null;
  const catalogo = useMotivos(conMotivos ? props.origenMotivos : "rycc", visible && conMotivos);
  const opciones = useMemo(
    () =>
      (catalogo.data ?? [])
        .filter((m) => m.activo && m.idEstatusProceso === estatusMotivos)
        .map((m) => ({ label: m.nombre, value: m.idMotivo })),
    [catalogo.data, estatusMotivos],
  );

  /** Cancelar, the close button and Escape: a dialog with reasons or a comment asks before discarding them. */
  const intentarCerrar = () => {
    if (mutacion.isPending) return;
    if (conMotivos && (motivos.length > 0 || comentario.trim() !== "")) setPreguntar(true);
    else onHide();
  };

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
              showSelectAll={false}
              pt={{
                ...PT_MULTISELECT,
                input: {
                  "aria-required": true,
                  "aria-invalid": errorMotivos !== undefined,
                  "aria-describedby": errorMotivos ? `${id}-motivos-error` : undefined,
                },
                // Each chosen reason's remove icon is a button named after the reason.
                removeTokenIcon: (o?: { context?: { value?: number } }) => ({
                  role: "button",
                  "aria-label": `Quitar ${opciones.find((x) => x.value === o?.context?.value)?.label ?? "observación"}`,
                }),
              }}
              ref={lista}
              onShow={() => setListaAbierta(true)}
              onHide={() => {
                setListaAbierta(false);
                const siguiente = focoTrasLista.current;
                focoTrasLista.current = null;
                if (siguiente) setTimeout(() => document.getElementById(siguiente)?.focus(), 0);
              }}
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
      <ConfirmDialog
        visible={preguntar}
        onHide={() => setPreguntar(false)}
        header="Confirmación"
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
