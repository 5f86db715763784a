/**
 * Nuevo perfil / Editar perfil (SPEC.md screen 20): name, por defecto, description and the views
 * picked in a PickList (Disponibles / Seleccionados, each with its name and url). Server messages
 * show as they come; only an unexpected failure reads 'Error 500. Error al realizar la operación.'.
 */
import { type Errores, MSG, nombreVistaUsuario, type Perfil, type VistaDisponible } from "@registro/contracts";
import { InputSwitch } from "primereact/inputswitch";
import { InputText } from "primereact/inputtext";
import { InputTextarea } from "primereact/inputtextarea";
import { PickList } from "primereact/picklist";
import { useEffect, useState } from "react";
import { Dialogo } from "../../../components/Dialogo";
import { ariaError, Campo, errorDe } from "../../../components/formulario/campos";
import { ApiError } from "../../../lib/api-client";
import { notify } from "../../../lib/toast";
import { avisarRespuesta, sinErrores } from "../api/comun";
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

export interface PerfilDialogProps {
  perfil: Perfil | null;
  visible: boolean;
  onHide: () => void;
}

function VistaItem(v: VistaDisponible) {
  return (
    <div className="rfc-vista">
      <span className="rfc-vista-nombre">{nombreVistaUsuario(v.nombre)}</span>
      <span className="rfc-vista-url">{v.url}</span>
    </div>
  );
}

export function PerfilDialog({ perfil, visible, onHide }: PerfilDialogProps) {
  const vistas = useVistas(visible);
  const crear = useCrearPerfil();
  const editar = useEditarPerfil();
  const [nombre, setNombre] = useState("");
  const [descripcion, setDescripcion] = useState("");
  const [porDefecto, setPorDefecto] = useState(false);
  const [requiereSegundoFactor, setRequiereSegundoFactor] = useState(false);
  const [disponibles, setDisponibles] = useState<VistaDisponible[]>([]);
  const [seleccionadas, setSeleccionadas] = useState<VistaDisponible[]>([]);
  const [errores, setErrores] = useState<Errores>({});

  useEffect(() => {
    if (!visible) return;
    setNombre(perfil?.nombre ?? "");
    setDescripcion(perfil?.descripcion ?? "");
    setPorDefecto(perfil?.porDefecto ?? false);
    setRequiereSegundoFactor(perfil?.requiereSegundoFactor ?? false);
    setErrores({});
  }, [visible, perfil]);

  useEffect(() => {
    if (!visible || !vistas.data) return;
    const elegidas = new Set(perfil?.vistas.map((v) => v.idVista));
    setSeleccionadas(vistas.data.filter((v) => elegidas.has(v.idVista)));
    setDisponibles(vistas.data.filter((v) => !elegidas.has(v.idVista)));
  }, [visible, vistas.data, perfil]);

  const error = (...claves: string[]) => errorDe(errores, ...claves);

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

  const guardar = async () => {
    const cuerpo = {
      Nombre: nombre,
      Descripcion: descripcion,
      PorDefecto: porDefecto,
      RequiereSegundoFactor: requiereSegundoFactor,
      Vistas: seleccionadas.map((v) => v.idVista),
    };
    try {
      const r = perfil
        ? await editar.mutateAsync({ ...cuerpo, idPerfil: perfil.idPerfil })
        : await crear.mutateAsync(cuerpo);
      setErrores(r.errors ?? {});
      if (avisarRespuesta(r)) onHide();
    } catch (e) {
      if (e instanceof ApiError && e.status === 401) return;
      // A profile deleted meanwhile answers 404 with its own message; anything else is unexpected.
      notify.error(e instanceof ApiError && e.status === 404 ? e.message : MSG.error500);
    }
  };

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
      <div className="rfo-grid rfo-grid-2">
        <Campo id="perfil-nombre" etiqueta="Nombre" requerido error={error("Nombre")}>
          <InputText
            id="perfil-nombre"
            value={nombre}
            maxLength={100}
            onChange={(e) => {
              setNombre(e.target.value);
              setErrores((x) => sinErrores(x, "Nombre"));
            }}
            invalid={!!error("Nombre")}
            {...ariaError("perfil-nombre", error("Nombre"))}
          />
        </Campo>
        <div className="rfo-campo rfo-check">
          <InputSwitch
            inputId="perfil-por-defecto"
            checked={porDefecto}
            onChange={(e) => setPorDefecto(e.value)}
            pt={PT_SWITCH}
          />
          <label htmlFor="perfil-por-defecto">Por defecto</label>
        </div>
        <div className="rfo-campo rfo-check">
          <InputSwitch
            inputId="perfil-segundo-factor"
            checked={requiereSegundoFactor}
            onChange={(e) => setRequiereSegundoFactor(e.value)}
            pt={PT_SWITCH}
          />
          <label htmlFor="perfil-segundo-factor">Requiere segundo factor</label>
        </div>
      </div>
      <Campo id="perfil-descripcion" etiqueta="Descripción" error={error("Descripcion")}>
        <InputTextarea
          id="perfil-descripcion"
          value={descripcion}
          rows={2}
          maxLength={500}
          autoResize
          onChange={(e) => setDescripcion(e.target.value)}
          {...ariaError("perfil-descripcion", error("Descripcion"))}
        />
      </Campo>
      <fieldset
        className="rfo-panel rfc-permisos"
        aria-describedby={error("Vistas") ? "perfil-vistas-error" : undefined}
      >
        <legend>Permisos (vistas)</legend>
        <PickList
          id={ID_PICKLIST}
          dataKey="idVista"
          source={disponibles}
          target={seleccionadas}
          onChange={(e) => {
            setDisponibles(e.source);
            setSeleccionadas(e.target);
            setErrores((x) => sinErrores(x, "Vistas"));
          }}
          itemTemplate={VistaItem}
          sourceHeader="Disponibles"
          targetHeader="Seleccionados"
          filter
          filterBy="nombre,url"
          sourceFilterPlaceholder="Buscar vista"
          targetFilterPlaceholder="Buscar vista"
          showSourceControls={false}
          showTargetControls={false}
          sourceStyle={{ height: "18rem" }}
          targetStyle={{ height: "18rem" }}
          breakpoint="720px"
          pt={PT_PICKLIST}
        />
        {error("Vistas") && (
          <small id="perfil-vistas-error" className="rfo-error">
            {error("Vistas")}
          </small>
        )}
      </fieldset>
    </Dialogo>
  );
}
