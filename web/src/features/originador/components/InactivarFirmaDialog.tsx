/**
 * 'Solicitud de inactivación de firma' (SPEC.md screen 12): one evidence file (image or PDF up to
 * 1,000,000 bytes) and the required justification, sent to SolicitudInactivar (106 → 203).
 */
import { type Errores, MAX_BYTES_EVIDENCIA, MSG, zInactivacionForm } from "@registro/contracts";
import { Button } from "primereact/button";
import { InputTextarea } from "primereact/inputtextarea";
import { useState } from "react";
import { Dialogo } from "../../../components/Dialogo";
import { ariaError, Campo, CampoArchivo, erroresDeZod } from "../../../components/formulario/campos";
import { notify } from "../../../lib/toast";
import { useSolicitarInactivacion } from "../api/solicitar-inactivacion";

export interface InactivarFirmaDialogProps {
  /** The active request to deactivate, or null when closed. */
  idSolicitud: number | null;
  onHide: () => void;
  onHecho?: () => void;
}

export function InactivarFirmaDialog({ idSolicitud, onHide, onHecho }: InactivarFirmaDialogProps) {
  return (
    <Dialogo
      header="Solicitud de inactivación de firma"
      visible={idSolicitud !== null}
      onHide={onHide}
      style={{ width: "min(640px, 96vw)" }}
      modal
      draggable={false}
    >
      {idSolicitud !== null && (
        <FormularioInactivacion key={idSolicitud} idSolicitud={idSolicitud} onHide={onHide} onHecho={onHecho} />
      )}
    </Dialogo>
  );
}

function FormularioInactivacion({
  idSolicitud,
  onHide,
  onHecho,
}: {
  idSolicitud: number;
  onHide: () => void;
  onHecho?: () => void;
}) {
  const [evidencia, setEvidencia] = useState<File | null>(null);
  const [justificacion, setJustificacion] = useState("");
  const [errores, setErrores] = useState<Errores>({});
  const mut = useSolicitarInactivacion();
  const err = (k: string) =>
    Object.entries(errores).find(([c]) => c.toLowerCase() === k.toLowerCase())?.[1]?.[0] ?? undefined;

  const guardar = async () => {
    const r0 = zInactivacionForm.safeParse({ Justificacion: justificacion });
    const locales: Errores = r0.success ? {} : erroresDeZod(r0.error.issues);
    if (!evidencia) locales.Evidencia = [MSG.evidenciaRequerida];
    if (Object.keys(locales).length > 0) {
      setErrores(locales);
      notify.warn(MSG.datosInvalidos);
      return;
    }
    try {
      const r = await mut.mutateAsync({ id: idSolicitud, evidencia, justificacion: justificacion.trim() });
      if (!r.success) {
        setErrores(r.errors ?? {});
        notify.warn(r.message);
        return;
      }
      notify.success(r.message || MSG.inactivacionSolicitada);
      onHide();
      onHecho?.();
    } catch (ex) {
      notify.error(ex instanceof Error ? ex.message : MSG.errorDesconocido);
    }
  };

  return (
    <form
      noValidate
      onSubmit={(ev) => {
        ev.preventDefault();
        ev.stopPropagation();
        void guardar();
      }}
    >
      <p className="rfo-nota">
        Solicitud No. <strong>{idSolicitud}</strong>. Adjunte la evidencia (una imagen o PDF de hasta 1.000.000 bytes) y
        explique el motivo de la inactivación.
      </p>
      <CampoArchivo
        id="inactivar-Evidencia"
        etiqueta="Evidencia"
        requerido
        maxBytes={MAX_BYTES_EVIDENCIA}
        archivo={evidencia}
        onChange={setEvidencia}
        onError={(m) =>
          setErrores((s) => {
            const n = { ...s };
            if (m) n.Evidencia = [m];
            else delete n.Evidencia;
            return n;
          })
        }
        error={err("Evidencia")}
      />
      <Campo id="inactivar-Justificacion" etiqueta="Justificación" requerido error={err("Justificacion")}>
        <InputTextarea
          id="inactivar-Justificacion"
          value={justificacion}
          rows={4}
          maxLength={2000}
          autoResize
          aria-required
          onChange={(ev) => {
            setJustificacion(ev.target.value);
            setErrores(({ Justificacion: _, ...resto }) => resto);
          }}
          invalid={!!err("Justificacion")}
          {...ariaError("inactivar-Justificacion", err("Justificacion"))}
        />
      </Campo>
      <div className="rfo-acciones">
        <Button type="button" label="Cancelar" icon="pi pi-times" severity="secondary" outlined onClick={onHide} />
        <Button type="submit" label="Guardar" icon="pi pi-save" loading={mut.isPending} />
      </div>
    </form>
  );
}
