/**
 * The official dialog (SPEC.md screen 4): who the official is, which signatures they may sign, for
 * how long (Temporal with dates / Permanente) and up to how much (Limitado with USD amounts /
 * Ilimitado), and their four documents. Creates or edits one official; on edit only the documents
 * chosen are sent. A react-hook-form form checked with the API's schema (valores.ts); the server's
 * field errors, unprefixed or under `newfuncionario.`, land on the fields through `setError`.
 */
import { DOCUMENTOS, type Errores, type Funcionario, MAX_BYTES_DOCUMENTO, MSG } from "@registro/contracts";
import { Button } from "primereact/button";
import { Checkbox } from "primereact/checkbox";
import { InputTextarea } from "primereact/inputtextarea";
import { useMemo, useState } from "react";
import { Controller, useWatch } from "react-hook-form";
import type { RespuestaAccion } from "../../lib/api-client";
import { notify } from "../../lib/toast";
import { Dialogo } from "../Dialogo";
import { CampoCedula } from "../formulario/CampoCedula";
import { ariaError, Campo, ErrorCampo, PT_DROPDOWN } from "../formulario/campos";
import { CampoDocumento, CampoLista, CampoTexto } from "../formulario/controlados";
import { EntradaTelefono } from "../formulario/EntradaMascara";
import { useFormulario } from "../formulario/use-formulario";
import { useFuncionarioAdjuntos } from "../solicitud/api/get-funcionarios-adjuntos";
import { SIN_GRUPOS, useCargosFuncionario, useCatalogoFirmas } from "./api";
import { SeccionVigencia } from "./SeccionVigencia";
import {
  CAMPOS_FUNCIONARIO,
  cuerpoFuncionario,
  esquemaFuncionario,
  type ValoresFuncionario,
  valoresIniciales,
} from "./valores";

const OVERLAYS_ABIERTOS = ".p-overlaypanel, .p-multiselect-panel, .p-dropdown-panel";

/** SPEC.md §5: the official's field errors are keyed `newfuncionario.<Campo>` on the client. */
export const PREFIJO = "newfuncionario.";
const PREFIJOS = [PREFIJO];

export interface FuncionarioDialogProps {
  visible: boolean;
  onHide: () => void;
  idSolicitud: number;
  idIncumbente: number;
  idInstitucion: number;
  /** The official to edit, or null to add a new one. */
  funcionario: Funcionario | null;
  guardar: (datos: FormData, edicion: boolean) => Promise<RespuestaAccion>;
  onGuardado: () => void;
}

export function FuncionarioDialog(props: FuncionarioDialogProps) {
  const titulo = props.funcionario ? "Editar funcionario" : "Nuevo funcionario";
  return (
    <Dialogo
      header={titulo}
      visible={props.visible}
      onHide={props.onHide}
      style={{ width: "min(980px, 96vw)" }}
      modal
      draggable={false}
      blockScroll
    >
      {props.visible && <FormularioFuncionario key={props.funcionario?.idFuncionario ?? "nuevo"} {...props} />}
    </Dialogo>
  );
}

function FormularioFuncionario(props: FuncionarioDialogProps) {
  const { funcionario } = props;
  const [otros, setOtros] = useState<Errores>({});
  const [enviando, setEnviando] = useState(false);
  const cargos = useCargosFuncionario();
  const firmas = useCatalogoFirmas();
  const adjuntos = useFuncionarioAdjuntos(props.idSolicitud, funcionario?.idFuncionario ?? null);

  const guardados = useMemo(() => {
    const m = new Map<string, string>();
    for (const a of adjuntos.data ?? []) m.set(a.tipoAdjunto, a.nombre);
    return m;
  }, [adjuntos.data]);
  const esquema = useMemo(() => esquemaFuncionario(new Set(guardados.keys())), [guardados]);
  const { control, handleSubmit, setValue, setError, clearErrors, contenedor, fallo, erroresServidor } =
    useFormulario<ValoresFuncionario>({
      defaultValues: valoresIniciales(funcionario),
      esquema,
      campos: CAMPOS_FUNCIONARIO,
      prefijos: PREFIJOS,
    });
  const [nombres, apellidos] = useWatch({ control, name: ["Nombres", "Apellidos"] });

  const grupos = firmas.data ?? SIN_GRUPOS;
  const idc = (campo: string) => `${PREFIJO}${campo}`;

  const guardar = handleSubmit(
    async (valores) => {
      setEnviando(true);
      try {
        const r = await props.guardar(cuerpoFuncionario(valores, props), funcionario !== null);
        if (r.success) {
          setOtros({});
          notify.success(r.message || MSG.funcionarioGuardado);
          props.onGuardado();
        } else {
          setOtros(erroresServidor(r.errors));
          notify.warn(r.message);
          fallo();
        }
      } catch {
        notify.error(MSG.errorCargarFirmas);
      } finally {
        setEnviando(false);
      }
    },
    () => {
      notify.warn(MSG.datosInvalidos);
      fallo();
    },
  );

  return (
    <form
      ref={contenedor}
      className="rfo-funcionario"
      noValidate
      onSubmit={(ev) => {
        // The dialog is portalled out of the page's DOM but React still bubbles to a parent form.
        ev.stopPropagation();
        void guardar(ev);
      }}
      onKeyDown={(ev) => {
        // Escape closes an open date picker or list; it must not also close the dialog and lose the form.
        if (ev.key === "Escape" && document.querySelector(OVERLAYS_ABIERTOS)) ev.stopPropagation();
      }}
    >
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
          options={cargos.data ?? []}
          optionLabel="nombre"
          optionValue="id"
          placeholder="Seleccione un cargo"
          filter
          emptyMessage={MSG.sinRegistros}
          pt={PT_DROPDOWN}
        />
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
      </div>

      <SeccionVigencia control={control} idc={idc} grupos={grupos} />

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

      {Object.keys(otros).length > 0 && (
        <ul className="rfo-errores" aria-label="Otros errores">
          {Object.entries(otros).map(([k, v]) => (
            <li key={k}>
              <ErrorCampo id={`otro-${k}`} mensaje={v[0]} />
            </li>
          ))}
        </ul>
      )}

      <div className="rfo-acciones rfo-acciones-fijas">
        <Button
          type="button"
          label="Cancelar"
          icon="pi pi-times"
          severity="secondary"
          outlined
          onClick={props.onHide}
        />
        <Button type="submit" label="Guardar" icon="pi pi-save" loading={enviando} />
      </div>
    </form>
  );
}
