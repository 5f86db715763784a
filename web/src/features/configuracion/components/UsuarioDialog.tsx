/**
 * Crear Usuario / Editar Usuario / details (SPEC.md screen 19): cédula with the padrón look-up,
 * Activo (edit and details), names, profile, user name, email, external switch and the institution
 * of an external user. Guardar asks '¿Está seguro que desea guardad?' before sending; the server's
 * field errors show under their fields.
 */
import { type Errores, MSG, type Usuario } from "@registro/contracts";
import { Dropdown } from "primereact/dropdown";
import { InputSwitch } from "primereact/inputswitch";
import { InputText } from "primereact/inputtext";
import { useEffect, useMemo, useState } from "react";
import { Dialogo } from "../../../components/Dialogo";
import { ariaError, Campo, CampoCedula, errorDe } from "../../../components/formulario/campos";
import { notify } from "../../../lib/toast";
import { avisarFallo, avisarRespuesta, sinErrores } from "../api/comun";
import { type UsuarioEnvio, useCrearUsuario } from "../api/crear-usuario";
import { useEditarUsuario } from "../api/editar-usuario";
import { useInstitucionesMantenimiento } from "../api/get-instituciones";
import { usePerfiles } from "../api/get-perfiles";
import type { ClaveTemporal } from "./ClaveTemporalDialog";
import { confirmar } from "./confirmar";
import { PieDialogo } from "./PieDialogo";
import { PT_SWITCH, ptDropdown } from "./pt";

export type ModoDialogo = "crear" | "editar" | "detalles";

interface Formulario {
  cedula: string;
  nombre: string;
  apellido: string;
  idPerfil: number | null;
  usuario: string;
  email: string;
  externo: boolean;
  idInst: number | null;
  activo: boolean;
}

const VACIO: Formulario = {
  cedula: "",
  nombre: "",
  apellido: "",
  idPerfil: null,
  usuario: "",
  email: "",
  externo: false,
  idInst: null,
  activo: true,
};

function desdeUsuario(u: Usuario): Formulario {
  return {
    cedula: u.cedula,
    nombre: u.nombre,
    apellido: u.apellido,
    idPerfil: u.idPerfil,
    usuario: u.usuario,
    email: u.email,
    externo: u.uExterno,
    idInst: u.idInst,
    activo: u.activo,
  };
}

/** The server's error keys each form field answers for. */
const CLAVE_SERVIDOR: Record<keyof Formulario, string[]> = {
  cedula: ["Cedula"],
  nombre: ["Nombre"],
  apellido: ["Apellido"],
  idPerfil: ["IdPerfil"],
  usuario: ["Usuario"],
  email: ["Email"],
  externo: ["IdInst"],
  idInst: ["IdInst"],
  activo: ["Activo"],
};

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

export function UsuarioDialog({ modo, usuario, visible, onHide, onClaveTemporal }: UsuarioDialogProps) {
  const [f, setF] = useState<Formulario>(VACIO);
  const [errores, setErrores] = useState<Errores>({});
  const perfiles = usePerfiles(visible);
  const instituciones = useInstitucionesMantenimiento(visible);
  const crear = useCrearUsuario();
  const editar = useEditarUsuario();
  const soloLectura = modo === "detalles";

  useEffect(() => {
    if (!visible) return;
    const inicial = usuario && modo !== "crear" ? desdeUsuario(usuario) : VACIO;
    setF(inicial);
    setErrores({});
  }, [visible, usuario, modo]);

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

  const cambiar = <K extends keyof Formulario>(campo: K, valor: Formulario[K]) => {
    setF((x) => ({ ...x, [campo]: valor }));
    setErrores((e) => sinErrores(e, ...CLAVE_SERVIDOR[campo]));
  };
  const error = (...claves: string[]) => errorDe(errores, ...claves);

  const enviar = async () => {
    const cuerpo: UsuarioEnvio = {
      Cedula: f.cedula,
      Nombre: f.nombre,
      Apellido: f.apellido,
      IdPerfil: f.idPerfil,
      Usuario: f.usuario,
      Email: f.email,
      UExterno: f.externo,
      IdInst: f.externo ? f.idInst : null,
    };
    try {
      if (modo === "crear") {
        const r = await crear.mutateAsync(cuerpo);
        setErrores(r.errors ?? {});
        if (avisarRespuesta(r)) {
          onHide();
          if (r.data) onClaveTemporal({ usuario: r.data.usuario, password: r.data.password });
        }
      } else if (usuario) {
        const r = await editar.mutateAsync({ ...cuerpo, IdUsuario: usuario.idUsuario, Activo: f.activo });
        setErrores(r.errors ?? {});
        if (avisarRespuesta(r)) onHide();
      }
    } catch (e) {
      avisarFallo(e);
    }
  };

  const guardando = crear.isPending || editar.isPending;
  const pie = (
    <PieDialogo
      soloLectura={soloLectura}
      guardando={guardando}
      onGuardar={() => confirmar(MSG.confirmarGuardarUsuario, () => void enviar())}
      onHide={onHide}
    />
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
        className="rfo-grid rfo-grid-2"
        onSubmit={(e) => {
          e.preventDefault();
        }}
      >
        <Campo id="usuario-cedula" etiqueta="Cédula" requerido={!soloLectura} error={error("Cedula")}>
          <CampoCedula
            // A new look-up state for each opening of the dialog.
            key={`${visible}-${usuario?.idUsuario ?? 0}-${modo}`}
            id="usuario-cedula"
            value={f.cedula}
            readOnly={soloLectura}
            onChange={(v) => cambiar("cedula", v)}
            nombres={{ nombres: f.nombre, apellidos: f.apellido }}
            onNombres={(n) => setF((x) => ({ ...x, nombre: n.nombres, apellido: n.apellidos }))}
            onErrorCedula={(m) => setErrores((e) => ({ ...e, Cedula: m ? [m] : [] }))}
            onFallo={() => notify.error(MSG.errorCargarPersona)}
            error={error("Cedula")}
          />
        </Campo>
        {modo !== "crear" ? (
          <div className="rfo-campo rfo-check">
            <InputSwitch
              inputId="usuario-activo"
              checked={f.activo}
              disabled={soloLectura}
              onChange={(e) => cambiar("activo", e.value)}
              pt={PT_SWITCH}
              {...ariaError("usuario-activo", error("Activo"))}
            />
            <label htmlFor="usuario-activo">Activo</label>
            {error("Activo") && (
              <small id="usuario-activo-error" className="rfo-error">
                {error("Activo")}
              </small>
            )}
          </div>
        ) : (
          <div aria-hidden="true" />
        )}
        <Campo id="usuario-nombre" etiqueta="Nombre" requerido={!soloLectura} error={error("Nombre")}>
          <InputText
            id="usuario-nombre"
            value={f.nombre}
            readOnly={soloLectura}
            maxLength={100}
            onChange={(e) => cambiar("nombre", e.target.value)}
            invalid={!!error("Nombre")}
            {...ariaError("usuario-nombre", error("Nombre"))}
          />
        </Campo>
        <Campo id="usuario-apellido" etiqueta="Apellido" requerido={!soloLectura} error={error("Apellido")}>
          <InputText
            id="usuario-apellido"
            value={f.apellido}
            readOnly={soloLectura}
            maxLength={100}
            onChange={(e) => cambiar("apellido", e.target.value)}
            invalid={!!error("Apellido")}
            {...ariaError("usuario-apellido", error("Apellido"))}
          />
        </Campo>
        <Campo id="usuario-perfil" etiqueta="Perfil" requerido={!soloLectura} error={error("IdPerfil")}>
          <Dropdown
            inputId="usuario-perfil"
            value={f.idPerfil}
            options={opcionesPerfil}
            onChange={(e) => cambiar("idPerfil", e.value ?? null)}
            placeholder="Seleccione un perfil"
            disabled={soloLectura}
            filter
            filterPlaceholder="Buscar perfil"
            emptyMessage={MSG.sinPerfiles}
            emptyFilterMessage={MSG.sinPerfiles}
            invalid={!!error("IdPerfil")}
            pt={ptDropdown("Perfil")}
            {...ariaError("usuario-perfil", error("IdPerfil"))}
          />
        </Campo>
        <Campo id="usuario-usuario" etiqueta="Usuario" requerido={!soloLectura} error={error("Usuario")}>
          <InputText
            id="usuario-usuario"
            value={f.usuario}
            readOnly={soloLectura}
            maxLength={50}
            autoComplete="off"
            onChange={(e) => cambiar("usuario", e.target.value)}
            invalid={!!error("Usuario")}
            {...ariaError("usuario-usuario", error("Usuario"))}
          />
        </Campo>
        <Campo id="usuario-email" etiqueta="Email" requerido={!soloLectura} error={error("Email")}>
          <InputText
            id="usuario-email"
            type="email"
            value={f.email}
            readOnly={soloLectura}
            maxLength={254}
            autoComplete="off"
            onChange={(e) => cambiar("email", e.target.value)}
            invalid={!!error("Email")}
            {...ariaError("usuario-email", error("Email"))}
          />
        </Campo>
        <div className="rfo-campo rfo-check">
          <InputSwitch
            inputId="usuario-externo"
            checked={f.externo}
            disabled={soloLectura}
            onChange={(e) => cambiar("externo", e.value)}
            pt={PT_SWITCH}
          />
          <label htmlFor="usuario-externo">Usuario externo</label>
        </div>
        {f.externo && (
          <Campo id="usuario-institucion" etiqueta="Institución" requerido={!soloLectura} error={error("IdInst")}>
            <Dropdown
              inputId="usuario-institucion"
              value={f.idInst}
              options={opcionesInstitucion}
              onChange={(e) => cambiar("idInst", e.value ?? null)}
              placeholder="Seleccione la institución"
              disabled={soloLectura}
              filter
              filterPlaceholder="Buscar institución"
              emptyMessage={MSG.sinInstituciones}
              emptyFilterMessage={MSG.sinInstituciones}
              invalid={!!error("IdInst")}
              pt={ptDropdown("Institución")}
              {...ariaError("usuario-institucion", error("IdInst"))}
            />
          </Campo>
        )}
      </form>
    </Dialogo>
  );
}
