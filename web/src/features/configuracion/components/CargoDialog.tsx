/**
 * Crear cargo / Editar cargo / details (SPEC.md screen 22): name, description, type (Incumbente or
 * Funcionario) and Activo. A react-hook-form form checked with the API's own schema before anything
 * is sent; the server's field errors (on Nombre and Tipo) land under their fields, and a refused
 * form takes the focus to its first error.
 */
import { type Cargo, TIPOS_CARGO, zCargoCrearBody } from "@registro/contracts";
import { useEffect } from "react";
import type { Control } from "react-hook-form";
import { Dialogo } from "../../../components/Dialogo";
import { CampoAreaTexto, CampoInterruptor, CampoLista, CampoTexto } from "../../../components/formulario/controlados";
import { useFormulario } from "../../../components/formulario/use-formulario";
import { avisarFallo, avisarRespuesta } from "../api/comun";
import { useCrearCargo } from "../api/crear-cargo";
import { useEditarCargo } from "../api/editar-cargo";
import { PieDialogo } from "./PieDialogo";
import { PT_SWITCH, ptDropdown } from "./pt";
import type { ModoDialogo } from "./UsuarioDialog";

/** The form's fields, named as the API's schema names them. */
interface Formulario {
  Nombre: string;
  Descripcion: string;
  Tipo: number | null;
  Estatus: boolean;
}
const CAMPOS = ["Nombre", "Descripcion", "Tipo", "Estatus"] as const satisfies readonly (keyof Formulario)[];

const VACIO: Formulario = { Nombre: "", Descripcion: "", Tipo: null, Estatus: true };

const desdeCargo = (c: Cargo): Formulario => ({
  Nombre: c.nombre,
  Descripcion: c.descripcion,
  Tipo: c.tipo,
  Estatus: c.estatus === 1,
});

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
  const { control, handleSubmit, reset, contenedor, fallo, erroresServidor } = useFormulario<Formulario>({
    defaultValues: VACIO,
    esquema: zCargoCrearBody,
    campos: CAMPOS,
  });
  const crear = useCrearCargo();
  const editar = useEditarCargo();
  const soloLectura = modo === "detalles";

  useEffect(() => {
    if (visible) reset(cargo && modo !== "crear" ? desdeCargo(cargo) : VACIO);
  }, [visible, cargo, modo, reset]);

  const enviar = async (f: Formulario) => {
    // The positions' calls keep SPEC.md's lower-case body.
    const cuerpo = {
      id: modo === "crear" ? 0 : (cargo?.id ?? 0),
      nombre: f.Nombre,
      descripcion: f.Descripcion,
      tipo: f.Tipo,
      estatus: f.Estatus ? (1 as const) : (0 as const),
    };
    try {
      const r = modo === "crear" ? await crear.mutateAsync(cuerpo) : await editar.mutateAsync(cuerpo);
      erroresServidor(r.errors);
      if (!avisarRespuesta(r)) return fallo();
      onHide();
    } catch (e) {
      avisarFallo(e);
    }
  };

  const guardar = handleSubmit(enviar, fallo);
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
      <form
        ref={contenedor}
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          if (!soloLectura) void guardar();
        }}
      >
        <CamposCargo control={control} modo={modo} />
      </form>
    </Dialogo>
  );
}

/** Cargo, Descripción, Tipo and (editing or reading) Activo. */
function CamposCargo({ control, modo }: { control: Control<Formulario>; modo: ModoDialogo }) {
  const soloLectura = modo === "detalles";
  return (
    <>
      <CampoTexto
        control={control}
        name="Nombre"
        id="cargo-nombre"
        etiqueta="Cargo"
        requerido={!soloLectura}
        readOnly={soloLectura}
        maxLength={100}
      />
      <CampoAreaTexto
        control={control}
        name="Descripcion"
        id="cargo-descripcion"
        etiqueta="Descripción"
        readOnly={soloLectura}
        maxLength={300}
      />
      <div className="rfo-grid rfo-grid-2">
        <CampoLista
          control={control}
          name="Tipo"
          id="cargo-tipo"
          etiqueta="Tipo"
          requerido={!soloLectura}
          options={[...TIPOS_CARGO]}
          placeholder="Seleccione el tipo"
          disabled={soloLectura}
          pt={ptDropdown("Tipo")}
        />
        {modo !== "crear" && (
          <CampoInterruptor
            control={control}
            name="Estatus"
            id="cargo-activo"
            etiqueta="Activo"
            disabled={soloLectura}
            pt={PT_SWITCH}
          />
        )}
      </div>
    </>
  );
}
