/**
 * Crear Usuario / Editar Usuario / details (SPEC.md screen 19): cédula with the padrón look-up,
 * Activo (edit and details), names, profile, user name, email, external switch and the institution
 * of an external user. A react-hook-form form checked with the API's own schema before anything is
 * asked; Guardar then asks for confirmation; the server's field errors show under their fields.
 */
import { MSG, type Usuario } from "@registro/contracts";
import { useEffect, useMemo } from "react";
import { Controller } from "react-hook-form";
import { Dialogo } from "../../../components/Dialogo";
import { CampoCedula } from "../../../components/formulario/CampoCedula";
import { Campo } from "../../../components/formulario/campos";
import { CampoInterruptor, CampoLista, CampoTexto } from "../../../components/formulario/controlados";
import { useFormulario } from "../../../components/formulario/use-formulario";
import { notify } from "../../../lib/toast";
import { avisarFallo, avisarRespuesta } from "../api/comun";
import { useCrearUsuario } from "../api/crear-usuario";
import { useEditarUsuario } from "../api/editar-usuario";
import { useInstitucionesMantenimiento } from "../api/get-instituciones";
import { usePerfiles } from "../api/get-perfiles";
import type { ClaveTemporal } from "./ClaveTemporalDialog";
import { confirmar } from "./confirmar";
import { PieDialogo } from "./PieDialogo";
import { PT_SWITCH, ptDropdown } from "./pt";
import { CAMPOS, desdeUsuario, esquema, type Formulario, VACIO } from "./usuario-valores";

export type ModoDialogo = "crear" | "editar" | "detalles";

const TITULO: Record<ModoDialogo, string> = {
  crear: "Crear Usuario",
  editar: "Editar Usuario",
  detalles: "Detalles del Usuario",
};

export interface UsuarioDialogProps {
  modo: ModoDialogo;
  usuario: Usuario | null;
  visible: boolean;
  onHide: () => void;
  /** A new user's temporary password, to show once. */
  onClaveTemporal: (clave: ClaveTemporal) => void;
}

// biome-ignore lint/complexity/noExcessiveLinesPerFunction: nine fields in the screen's order, each a few props of one `control`; in parts they would only pass `control` and `soloLectura` around.
export function UsuarioDialog({ modo, usuario, visible, onHide, onClaveTemporal }: UsuarioDialogProps) {
  const {
    control,
    handleSubmit,
    reset,
    setValue,
    setError,
    clearErrors,
    getValues,
    watch,
    contenedor,
    fallo,
    erroresServidor,
  } = useFormulario<Formulario>({
    defaultValues: VACIO,
    esquema,
    campos: CAMPOS,
  });
  const perfiles = usePerfiles(visible);
  const instituciones = useInstitucionesMantenimiento(visible);
  const crear = useCrearUsuario();
  const editar = useEditarUsuario();
  const soloLectura = modo === "detalles";
  const externo = watch("UExterno");
  const nombres = { nombres: watch("Nombre"), apellidos: watch("Apellido") };

  useEffect(() => {
    if (visible) reset(usuario && modo !== "crear" ? desdeUsuario(usuario) : VACIO);
  }, [visible, usuario, modo, reset]);

  const opcionesPerfil = useMemo(
    () => (perfiles.data ?? []).map((p) => ({ label: p.nombre, value: p.idPerfil })),
    [perfiles.data],
  );
  // Only active institutions can be chosen; the user's current one stays visible even if inactive.
  const opcionesInstitucion = useMemo(
    () =>
      (instituciones.data ?? [])
        .filter((i) => i.estatus || i.idInstitucionFirma === usuario?.idInst)
        .map((i) => ({ label: i.estatus ? i.nombre : `${i.nombre} (inactiva)`, value: i.idInstitucionFirma })),
    [instituciones.data, usuario?.idInst],
  );

  const enviar = async () => {
    const f = getValues();
    const cuerpo = { ...f, IdInst: f.UExterno ? f.IdInst : null };
    try {
      if (modo === "crear") {
        const r = await crear.mutateAsync(cuerpo);
        erroresServidor(r.errors);
        if (!avisarRespuesta(r)) return fallo();
        onHide();
        if (r.data) onClaveTemporal({ usuario: r.data.usuario, password: r.data.password });
      } else if (usuario) {
        const r = await editar.mutateAsync({ ...cuerpo, IdUsuario: usuario.idUsuario });
        erroresServidor(r.errors);
        if (!avisarRespuesta(r)) return fallo();
        onHide();
      }
    } catch (e) {
      avisarFallo(e);
    }
  };

  const guardando = crear.isPending || editar.isPending;
  // The form is checked first: the confirmation is only asked for what can be saved.
  const guardar = handleSubmit(
    () => confirmar("Guardar usuario", MSG.confirmarGuardarUsuario, () => void enviar()),
    fallo,
  );
  const pie = (
    <PieDialogo soloLectura={soloLectura} guardando={guardando} onGuardar={() => void guardar()} onHide={onHide} />
  );

  return (
    <Dialogo
      header={TITULO[modo]}
      visible={visible}
      onHide={onHide}
      footer={pie}
      style={{ width: "46rem", maxWidth: "95vw" }}
      className={soloLectura ? "rfc-solo-lectura" : undefined}
      modal
    >
      <form
        ref={contenedor}
        className="rfo-grid rfo-grid-2"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          if (!soloLectura) void guardar();
        }}
      >
        <Controller
          control={control}
          name="Cedula"
          render={({ field, fieldState }) => (
            <Campo id="usuario-cedula" etiqueta="Cédula" requerido={!soloLectura} error={fieldState.error?.message}>
              <CampoCedula
                // A new look-up state for each opening of the dialog.
                key={`${visible}-${usuario?.idUsuario ?? 0}-${modo}`}
                id="usuario-cedula"
                value={field.value}
                readOnly={soloLectura}
                onChange={field.onChange}
                nombres={nombres}
                onNombres={(n) => {
                  setValue("Nombre", n.nombres);
                  setValue("Apellido", n.apellidos);
                }}
                onErrorCedula={(m) => (m ? setError("Cedula", { type: "padron", message: m }) : clearErrors("Cedula"))}
                onFallo={() => notify.error(MSG.errorCargarPersona)}
                error={fieldState.error?.message}
              />
            </Campo>
          )}
        />
        {modo !== "crear" ? (
          <CampoInterruptor
            control={control}
            name="Activo"
            id="usuario-activo"
            etiqueta="Activo"
            disabled={soloLectura}
            pt={PT_SWITCH}
          />
        ) : (
          <div aria-hidden="true" />
        )}
        <CampoTexto
          control={control}
          name="Nombre"
          id="usuario-nombre"
          etiqueta="Nombre"
          requerido={!soloLectura}
          readOnly={soloLectura}
          maxLength={100}
        />
        <CampoTexto
          control={control}
          name="Apellido"
          id="usuario-apellido"
          etiqueta="Apellidos"
          requerido={!soloLectura}
          readOnly={soloLectura}
          maxLength={100}
        />
        <CampoLista
          control={control}
          name="IdPerfil"
          id="usuario-perfil"
          etiqueta="Perfil"
          requerido={!soloLectura}
          options={opcionesPerfil}
          placeholder="Seleccione un perfil"
          disabled={soloLectura}
          filter
          filterPlaceholder="Buscar perfil"
          emptyMessage={MSG.sinPerfiles}
          pt={ptDropdown("Perfil")}
        />
        <CampoTexto
          control={control}
          name="Usuario"
          id="usuario-usuario"
          etiqueta="Usuario"
          requerido={!soloLectura}
          readOnly={soloLectura}
          maxLength={50}
          autoComplete="off"
        />
        <CampoTexto
          control={control}
          name="Email"
          id="usuario-email"
          etiqueta="Email"
          type="email"
          requerido={!soloLectura}
          readOnly={soloLectura}
          maxLength={254}
          autoComplete="off"
        />
        <CampoInterruptor
          control={control}
          name="UExterno"
          id="usuario-externo"
          etiqueta="Usuario externo"
          disabled={soloLectura}
          pt={PT_SWITCH}
        />
        {externo && (
          <CampoLista
            control={control}
            name="IdInst"
            id="usuario-institucion"
            etiqueta="Institución"
            requerido={!soloLectura}
            options={opcionesInstitucion}
            placeholder="Seleccione la institución"
            disabled={soloLectura}
            filter
            filterPlaceholder="Buscar institución"
            emptyMessage={MSG.sinInstituciones}
            pt={ptDropdown("Institución")}
          />
        )}
      </form>
    </Dialogo>
  );
}
