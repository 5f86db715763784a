/**
 * The parts of the official dialog's form (FuncionarioDialog.tsx): who the official is, the
 * comment, the four documents and what the server refused that names no field. Each reads the
 * form through its `control`; the ids are the API's field names under `newfuncionario.` (`idc`).
 */
import { type CargoOpcion, DOCUMENTOS, type Errores, MAX_BYTES_DOCUMENTO, MSG } from "@registro/contracts";
import { Checkbox } from "primereact/checkbox";
import { InputTextarea } from "primereact/inputtextarea";
import {
  type Control,
  Controller,
  type UseFormClearErrors,
  type UseFormSetError,
  type UseFormSetValue,
  useWatch,
} from "react-hook-form";
import { notify } from "../../lib/toast";
import { CampoCedula } from "../formulario/CampoCedula";
import { ariaError, Campo, ErrorCampo, PT_DROPDOWN } from "../formulario/campos";
import { CampoDocumento, CampoLista, CampoTexto } from "../formulario/controlados";
import { EntradaTelefono } from "../formulario/EntradaMascara";
import type { ValoresFuncionario } from "./valores";

interface Parte {
  control: Control<ValoresFuncionario>;
  /** A field's id: its API name under `newfuncionario.`. */
  idc: (campo: string) => string;
}

/** Cédula (with the padrón look-up filling the names), names, position, phone and "Firma digital". */
export function SeccionPersona({
  control,
  idc,
  cargos,
  setValue,
  setError,
  clearErrors,
}: Parte & {
  cargos: CargoOpcion[] | undefined;
  setValue: UseFormSetValue<ValoresFuncionario>;
  setError: UseFormSetError<ValoresFuncionario>;
  clearErrors: UseFormClearErrors<ValoresFuncionario>;
}) {
  const [nombres, apellidos] = useWatch({ control, name: ["Nombres", "Apellidos"] });
  return (
    <div className="rfo-grid rfo-grid-3">
      <Controller
        control={control}
        name="Cedula"
        render={({ field, fieldState }) => (
          <Campo id={idc("Cedula")} etiqueta="Cédula" requerido error={fieldState.error?.message}>
            <CampoCedula
              id={idc("Cedula")}
              value={field.value}
              onChange={field.onChange}
              nombres={{ nombres, apellidos }}
              onNombres={(n) => {
                setValue("Nombres", n.nombres);
                setValue("Apellidos", n.apellidos);
                if (n.nombres || n.apellidos) clearErrors(["Nombres", "Apellidos"]);
              }}
              onErrorCedula={(m) => (m ? setError("Cedula", { type: "padron", message: m }) : clearErrors("Cedula"))}
              onFallo={() => notify.error(MSG.errorCargarPersona)}
              error={fieldState.error?.message}
            />
          </Campo>
        )}
      />
      <CampoTexto control={control} name="Nombres" id={idc("Nombres")} etiqueta="Nombres" requerido maxLength={100} />
      <CampoTexto
        control={control}
        name="Apellidos"
        id={idc("Apellidos")}
        etiqueta="Apellidos"
        requerido
        maxLength={100}
      />
      <CampoLista
        control={control}
        name="CodCargo"
        id={idc("CodCargo")}
        etiqueta="Cargo"
        requerido
        options={cargos ?? []}
        optionLabel="nombre"
        optionValue="id"
        placeholder="Seleccione un cargo"
        filter
        emptyMessage={MSG.sinRegistros}
        pt={PT_DROPDOWN}
      />
      <CampoTelefono control={control} idc={idc} />
      <CampoFirmaDigital control={control} idc={idc} />
    </div>
  );
}

export function CampoComentario({ control, idc }: Parte) {
  return (
    <Controller
      control={control}
      name="Comentario"
      render={({ field, fieldState }) => (
        <Campo id={idc("Comentario")} etiqueta="Comentario" error={fieldState.error?.message}>
          <InputTextarea
            id={idc("Comentario")}
            ref={field.ref}
            value={field.value}
            rows={2}
            maxLength={2000}
            autoResize
            onChange={(ev) => field.onChange(ev.target.value)}
            onBlur={field.onBlur}
            {...ariaError(idc("Comentario"), fieldState.error?.message)}
          />
        </Campo>
      )}
    />
  );
}

/** The four documents; on edit, the name of each one stored. */
export function SeccionDocumentos({ control, idc, guardados }: Parte & { guardados: ReadonlyMap<string, string> }) {
  return (
    <fieldset className="rfo-panel">
      <legend>Documentos del funcionario</legend>
      <div className="rfo-grid rfo-grid-2">
        {DOCUMENTOS.map((d) => (
          <CampoDocumento
            key={d.campo}
            control={control}
            name={d.campo}
            id={idc(d.campo)}
            etiqueta={d.etiqueta}
            requerido
            maxBytes={MAX_BYTES_DOCUMENTO}
            nombreGuardado={guardados.get(d.tipo)}
          />
        ))}
      </div>
    </fieldset>
  );
}

/** What the server refused that names no field of the form, listed above the buttons. */
export function OtrosErrores({ otros }: { otros: Errores }) {
  if (Object.keys(otros).length === 0) return null;
  return (
    <ul className="rfo-errores" aria-label="Otros errores">
      {Object.entries(otros).map(([k, v]) => (
        <li key={k}>
          <ErrorCampo id={`otro-${k}`} mensaje={v[0]} />
        </li>
      ))}
    </ul>
  );
}

function CampoTelefono({ control, idc }: Parte) {
  return (
    <Controller
      control={control}
      name="Telefono"
      render={({ field, fieldState }) => (
        <Campo id={idc("Telefono")} etiqueta="Teléfono" requerido error={fieldState.error?.message}>
          <EntradaTelefono
            id={idc("Telefono")}
            ref={field.ref}
            value={field.value}
            onChange={field.onChange}
            onBlur={field.onBlur}
            aria-required
            invalid={!!fieldState.error}
            {...ariaError(idc("Telefono"), fieldState.error?.message)}
          />
        </Campo>
      )}
    />
  );
}

function CampoFirmaDigital({ control, idc }: Parte) {
  return (
    <Controller
      control={control}
      name="ffirmaDigital"
      render={({ field }) => (
        <div className="rfo-campo rfo-check">
          <Checkbox
            inputId={idc("ffirmaDigital")}
            checked={field.value}
            onChange={(ev) => field.onChange(!!ev.checked)}
          />
          <label htmlFor={idc("ffirmaDigital")}>Firma digital</label>
        </div>
      )}
    />
  );
}
