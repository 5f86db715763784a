/**
 * The official dialog (SPEC.md screen 4): who the official is, which signatures they may sign, for
 * how long (Temporal with dates / Permanente) and up to how much (Limitado with USD amounts /
 * Ilimitado), and their four documents. Creates or edits one official; on edit only the documents
 * chosen are sent. A react-hook-form form checked with the API's schema (valores.ts); the server's
 * field errors, unprefixed or under `newfuncionario.`, land on the fields through `setError`.
 */
import { type Errores, type Funcionario, MSG } from "@registro/contracts";
import { Button } from "primereact/button";
import { type KeyboardEvent, useMemo, useState } from "react";
import type { RespuestaAccion } from "../../lib/api-client";
import { notify } from "../../lib/toast";
import { Dialogo } from "../Dialogo";
import { useFormulario } from "../formulario/use-formulario";
import { useFuncionarioAdjuntos } from "../solicitud/api/get-funcionarios-adjuntos";
import { SIN_GRUPOS, useCargosFuncionario, useCatalogoFirmas } from "./api";
import { CampoComentario, OtrosErrores, SeccionDocumentos, SeccionPersona } from "./SeccionesFuncionario";
import { SeccionVigencia } from "./SeccionVigencia";
import {
  CAMPOS_FUNCIONARIO,
  cuerpoFuncionario,
  esquemaFuncionario,
  type ValoresFuncionario,
  valoresIniciales,
} from "./valores";

const OVERLAYS_ABIERTOS = ".p-overlaypanel, .p-multiselect-panel, .p-dropdown-panel";

/** Escape closes an open date picker or list; it must not also close the dialog and lose the form. */
function soloElDesplegable(ev: KeyboardEvent<HTMLFormElement>) {
  if (ev.key === "Escape" && document.querySelector(OVERLAYS_ABIERTOS)) ev.stopPropagation();
}

/** SPEC.md §5: the official's field errors are keyed `newfuncionario.<Campo>` on the client. */
export const PREFIJO = "newfuncionario.";
const PREFIJOS = [PREFIJO];
const idc = (campo: string) => `${PREFIJO}${campo}`;

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
      onKeyDown={soloElDesplegable}
    >
      <SeccionPersona
        control={control}
        idc={idc}
        cargos={cargos.data}
        setValue={setValue}
        setError={setError}
        clearErrors={clearErrors}
      />

      <SeccionVigencia control={control} idc={idc} grupos={firmas.data ?? SIN_GRUPOS} />

      <CampoComentario control={control} idc={idc} />
      <SeccionDocumentos control={control} idc={idc} guardados={guardados} />
      <OtrosErrores otros={otros} />

      <AccionesFuncionario onHide={props.onHide} enviando={enviando} />
    </form>
  );
}

function AccionesFuncionario({ onHide, enviando }: { onHide: () => void; enviando: boolean }) {
  return (
    <div className="rfo-acciones rfo-acciones-fijas">
      <Button type="button" label="Cancelar" icon="pi pi-times" severity="secondary" outlined onClick={onHide} />
      <Button type="submit" label="Guardar" icon="pi pi-save" loading={enviando} />
    </div>
  );
}
