/**
 * 'Solicitud de inactivación de firma' (SPEC.md screen 12): the whole request or chosen active
 * officials, one evidence file (image or PDF up to 1,000,000 bytes) and the required justification,
 * confirmed with the officials named, sent to SolicitudInactivar (106 → 203).
 */
import {
  type Errores,
  ESTATUS_FUNCIONARIO,
  type Funcionario,
  MAX_BYTES_EVIDENCIA,
  MSG,
  zInactivacionForm,
} from "@registro/contracts";
import { Button } from "primereact/button";
import { Checkbox } from "primereact/checkbox";
import { ConfirmDialog } from "primereact/confirmdialog";
import { InputTextarea } from "primereact/inputtextarea";
import { RadioButton } from "primereact/radiobutton";
import { useState } from "react";
import { Dialogo } from "../../../components/Dialogo";
import { ariaError, Campo, CampoArchivo, erroresDeZod } from "../../../components/formulario/campos";
import { useFuncionariosSolicitud } from "../../../components/solicitud/api/get-funcionario-solicitud";
import { notify } from "../../../lib/toast";
import { useSolicitarInactivacion } from "../api/solicitar-inactivacion";

const nombreDe = (f: Funcionario) => `${f.nombres} ${f.apellidos}`;

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
  const [alcance, setAlcance] = useState<"todos" | "elegidos">("todos");
  const [elegidos, setElegidos] = useState<number[]>([]);
  const [errores, setErrores] = useState<Errores>({});
  /** The Sí/No question naming what will be deactivated, while it is asked. */
  const [pregunta, setPregunta] = useState<{ mensaje: string; ids: number[] } | null>(null);
  const mut = useSolicitarInactivacion();
  const funcionarios = useFuncionariosSolicitud(idSolicitud);
  const activos = (funcionarios.data ?? []).filter((f) => f.idEstatus === ESTATUS_FUNCIONARIO.ACTIVO);
  const err = (k: string) =>
    Object.entries(errores).find(([c]) => c.toLowerCase() === k.toLowerCase())?.[1]?.[0] ?? undefined;

  const guardar = async () => {
    const r0 = zInactivacionForm.safeParse({ Justificacion: justificacion });
    const locales: Errores = r0.success ? {} : erroresDeZod(r0.error.issues);
    if (!evidencia) locales.Evidencia = [MSG.evidenciaRequerida];
    if (alcance === "elegidos" && elegidos.length === 0) locales.Funcionarios = [MSG.funcionariosInactivarRequeridos];
    if (Object.keys(locales).length > 0) {
      setErrores(locales);
      notify.warn(MSG.datosInvalidos);
      return;
    }
    const ids = alcance === "elegidos" ? elegidos : [];
    const nombres = activos.filter((f) => ids.includes(f.idFuncionario)).map(nombreDe);
    setPregunta({
      mensaje:
        ids.length > 0 ? MSG.confirmarSolicitarInactivacionFuncionarios(nombres) : MSG.confirmarSolicitarInactivacion,
      ids,
    });
  };

  const enviar = async (funcionariosElegidos: number[]) => {
    try {
      const r = await mut.mutateAsync({
        id: idSolicitud,
        evidencia,
        justificacion: justificacion.trim(),
        funcionarios: funcionariosElegidos,
      });
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
      <fieldset
        className="rfo-alcance"
        aria-describedby={err("Funcionarios") ? "inactivar-Funcionarios-error" : undefined}
      >
        <legend>¿Qué desea inactivar?</legend>
        <div className="rfo-opcion">
          <RadioButton
            inputId="inactivar-todos"
            name="alcance"
            value="todos"
            checked={alcance === "todos"}
            onChange={() => setAlcance("todos")}
          />
          <label htmlFor="inactivar-todos">Toda la solicitud</label>
        </div>
        <div className="rfo-opcion">
          <RadioButton
            inputId="inactivar-elegidos"
            name="alcance"
            value="elegidos"
            checked={alcance === "elegidos"}
            disabled={activos.length < 2}
            onChange={() => setAlcance("elegidos")}
          />
          <label htmlFor="inactivar-elegidos">Solo los funcionarios que elija</label>
        </div>
        {alcance === "elegidos" &&
          activos.map((f) => (
            <div className="rfo-opcion rfo-opcion-funcionario" key={f.idFuncionario}>
              <Checkbox
                inputId={`inactivar-funcionario-${f.idFuncionario}`}
                checked={elegidos.includes(f.idFuncionario)}
                onChange={(ev) => {
                  setElegidos((l) => (ev.checked ? [...l, f.idFuncionario] : l.filter((x) => x !== f.idFuncionario)));
                  setErrores(({ Funcionarios: _, ...resto }) => resto);
                }}
              />
              <label htmlFor={`inactivar-funcionario-${f.idFuncionario}`}>
                {nombreDe(f)} ({f.cedula}), {f.cargoNombre}
              </label>
            </div>
          ))}
        {err("Funcionarios") && (
          <small id="inactivar-Funcionarios-error" className="p-error" role="alert">
            {err("Funcionarios")}
          </small>
        )}
      </fieldset>
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
      <ConfirmDialog
        group="inactivacion"
        visible={pregunta !== null}
        onHide={() => setPregunta(null)}
        header="Confirmación"
        message={pregunta?.mensaje}
        icon="pi pi-exclamation-triangle"
        acceptLabel="Sí"
        rejectLabel="No"
        defaultFocus="accept"
        accept={() => {
          if (pregunta) void enviar(pregunta.ids);
        }}
      />
      <div className="rfo-acciones">
        <Button type="button" label="Cancelar" icon="pi pi-times" severity="secondary" outlined onClick={onHide} />
        <Button type="submit" label="Guardar" icon="pi pi-save" loading={mut.isPending} />
      </div>
    </form>
  );
}
