/**
 * 'Solicitud de inactivación de firma' (SPEC.md screen 12): the whole request or chosen active
 * officials, one evidence file (image or PDF up to 1,000,000 bytes) and the required justification.
 * A react-hook-form form checked with the API's schema before anything is asked; only a valid form
 * is then confirmed, with the officials named, and sent to SolicitudInactivar (106 → 203). The
 * server's field errors land under their fields; a refused form takes the focus to its first error.
 */
import {
  ESTATUS_FUNCIONARIO,
  type Funcionario,
  MAX_BYTES_EVIDENCIA,
  MSG,
  zInactivacionForm,
} from "@registro/contracts";
import { Button } from "primereact/button";
import { Checkbox } from "primereact/checkbox";
import { ConfirmDialog } from "primereact/confirmdialog";
import { RadioButton } from "primereact/radiobutton";
import { useState } from "react";
import { Controller } from "react-hook-form";
import { z } from "zod";
import { Dialogo } from "../../../components/Dialogo";
import { CampoAreaTexto, CampoDocumento } from "../../../components/formulario/controlados";
import { useFormulario } from "../../../components/formulario/use-formulario";
import { useFuncionariosSolicitud } from "../../../components/solicitud/api/get-funcionario-solicitud";
import { notify } from "../../../lib/toast";
import { useSolicitarInactivacion } from "../api/solicitar-inactivacion";

const nombreDe = (f: Funcionario) => `${f.nombres} ${f.apellidos}`;

/** The form's fields, named as the API names them; `Alcance` chooses the whole request or some officials. */
interface Formulario {
  Alcance: "todos" | "elegidos";
  Funcionarios: number[];
  Evidencia: File | null;
  Justificacion: string;
}
const CAMPOS = ["Funcionarios", "Evidencia", "Justificacion"] as const;

// The API's schema, the evidence, and at least one official when only some are deactivated.
const esquema = zInactivacionForm
  .extend({
    Alcance: z.enum(["todos", "elegidos"]),
    // A refinement, not z.custom's own check: that one aborts the object, and the choice of
    // officials below would then go unsaid until the evidence is attached.
    Evidencia: z.custom<File>().refine((v) => v instanceof File, MSG.evidenciaRequerida),
  })
  .refine((v) => v.Alcance !== "elegidos" || (v.Funcionarios?.length ?? 0) > 0, {
    path: ["Funcionarios"],
    message: MSG.funcionariosInactivarRequeridos,
    // Said together with the other fields' errors, not only once they are right.
    when: () => true,
  });

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

// biome-ignore lint/complexity/noExcessiveLinesPerFunction: one form (scope, officials, evidence, justification) whose fields show and hide with its own watched values.
function FormularioInactivacion({
  idSolicitud,
  onHide,
  onHecho,
}: {
  idSolicitud: number;
  onHide: () => void;
  onHecho?: () => void;
}) {
  const { control, handleSubmit, watch, contenedor, fallo, erroresServidor } = useFormulario<Formulario>({
    defaultValues: { Alcance: "todos", Funcionarios: [], Evidencia: null, Justificacion: "" },
    esquema,
    campos: CAMPOS,
  });
  /** The Sí/No question naming what will be deactivated, while it is asked. */
  const [pregunta, setPregunta] = useState<{ mensaje: string; valores: Formulario } | null>(null);
  const mut = useSolicitarInactivacion();
  const funcionarios = useFuncionariosSolicitud(idSolicitud);
  const activos = (funcionarios.data ?? []).filter((f) => f.idEstatus === ESTATUS_FUNCIONARIO.ACTIVO);
  const alcance = watch("Alcance");

  const preguntar = (v: Formulario) => {
    const ids = v.Alcance === "elegidos" ? v.Funcionarios : [];
    const nombres = activos.filter((f) => ids.includes(f.idFuncionario)).map(nombreDe);
    setPregunta({
      mensaje:
        ids.length > 0 ? MSG.confirmarSolicitarInactivacionFuncionarios(nombres) : MSG.confirmarSolicitarInactivacion,
      valores: { ...v, Funcionarios: ids },
    });
  };
  // The form is checked first: the confirmation is only asked for what can be sent.
  const guardar = handleSubmit(preguntar, () => {
    notify.warn(MSG.datosInvalidos);
    fallo();
  });

  const enviar = async (v: Formulario) => {
    try {
      const r = await mut.mutateAsync({
        id: idSolicitud,
        evidencia: v.Evidencia,
        justificacion: v.Justificacion.trim(),
        funcionarios: v.Funcionarios,
      });
      if (!r.success) {
        erroresServidor(r.errors);
        notify.warn(r.message);
        fallo();
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
      ref={contenedor}
      className="rfo-inactivar"
      noValidate
      onSubmit={(ev) => {
        ev.preventDefault();
        ev.stopPropagation();
        void guardar();
      }}
    >
      <p className="rfo-nota">
        Solicitud n.º <strong>{idSolicitud}</strong>. Adjunte la evidencia (una imagen o PDF de hasta 1,000,000 bytes) y
        explique el motivo de la inactivación.
      </p>
      <Controller
        control={control}
        name="Funcionarios"
        render={({ field, fieldState }) => {
          const error = fieldState.error?.message;
          return (
            <fieldset className="rfo-alcance" aria-describedby={error ? "inactivar-Funcionarios-error" : undefined}>
              <legend>¿Qué desea inactivar?</legend>
              <Controller
                control={control}
                name="Alcance"
                render={({ field: a }) => (
                  <>
                    <div className="rfo-opcion">
                      <RadioButton
                        inputId="inactivar-todos"
                        name="alcance"
                        value="todos"
                        checked={a.value === "todos"}
                        onChange={() => a.onChange("todos")}
                      />
                      <label htmlFor="inactivar-todos">Toda la solicitud</label>
                    </div>
                    <div className="rfo-opcion">
                      <RadioButton
                        inputId="inactivar-elegidos"
                        name="alcance"
                        value="elegidos"
                        checked={a.value === "elegidos"}
                        disabled={activos.length < 2}
                        onChange={() => a.onChange("elegidos")}
                      />
                      <label htmlFor="inactivar-elegidos">Solo los funcionarios que elija</label>
                    </div>
                  </>
                )}
              />
              {alcance === "elegidos" &&
                activos.map((f, i) => (
                  <div className="rfo-opcion rfo-opcion-funcionario" key={f.idFuncionario}>
                    <Checkbox
                      inputId={`inactivar-funcionario-${f.idFuncionario}`}
                      checked={field.value.includes(f.idFuncionario)}
                      onChange={(ev) =>
                        field.onChange(
                          ev.checked
                            ? [...field.value, f.idFuncionario]
                            : field.value.filter((x) => x !== f.idFuncionario),
                        )
                      }
                      // The first official takes the focus when none was chosen.
                      pt={{ input: { "aria-invalid": error && i === 0 ? true : undefined } }}
                    />
                    <label htmlFor={`inactivar-funcionario-${f.idFuncionario}`}>
                      {nombreDe(f)} ({f.cedula}), {f.cargoNombre}
                    </label>
                  </div>
                ))}
              {error && (
                <small id="inactivar-Funcionarios-error" className="p-error" role="alert">
                  {error}
                </small>
              )}
            </fieldset>
          );
        }}
      />
      <CampoDocumento
        control={control}
        name="Evidencia"
        id="inactivar-Evidencia"
        etiqueta="Evidencia"
        requerido
        maxBytes={MAX_BYTES_EVIDENCIA}
      />
      <CampoAreaTexto
        control={control}
        name="Justificacion"
        id="inactivar-Justificacion"
        etiqueta="Justificación"
        requerido
        rows={4}
        maxLength={2000}
      />
      <ConfirmDialog
        group="inactivacion"
        visible={pregunta !== null}
        onHide={() => setPregunta(null)}
        header="Solicitar inactivación"
        message={pregunta?.mensaje}
        icon="pi pi-exclamation-triangle"
        acceptLabel="Sí"
        rejectLabel="No"
        defaultFocus="accept"
        accept={() => {
          if (pregunta) void enviar(pregunta.valores);
        }}
      />
      <div className="rfo-acciones">
        <Button type="button" label="Cancelar" icon="pi pi-times" severity="secondary" outlined onClick={onHide} />
        <Button type="submit" label="Guardar" icon="pi pi-save" loading={mut.isPending} />
      </div>
    </form>
  );
}
