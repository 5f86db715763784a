/**
 * Crear Institución / Editar Institución / details (SPEC.md screen 21): Nombre, Estructura,
 * Dirección, Cargos asociados (at most 3 labels), Teléfono/Extensión twice with the phone mask, and
 * Activo. The Telefono error also shows under its extension. Details are read-only, without Guardar.
 */
import { type Errores, type Institucion, MSG } from "@registro/contracts";
import { InputSwitch } from "primereact/inputswitch";
import { InputText } from "primereact/inputtext";
import { MultiSelect } from "primereact/multiselect";
import { useEffect, useMemo, useState } from "react";
import { Dialogo } from "../../../components/Dialogo";
import { ariaError, Campo, errorDe, PT_MULTISELECT } from "../../../components/formulario/campos";
import { EntradaTelefono } from "../../../components/formulario/EntradaMascara";
import { avisarFallo, avisarRespuesta, sinErrores } from "../api/comun";
import { type InstitucionEnvio, useCrearInstitucion } from "../api/crear-institucion";
import { useEditarInstitucion } from "../api/editar-institucion";
import { useCargos } from "../api/get-cargos";
import { PieDialogo } from "./PieDialogo";
import { PT_SWITCH } from "./pt";
import type { ModoDialogo } from "./UsuarioDialog";

type Formulario = Omit<InstitucionEnvio, "IdInstitucionFirma">;

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

export function InstitucionDialog({ modo, institucion, visible, onHide }: InstitucionDialogProps) {
  const [f, setF] = useState<Formulario>(VACIO);
  const [errores, setErrores] = useState<Errores>({});
  const cargos = useCargos(visible);
  const crear = useCrearInstitucion();
  const editar = useEditarInstitucion();
  const soloLectura = modo === "detalles";

  useEffect(() => {
    if (!visible) return;
    setErrores({});
    setF(
      institucion && modo !== "crear"
        ? {
            Nombre: institucion.nombre,
            Estructura: institucion.estructura,
            Direccion: institucion.direccion,
            Telefono: institucion.telefono,
            Ext: institucion.ext,
            Telefono2: institucion.telefono2,
            Ext2: institucion.ext2,
            Estatus: institucion.estatus,
            SelectedCargos: institucion.selectedCargos,
          }
        : VACIO,
    );
  }, [visible, institucion, modo]);

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

  const cambiar = <K extends keyof Formulario>(campo: K, valor: Formulario[K]) => {
    setF((x) => ({ ...x, [campo]: valor }));
    setErrores((e) => sinErrores(e, campo));
  };
  const error = (...claves: string[]) => errorDe(errores, ...claves);

  const guardar = async () => {
    try {
      const r =
        modo === "crear"
          ? await crear.mutateAsync(f)
          : await editar.mutateAsync({ ...f, IdInstitucionFirma: institucion!.idInstitucionFirma });
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

  const texto = (id: string, campo: "Nombre" | "Estructura" | "Direccion", etiqueta: string, requerido = false) => (
    <Campo id={id} etiqueta={etiqueta} requerido={requerido && !soloLectura} error={error(campo)}>
      <InputText
        id={id}
        value={f[campo]}
        readOnly={soloLectura}
        maxLength={campo === "Direccion" ? 300 : 200}
        onChange={(e) => cambiar(campo, e.target.value)}
        invalid={!!error(campo)}
        {...ariaError(id, error(campo))}
      />
    </Campo>
  );

  const telefono = (id: string, campo: "Telefono" | "Telefono2", etiqueta: string, requerido: boolean) => (
    <Campo id={id} etiqueta={etiqueta} requerido={requerido && !soloLectura} error={error(campo)}>
      <EntradaTelefono
        id={id}
        value={f[campo]}
        readOnly={soloLectura}
        onChange={(v) => cambiar(campo, v)}
        invalid={!!error(campo)}
        {...ariaError(id, error(campo))}
      />
    </Campo>
  );

  const extension = (id: string, campo: "Ext" | "Ext2", etiqueta: string, errorTelefono?: string) => {
    const mensaje = error(campo) ?? errorTelefono;
    return (
      <Campo id={id} etiqueta={etiqueta} error={mensaje}>
        <InputText
          id={id}
          value={f[campo]}
          readOnly={soloLectura}
          keyfilter="int"
          maxLength={6}
          inputMode="numeric"
          onChange={(e) => cambiar(campo, e.target.value)}
          invalid={!!error(campo)}
          {...ariaError(id, mensaje)}
        />
      </Campo>
    );
  };

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
      <div className="rfo-grid rfo-grid-2">
        {texto("institucion-nombre", "Nombre", "Nombre", true)}
        {texto("institucion-estructura", "Estructura", "Estructura")}
      </div>
      {texto("institucion-direccion", "Direccion", "Dirección", true)}
      <Campo id="institucion-cargos" etiqueta="Cargos asociados" error={error("SelectedCargos")}>
        <MultiSelect
          inputId="institucion-cargos"
          value={f.SelectedCargos}
          options={opcionesCargo}
          onChange={(e) => cambiar("SelectedCargos", e.value ?? [])}
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
          invalid={!!error("SelectedCargos")}
          {...ariaError("institucion-cargos", error("SelectedCargos"))}
        />
      </Campo>
      <div className="rfo-grid rfc-telefonos">
        {telefono("institucion-telefono", "Telefono", "Teléfono", true)}
        {extension("institucion-ext", "Ext", "Extensión", error("Telefono"))}
        {telefono("institucion-telefono2", "Telefono2", "Teléfono 2", false)}
        {extension("institucion-ext2", "Ext2", "Extensión 2", error("Telefono2"))}
      </div>
      {modo !== "crear" && (
        <div className="rfo-campo rfo-check rfc-estatus">
          <InputSwitch
            inputId="institucion-estatus"
            checked={f.Estatus}
            disabled={soloLectura}
            onChange={(e) => cambiar("Estatus", e.value)}
            pt={PT_SWITCH}
          />
          <label htmlFor="institucion-estatus">Activa</label>
        </div>
      )}
    </Dialogo>
  );
}
