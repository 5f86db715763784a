/**
 * Crear Institución / Editar Institución / details (SPEC.md screen 21): Nombre, Estructura,
 * Dirección, Cargos asociados (at most 3 labels), Teléfono/Extensión twice with the phone mask, and
 * Activa. A react-hook-form form checked with the API's own schema before anything is sent; the
 * server's field errors land under their fields (the Telefono error also under its extension) and a
 * refused form takes the focus to its first error. Details are read-only, without Guardar.
 */
import { type Institucion, MSG, zInstitucionBody } from "@registro/contracts";
import { InputText } from "primereact/inputtext";
import { MultiSelect } from "primereact/multiselect";
import { useEffect, useMemo } from "react";
import { type Control, Controller, useFormState } from "react-hook-form";
import { Dialogo } from "../../../components/Dialogo";
import { ariaError, Campo, PT_MULTISELECT } from "../../../components/formulario/campos";
import { CampoInterruptor, CampoTelefono, CampoTexto } from "../../../components/formulario/controlados";
import { useFormulario } from "../../../components/formulario/use-formulario";
import { avisarFallo, avisarRespuesta } from "../api/comun";
import { type InstitucionEnvio, useCrearInstitucion } from "../api/crear-institucion";
import { useEditarInstitucion } from "../api/editar-institucion";
import { useCargos } from "../api/get-cargos";
import { PieDialogo } from "./PieDialogo";
import { PT_SWITCH } from "./pt";
import type { ModoDialogo } from "./UsuarioDialog";

/** The form's fields, named as the API names them. */
type Formulario = Omit<InstitucionEnvio, "IdInstitucionFirma">;
const CAMPOS = [
  "Nombre",
  "Estructura",
  "Direccion",
  "Telefono",
  "Ext",
  "Telefono2",
  "Ext2",
  "Estatus",
  "SelectedCargos",
] as const satisfies readonly (keyof Formulario)[];

const VACIO: Formulario = {
  Nombre: "",
  Estructura: "",
  Direccion: "",
  Telefono: "",
  Ext: "",
  Telefono2: "",
  Ext2: "",
  Estatus: true,
  SelectedCargos: [],
};

const desdeInstitucion = (i: Institucion): Formulario => ({
  Nombre: i.nombre,
  Estructura: i.estructura,
  Direccion: i.direccion,
  Telefono: i.telefono,
  Ext: i.ext,
  Telefono2: i.telefono2,
  Ext2: i.ext2,
  Estatus: i.estatus,
  SelectedCargos: i.selectedCargos,
});

const TITULO: Record<ModoDialogo, string> = {
  crear: "Crear Institución",
  editar: "Editar Institución",
  detalles: "Detalles de la Institución",
};

export interface InstitucionDialogProps {
  modo: ModoDialogo;
  institucion: Institucion | null;
  visible: boolean;
  onHide: () => void;
}

// biome-ignore lint/complexity/noExcessiveLinesPerFunction: the institution's fields in the screen's order, each a few props of one `control`.
export function InstitucionDialog({ modo, institucion, visible, onHide }: InstitucionDialogProps) {
  const { control, handleSubmit, reset, contenedor, fallo, erroresServidor } = useFormulario<Formulario>({
    defaultValues: VACIO,
    esquema: zInstitucionBody,
    campos: CAMPOS,
  });
  const cargos = useCargos(visible);
  const crear = useCrearInstitucion();
  const editar = useEditarInstitucion();
  const soloLectura = modo === "detalles";

  useEffect(() => {
    if (visible) reset(institucion && modo !== "crear" ? desdeInstitucion(institucion) : VACIO);
  }, [visible, institucion, modo, reset]);

  // Active positions can be chosen; an inactive one stays listed while the institution holds it.
  const opcionesCargo = useMemo(
    () =>
      (cargos.data ?? [])
        .filter((c) => c.estatus === 1 || institucion?.selectedCargos.includes(c.id))
        .map((c) => ({
          value: c.id,
          label: `${c.nombre} (${c.tipo === 1 ? "Incumbente" : "Funcionario"})${c.estatus === 1 ? "" : " — inactivo"}`,
        })),
    [cargos.data, institucion],
  );

  const enviar = async (f: Formulario) => {
    try {
      const r =
        modo === "crear"
          ? await crear.mutateAsync(f)
          : await editar.mutateAsync({ ...f, IdInstitucionFirma: institucion!.idInstitucionFirma });
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
  const texto = { control, readOnly: soloLectura };

  return (
    <Dialogo
      header={TITULO[modo]}
      visible={visible}
      onHide={onHide}
      footer={pie}
      style={{ width: "50rem", maxWidth: "95vw" }}
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
        <div className="rfo-grid rfo-grid-2">
          <CampoTexto
            {...texto}
            name="Nombre"
            id="institucion-nombre"
            etiqueta="Nombre"
            requerido={!soloLectura}
            maxLength={200}
          />
          <CampoTexto {...texto} name="Estructura" id="institucion-estructura" etiqueta="Estructura" maxLength={200} />
        </div>
        <CampoTexto
          {...texto}
          name="Direccion"
          id="institucion-direccion"
          etiqueta="Dirección"
          requerido={!soloLectura}
          maxLength={300}
        />
        <Controller
          control={control}
          name="SelectedCargos"
          render={({ field, fieldState }) => {
            const error = fieldState.error?.message;
            return (
              <Campo id="institucion-cargos" etiqueta="Cargos asociados" error={error}>
                <MultiSelect
                  inputId="institucion-cargos"
                  value={field.value}
                  options={opcionesCargo}
                  onChange={(e) => field.onChange(e.value ?? [])}
                  maxSelectedLabels={3}
                  selectedItemsLabel="{0} cargos seleccionados"
                  placeholder="Seleccione los cargos"
                  filter
                  filterPlaceholder="Buscar cargo"
                  emptyMessage={MSG.sinCargos}
                  emptyFilterMessage={MSG.sinCargos}
                  disabled={soloLectura}
                  display="comma"
                  pt={PT_MULTISELECT}
                  invalid={!!error}
                  {...ariaError("institucion-cargos", error)}
                />
              </Campo>
            );
          }}
        />
        <div className="rfo-grid rfc-telefonos">
          <CampoTelefono
            {...texto}
            name="Telefono"
            id="institucion-telefono"
            etiqueta="Teléfono"
            requerido={!soloLectura}
          />
          <Extension name="Ext" telefono="Telefono" id="institucion-ext" etiqueta="Extensión" {...texto} />
          <CampoTelefono {...texto} name="Telefono2" id="institucion-telefono2" etiqueta="Teléfono 2" />
          <Extension name="Ext2" telefono="Telefono2" id="institucion-ext2" etiqueta="Extensión 2" {...texto} />
        </div>
        {modo !== "crear" && (
          <div className="rfc-estatus">
            <CampoInterruptor
              control={control}
              name="Estatus"
              id="institucion-estatus"
              etiqueta="Activa"
              disabled={soloLectura}
              pt={PT_SWITCH}
            />
          </div>
        )}
      </form>
    </Dialogo>
  );
}

/** An extension (digits only): its own error, or its phone's, shows under it. */
function Extension(p: {
  control: Control<Formulario>;
  name: "Ext" | "Ext2";
  telefono: "Telefono" | "Telefono2";
  id: string;
  etiqueta: string;
  readOnly: boolean;
}) {
  const { errors } = useFormState({ control: p.control, name: p.telefono });
  return (
    <Controller
      control={p.control}
      name={p.name}
      render={({ field, fieldState }) => {
        const propio = fieldState.error?.message;
        const mensaje = propio ?? errors[p.telefono]?.message;
        return (
          <Campo id={p.id} etiqueta={p.etiqueta} error={mensaje}>
            <InputText
              id={p.id}
              ref={field.ref}
              value={field.value}
              readOnly={p.readOnly}
              keyfilter="int"
              maxLength={6}
              inputMode="numeric"
              onChange={(e) => field.onChange(e.target.value)}
              onBlur={field.onBlur}
              invalid={!!propio}
              {...ariaError(p.id, mensaje)}
            />
          </Campo>
        );
      }}
    />
  );
}
