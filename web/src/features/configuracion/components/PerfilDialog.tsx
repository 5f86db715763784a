/**
 * Nuevo perfil / Editar perfil (SPEC.md screen 20): name, por defecto, description and the views
 * picked in a PickList (Disponibles / Seleccionados), each by the screen's name and its module (the
 * route's address only as a tooltip, and searchable). Switching on "Requiere segundo factor" says
 * that the profile's users must enrol one at their next sign-in. A react-hook-form
 * form checked with the API's own schema (a name and at least one view) before anything is sent;
 * the server's field errors land under their fields and a refused form takes the focus to its
 * first error. Only an unexpected failure reads 'Error 500. Error al realizar la operación.'.
 * A profile external users hold is offered only the views they can open (not VISTAS_INTERNAS): the
 * server refuses the others, and they would open on data refused to those users.
 */
import {
  MSG,
  nombreVistaUsuario,
  type Perfil,
  VISTAS_INTERNAS,
  type VistaDisponible,
  zPerfilCrearBody,
} from "@registro/contracts";
import { PickList } from "primereact/picklist";
import { useEffect, useMemo } from "react";
import { Controller } from "react-hook-form";
import { Dialogo } from "../../../components/Dialogo";
import { CampoAreaTexto, CampoInterruptor, CampoTexto } from "../../../components/formulario/controlados";
import { useFormulario } from "../../../components/formulario/use-formulario";
import { ApiError } from "../../../lib/api-client";
import { avisarFallo } from "../../../lib/query-client";
import { avisarRespuesta } from "../api/comun";
import { useCrearPerfil } from "../api/crear-perfil";
import { useEditarPerfil } from "../api/editar-perfil";
import { useVistas } from "../api/get-vistas";
import { PieDialogo } from "./PieDialogo";
import { PT_SWITCH } from "./pt";

const ID_PICKLIST = "perfil-vistas";

// The PickList bundle keeps its own copy of the locale, so its buttons would speak English.
const PT_PICKLIST = {
  moveToTargetButton: { root: { "aria-label": "Mover al objetivo" } },
  moveAllToTargetButton: { root: { "aria-label": "Mover todo al objetivo" } },
  moveToSourceButton: { root: { "aria-label": "Mover al origen" } },
  moveAllToSourceButton: { root: { "aria-label": "Mover todo al origen" } },
} as const;

/** The form's fields, named as the API names them; the views by id, in the order they were picked. */
interface Formulario {
  Nombre: string;
  Descripcion: string;
  PorDefecto: boolean;
  RequiereSegundoFactor: boolean;
  Vistas: number[];
}
const CAMPOS = [
  "Nombre",
  "Descripcion",
  "PorDefecto",
  "RequiereSegundoFactor",
  "Vistas",
] as const satisfies readonly (keyof Formulario)[];

const desdePerfil = (p: Perfil | null): Formulario => ({
  Nombre: p?.nombre ?? "",
  Descripcion: p?.descripcion ?? "",
  PorDefecto: p?.porDefecto ?? false,
  RequiereSegundoFactor: p?.requiereSegundoFactor ?? false,
  Vistas: p?.vistas.map((v) => v.idVista) ?? [],
});

export interface PerfilDialogProps {
  perfil: Perfil | null;
  visible: boolean;
  onHide: () => void;
}

/** A view as the lists show it: the screen's name (what users read), searchable with its module and address. */
type VistaEnLista = VistaDisponible & { pantalla: string };
const enLista = (v: VistaDisponible): VistaEnLista => ({ ...v, pantalla: nombreVistaUsuario(v.nombre) });

function VistaItem(v: VistaEnLista) {
  return (
    <div className="rfc-vista" title={v.url}>
      <span className="rfc-vista-nombre">{v.pantalla}</span>
      <span className="rfc-vista-modulo">Módulo {v.modulo}</span>
    </div>
  );
}

// biome-ignore lint/complexity/noExcessiveLinesPerFunction: the profile's fields and its views' pick list in the screen's order, each a few props of one `control`.
export function PerfilDialog({ perfil, visible, onHide }: PerfilDialogProps) {
  const vistas = useVistas(visible);
  const crear = useCrearPerfil();
  const editar = useEditarPerfil();
  const { control, handleSubmit, reset, watch, contenedor, fallo, erroresServidor } = useFormulario<Formulario>({
    defaultValues: desdePerfil(null),
    esquema: zPerfilCrearBody,
    campos: CAMPOS,
  });

  useEffect(() => {
    if (visible) reset(desdePerfil(perfil));
  }, [visible, perfil, reset]);

  const porId = useMemo(() => new Map((vistas.data ?? []).map((v) => [v.idVista, enLista(v)])), [vistas.data]);
  // Switched on here (it was off): the profile's users will be asked to enrol at their next sign-in.
  const avisoSegundoFactor = watch("RequiereSegundoFactor") && !perfil?.requiereSegundoFactor;

  // PrimeReact's PickList leaves its two lists and filter boxes without accessible names.
  useEffect(() => {
    if (!visible) return;
    const nombrar = (selector: string, nombre: string) => {
      for (const el of document.querySelectorAll(selector)) el.setAttribute("aria-label", nombre);
    };
    nombrar(`#${ID_PICKLIST}_source_list`, "Vistas disponibles");
    nombrar(`#${ID_PICKLIST}_target_list`, "Vistas seleccionadas");
    nombrar(`#${ID_PICKLIST} .p-picklist-source-wrapper .p-picklist-filter-input`, "Buscar en vistas disponibles");
    nombrar(`#${ID_PICKLIST} .p-picklist-target-wrapper .p-picklist-filter-input`, "Buscar en vistas seleccionadas");
  });

  const enviar = async (f: Formulario) => {
    try {
      const r = perfil ? await editar.mutateAsync({ ...f, idPerfil: perfil.idPerfil }) : await crear.mutateAsync(f);
      erroresServidor(r.errors);
      if (!avisarRespuesta(r)) return fallo();
      onHide();
    } catch (e) {
      // A profile deleted meanwhile answers 404 with its own message; anything else is unexpected.
      avisarFallo(e, e instanceof ApiError && e.status === 404 ? e.message : MSG.error500);
    }
  };

  const guardar = handleSubmit(enviar, fallo);
  const pie = (
    <PieDialogo guardando={crear.isPending || editar.isPending} onGuardar={() => void guardar()} onHide={onHide} />
  );

  return (
    <Dialogo
      header={perfil ? "Editar perfil" : "Nuevo perfil"}
      visible={visible}
      onHide={onHide}
      footer={pie}
      style={{ width: "60rem", maxWidth: "96vw" }}
      modal
    >
      <form
        ref={contenedor}
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void guardar();
        }}
      >
        <div className="rfo-grid rfo-grid-2">
          <CampoTexto control={control} name="Nombre" id="perfil-nombre" etiqueta="Nombre" requerido maxLength={100} />
          <CampoInterruptor
            control={control}
            name="PorDefecto"
            id="perfil-por-defecto"
            etiqueta="Por defecto"
            pt={PT_SWITCH}
          />
          <CampoInterruptor
            control={control}
            name="RequiereSegundoFactor"
            id="perfil-segundo-factor"
            etiqueta="Requiere segundo factor"
            pt={PT_SWITCH}
          />
        </div>
        <p className="rfc-nota" role="status">
          {avisoSegundoFactor && (
            <>
              <i className="pi pi-exclamation-triangle" aria-hidden="true" />{" "}
              {MSG.perfilSegundoFactorAviso(perfil?.cantUsuarios ?? 0)}
            </>
          )}
        </p>
        <CampoAreaTexto
          control={control}
          name="Descripcion"
          id="perfil-descripcion"
          etiqueta="Descripción"
          maxLength={500}
        />
        <Controller
          control={control}
          name="Vistas"
          render={({ field, fieldState }) => {
            const error = fieldState.error?.message;
            const elegidas = new Set(field.value);
            const seleccionadas = field.value.flatMap((id) => porId.get(id) ?? []);
            const externo = (perfil?.cantUsuariosExternos ?? 0) > 0;
            const disponibles = (vistas.data ?? [])
              .filter(
                (v) =>
                  !elegidas.has(v.idVista) && !(externo && (VISTAS_INTERNAS as readonly string[]).includes(v.nombre)),
              )
              .map(enLista);
            return (
              <fieldset className="rfo-panel rfc-permisos" aria-describedby={error ? "perfil-vistas-error" : undefined}>
                <legend>Permisos (vistas)</legend>
                {externo && <p className="rfc-nota">{MSG.perfilDeExternos}</p>}
                <PickList
                  id={ID_PICKLIST}
                  dataKey="idVista"
                  source={disponibles}
                  target={seleccionadas}
                  onChange={(e) => field.onChange((e.target as VistaDisponible[]).map((v) => v.idVista))}
                  itemTemplate={VistaItem}
                  sourceHeader="Disponibles"
                  targetHeader="Seleccionados"
                  filter
                  filterBy="pantalla,modulo,url"
                  sourceFilterPlaceholder="Buscar vista"
                  targetFilterPlaceholder="Buscar vista"
                  showSourceControls={false}
                  showTargetControls={false}
                  sourceStyle={{ height: "18rem" }}
                  targetStyle={{ height: "18rem" }}
                  breakpoint="720px"
                  pt={{
                    ...PT_PICKLIST,
                    // The refused form's focus goes to the list of views to pick from.
                    list: error ? { "aria-invalid": true, "aria-describedby": "perfil-vistas-error" } : {},
                  }}
                />
                {error && (
                  <small id="perfil-vistas-error" className="rfo-error">
                    {error}
                  </small>
                )}
              </fieldset>
            );
          }}
        />
      </form>
    </Dialogo>
  );
}
