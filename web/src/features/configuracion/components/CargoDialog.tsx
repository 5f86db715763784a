/**
 * Crear cargo / Editar cargo / details (SPEC.md screen 22): name, description, type (Incumbente or
 * Funcionario) and Activo. Server errors land on Nombre and Tipo.
 */
import { type Cargo, type Errores, TIPOS_CARGO } from "@registro/contracts";
import { Dropdown } from "primereact/dropdown";
import { InputSwitch } from "primereact/inputswitch";
import { InputText } from "primereact/inputtext";
import { InputTextarea } from "primereact/inputtextarea";
import { useEffect, useState } from "react";
import { Dialogo } from "../../../components/Dialogo";
import { ariaError, Campo, errorDe } from "../../../components/formulario/campos";
import { avisarFallo, avisarRespuesta, sinErrores } from "../api/comun";
import { useCrearCargo } from "../api/crear-cargo";
import { useEditarCargo } from "../api/editar-cargo";
import { PieDialogo } from "./PieDialogo";
import { PT_SWITCH, ptDropdown } from "./pt";
import type { ModoDialogo } from "./UsuarioDialog";

const TITULO: Record<ModoDialogo, string> = {
  crear: "Crear cargo",
  editar: "Editar cargo",
  detalles: "Detalles del cargo",
};

export interface CargoDialogProps {
  modo: ModoDialogo;
  cargo: Cargo | null;
  visible: boolean;
  onHide: () => void;
}

export function CargoDialog({ modo, cargo, visible, onHide }: CargoDialogProps) {
  const [nombre, setNombre] = useState("");
  const [descripcion, setDescripcion] = useState("");
  const [tipo, setTipo] = useState<number | null>(null);
  const [activo, setActivo] = useState(true);
  const [errores, setErrores] = useState<Errores>({});
  const crear = useCrearCargo();
  const editar = useEditarCargo();
  const soloLectura = modo === "detalles";

  useEffect(() => {
    if (!visible) return;
    const base = modo === "crear" ? null : cargo;
    setNombre(base?.nombre ?? "");
    setDescripcion(base?.descripcion ?? "");
    setTipo(base?.tipo ?? null);
    setActivo(base ? base.estatus === 1 : true);
    setErrores({});
  }, [visible, cargo, modo]);

  const error = (...claves: string[]) => errorDe(errores, ...claves);

  const guardar = async () => {
    const cuerpo = {
      id: modo === "crear" ? 0 : (cargo?.id ?? 0),
      nombre,
      descripcion,
      tipo,
      estatus: activo ? (1 as const) : (0 as const),
    };
    try {
      const r = modo === "crear" ? await crear.mutateAsync(cuerpo) : await editar.mutateAsync(cuerpo);
      setErrores(r.errors ?? {});
      if (avisarRespuesta(r)) onHide();
    } catch (e) {
      avisarFallo(e);
    }
  };

  const pie = (
    <PieDialogo
      soloLectura={soloLectura}
      guardando={crear.isPending || editar.isPending}
      onGuardar={() => void guardar()}
      onHide={onHide}
    />
  );

  return (
    <Dialogo
      header={TITULO[modo]}
      visible={visible}
      onHide={onHide}
      footer={pie}
      style={{ width: "36rem", maxWidth: "95vw" }}
      className={soloLectura ? "rfc-solo-lectura" : undefined}
      modal
    >
      <Campo id="cargo-nombre" etiqueta="Cargo" requerido={!soloLectura} error={error("Nombre")}>
        <InputText
          id="cargo-nombre"
          value={nombre}
          readOnly={soloLectura}
          maxLength={100}
          onChange={(e) => {
            setNombre(e.target.value);
            setErrores((x) => sinErrores(x, "Nombre"));
          }}
          invalid={!!error("Nombre")}
          {...ariaError("cargo-nombre", error("Nombre"))}
        />
      </Campo>
      <Campo id="cargo-descripcion" etiqueta="Descripción" error={error("Descripcion")}>
        <InputTextarea
          id="cargo-descripcion"
          value={descripcion}
          readOnly={soloLectura}
          rows={2}
          maxLength={300}
          autoResize
          onChange={(e) => {
            setDescripcion(e.target.value);
            setErrores((x) => sinErrores(x, "Descripcion"));
          }}
          {...ariaError("cargo-descripcion", error("Descripcion"))}
        />
      </Campo>
      <div className="rfo-grid rfo-grid-2">
        <Campo id="cargo-tipo" etiqueta="Tipo" requerido={!soloLectura} error={error("Tipo")}>
          <Dropdown
            inputId="cargo-tipo"
            value={tipo}
            options={[...TIPOS_CARGO]}
            onChange={(e) => {
              setTipo(e.value ?? null);
              setErrores((x) => sinErrores(x, "Tipo"));
            }}
            placeholder="Seleccione el tipo"
            disabled={soloLectura}
            invalid={!!error("Tipo")}
            pt={ptDropdown("Tipo")}
            {...ariaError("cargo-tipo", error("Tipo"))}
          />
        </Campo>
        {modo !== "crear" && (
          <div className="rfo-campo rfo-check">
            <InputSwitch
              inputId="cargo-activo"
              checked={activo}
              disabled={soloLectura}
              onChange={(e) => setActivo(e.value)}
              pt={PT_SWITCH}
            />
            <label htmlFor="cargo-activo">Activo</label>
          </div>
        )}
      </div>
    </Dialogo>
  );
}
