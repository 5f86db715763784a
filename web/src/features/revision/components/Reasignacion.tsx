/**
 * Reassignment: "Liberar" for the reviewer who holds a request, and "Reasignar" for the
 * RyCC administrator on a held request in a reviewer stage — choosing one of that stage's active
 * users and writing the required comment. The server decides (workflow module); its refusals are
 * shown and the request is reloaded.
 */
import { type Errores, ESTATUS, MSG, type Solicitud } from "@registro/contracts";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { Button } from "primereact/button";
import { Dropdown } from "primereact/dropdown";
import { InputTextarea } from "primereact/inputtextarea";
import { useId, useState } from "react";
import { CLAVE_BANDEJA } from "../../../components/bandeja/tipos";
import { Dialogo } from "../../../components/Dialogo";
import { claveSolicitud } from "../../../components/solicitud/api/get-solicitud";
import { DecisionDialog } from "../../../components/solicitud/DecisionDialog";
import { notify } from "../../../lib/toast";
import { liberarSolicitud } from "../api/liberar";
import { reasignarSolicitud, useUsuariosEtapa } from "../api/reasignar";

const ETAPAS_REVISION: readonly number[] = [
  ESTATUS.ENVIADO,
  ESTATUS.RETORNADO_JURIDICO,
  ESTATUS.APROBADO_ANALISTA,
  ESTATUS.RETORNADO_RYCC,
];

function useRecargar(id: number) {
  const queryClient = useQueryClient();
  return () => {
    queryClient.invalidateQueries({ queryKey: claveSolicitud(id) });
    queryClient.invalidateQueries({ queryKey: [CLAVE_BANDEJA] });
  };
}

/** "Liberar" for the reviewer holding the request. */
export function BotonLiberar({
  solicitud,
  autoFocus,
  onFocus,
  onLiberada,
}: {
  solicitud: Solicitud;
  /** Takes focus when drawn: it replaced the Auto-Asignar button that had it. */
  autoFocus?: boolean;
  onFocus?: () => void;
  /** After the release went through (by default, the request and inboxes are read again). */
  onLiberada?: () => void;
}) {
  const [visible, setVisible] = useState(false);
  const recargar = useRecargar(solicitud.idSolicitud);
  return (
    <>
      <Button
        autoFocus={autoFocus}
        onFocus={onFocus}
        type="button"
        label="Liberar"
        icon="pi pi-user-minus"
        severity="secondary"
        outlined
        onClick={() => setVisible(true)}
      />
      <DecisionDialog
        visible={visible}
        modo="confirmar"
        titulo="Confirmación"
        mensaje={MSG.confirmarLiberar}
        etiquetaAceptar="Sí"
        etiquetaCancelar="No"
        mensajeError={MSG.errorLiberar}
        enviar={() => liberarSolicitud(solicitud.idSolicitud)}
        onHide={() => setVisible(false)}
        onExito={onLiberada ?? recargar}
        onRechazo={recargar}
      />
    </>
  );
}

/** Whether the administrator may reassign the request now: held, in a reviewer stage. */
export const puedeReasignarse = (s: Solicitud) => s.idAsignadoA !== null && ETAPAS_REVISION.includes(s.estatusSolitud);

/** "Reasignar" for the RyCC administrator, with its dialog. */
export function BotonReasignar({ solicitud }: { solicitud: Solicitud }) {
  const [visible, setVisible] = useState(false);
  if (!puedeReasignarse(solicitud)) return null;
  return (
    <>
      <Button
        type="button"
        label="Reasignar"
        icon="pi pi-users"
        severity="secondary"
        onClick={() => setVisible(true)}
      />
      {visible && <ReasignarDialog solicitud={solicitud} onHide={() => setVisible(false)} />}
    </>
  );
}

function ReasignarDialog({ solicitud, onHide }: { solicitud: Solicitud; onHide: () => void }) {
  const id = solicitud.idSolicitud;
  const usuarios = useUsuariosEtapa(id, true);
  const [idUsuario, setIdUsuario] = useState<number | null>(null);
  const [comentario, setComentario] = useState("");
  const [errores, setErrores] = useState<Errores>({});
  const recargar = useRecargar(id);
  const idUsuarioCampo = useId();
  const idComentario = useId();
  const enviar = useMutation({
    mutationFn: () => reasignarSolicitud(id, { IdUsuario: idUsuario, Comentario: comentario }),
    onSuccess: (r) => {
      if (r.success) {
        notify.success(r.message);
        onHide();
        recargar();
        return;
      }
      notify.warn(r.message);
      setErrores(r.errors ?? {});
      if (!r.errors) recargar();
    },
    onError: () => notify.error(MSG.errorReasignar),
  });
  const error = (campo: string) => errores[campo]?.[0];

  return (
    <Dialogo
      visible
      header="Reasignar solicitud"
      onHide={onHide}
      style={{ width: "min(34rem, 95vw)" }}
      footer={
        <>
          <Button type="button" label="Cancelar" severity="secondary" outlined onClick={onHide} />
          <Button type="button" label="Reasignar" loading={enviar.isPending} onClick={() => enviar.mutate()} />
        </>
      }
    >
      <p>
        Asignada actualmente a <strong>{solicitud.asignadoA}</strong>.
      </p>
      <div className="rf-campo">
        <label htmlFor={idUsuarioCampo}>Usuario</label>
        <Dropdown
          inputId={idUsuarioCampo}
          value={idUsuario}
          options={(usuarios.data ?? []).map((u) => ({ value: u.idUsuario, label: `${u.nombre} (${u.usuario})` }))}
          onChange={(e) => {
            setIdUsuario(e.value ?? null);
            setErrores(({ IdUsuario: _, ...resto }) => resto);
          }}
          placeholder={usuarios.isLoading ? "Cargando…" : "Seleccione el usuario"}
          emptyMessage="No hay otros usuarios activos en esta etapa."
          invalid={Boolean(error("IdUsuario"))}
          // The hidden native select and the focused root's active descendant stay away from assistive tech.
          pt={{ root: { "aria-activedescendant": undefined }, select: { "aria-hidden": true } }}
          aria-describedby={error("IdUsuario") ? `${idUsuarioCampo}-error` : undefined}
          className="w-full"
        />
        {error("IdUsuario") && (
          <small id={`${idUsuarioCampo}-error`} className="p-error">
            {error("IdUsuario")}
          </small>
        )}
      </div>
      <div className="rf-campo">
        <label htmlFor={idComentario}>Comentario</label>
        <InputTextarea
          id={idComentario}
          value={comentario}
          onChange={(e) => {
            setComentario(e.target.value);
            setErrores(({ Comentario: _, ...resto }) => resto);
          }}
          rows={4}
          maxLength={2000}
          invalid={Boolean(error("Comentario"))}
          aria-describedby={error("Comentario") ? `${idComentario}-error` : undefined}
          className="w-full"
        />
        {error("Comentario") && (
          <small id={`${idComentario}-error`} className="p-error">
            {error("Comentario")}
          </small>
        )}
      </div>
    </Dialogo>
  );
}
