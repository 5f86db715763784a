/**
 * Reassignment: "Liberar" for the reviewer who holds a request, and "Reasignar" for the
 * RyCC administrator on a held request in a reviewer stage — choosing one of that stage's active
 * users and writing the required comment (a react-hook-form form checked before it is sent, the
 * focus on its first error). The server decides (workflow module); its field errors land under
 * their fields, its other refusals are shown and the request is reloaded.
 */
import { ESTATUS, MSG, type Solicitud, zReasignarBody } from "@registro/contracts";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { Button } from "primereact/button";
import { Dropdown } from "primereact/dropdown";
import { InputTextarea } from "primereact/inputtextarea";
import { useId, useState } from "react";
import { Controller } from "react-hook-form";
import { CLAVE_BANDEJA } from "../../../components/bandeja/tipos";
import { Dialogo } from "../../../components/Dialogo";
import { useFormulario } from "../../../components/formulario/use-formulario";
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
        titulo="Liberar solicitud"
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

/** The form's fields, named as the API names them. */
interface Formulario {
  IdUsuario: number | undefined;
  Comentario: string;
}
const CAMPOS = ["IdUsuario", "Comentario"] as const;

// The API's schema, and the service's rules: a user to hand it to and a comment.
const esquema = zReasignarBody.superRefine((b, ctx) => {
  if (b.IdUsuario === undefined)
    ctx.addIssue({ code: "custom", path: ["IdUsuario"], message: MSG.usuarioDestinoRequerido });
  if (!b.Comentario) ctx.addIssue({ code: "custom", path: ["Comentario"], message: MSG.comentarioRequerido });
});

// biome-ignore lint/complexity/noExcessiveLinesPerFunction: one form (user and comment) and its footer, with the stage's users loaded for it.
function ReasignarDialog({ solicitud, onHide }: { solicitud: Solicitud; onHide: () => void }) {
  const id = solicitud.idSolicitud;
  const usuarios = useUsuariosEtapa(id, true);
  const { control, handleSubmit, contenedor, fallo, erroresServidor } = useFormulario<Formulario, HTMLDivElement>({
    defaultValues: { IdUsuario: undefined, Comentario: "" },
    esquema,
    campos: CAMPOS,
  });
  const recargar = useRecargar(id);
  const idUsuarioCampo = useId();
  const idComentario = useId();
  const enviar = useMutation({
    mutationFn: (f: Formulario) => reasignarSolicitud(id, { IdUsuario: f.IdUsuario ?? null, Comentario: f.Comentario }),
    onSuccess: (r) => {
      if (r.success) {
        notify.success(r.message);
        onHide();
        recargar();
        return;
      }
      notify.warn(r.message);
      const otros = erroresServidor(r.errors);
      if (r.errors && Object.keys(otros).length < Object.keys(r.errors).length) fallo();
      if (!r.errors) recargar();
    },
    onError: () => notify.error(MSG.errorReasignar),
  });
  const reasignar = handleSubmit((f) => enviar.mutate(f), fallo);

  return (
    <Dialogo
      visible
      header="Reasignar solicitud"
      onHide={onHide}
      style={{ width: "min(34rem, 95vw)" }}
      footer={
        <>
          <Button type="button" label="Cancelar" severity="secondary" outlined onClick={onHide} />
          <Button type="button" label="Reasignar" loading={enviar.isPending} onClick={() => void reasignar()} />
        </>
      }
    >
      <div ref={contenedor}>
        <p>
          Asignada actualmente a <strong>{solicitud.asignadoA}</strong>.
        </p>
        <Controller
          control={control}
          name="IdUsuario"
          render={({ field, fieldState }) => {
            const error = fieldState.error?.message;
            return (
              <div className="rf-campo">
                <label htmlFor={idUsuarioCampo}>Usuario</label>
                <Dropdown
                  inputId={idUsuarioCampo}
                  value={field.value ?? null}
                  options={(usuarios.data ?? []).map((u) => ({
                    value: u.idUsuario,
                    label: `${u.nombre} (${u.usuario})`,
                  }))}
                  onChange={(e) => field.onChange(e.value ?? undefined)}
                  placeholder={usuarios.isLoading ? "Cargando…" : "Seleccione el usuario"}
                  emptyMessage="No hay otros usuarios activos en esta etapa."
                  invalid={Boolean(error)}
                  // The hidden native select and the focused root's active descendant stay away from
                  // assistive tech; the focusable input carries the field's state.
                  pt={{
                    root: { "aria-activedescendant": undefined },
                    select: { "aria-hidden": true },
                    input: { "aria-invalid": error ? true : undefined },
                  }}
                  aria-describedby={error ? `${idUsuarioCampo}-error` : undefined}
                  className="w-full"
                />
                {error && (
                  <small id={`${idUsuarioCampo}-error`} className="p-error">
                    {error}
                  </small>
                )}
              </div>
            );
          }}
        />
        <Controller
          control={control}
          name="Comentario"
          render={({ field, fieldState }) => {
            const error = fieldState.error?.message;
            return (
              <div className="rf-campo">
                <label htmlFor={idComentario}>Comentario</label>
                <InputTextarea
                  id={idComentario}
                  ref={field.ref}
                  value={field.value}
                  onChange={(e) => field.onChange(e.target.value)}
                  onBlur={field.onBlur}
                  rows={4}
                  maxLength={2000}
                  invalid={Boolean(error)}
                  aria-invalid={error ? true : undefined}
                  aria-describedby={error ? `${idComentario}-error` : undefined}
                  className="w-full"
                />
                {error && (
                  <small id={`${idComentario}-error`} className="p-error">
                    {error}
                  </small>
                )}
              </div>
            );
          }}
        />
      </div>
    </Dialogo>
  );
}
