/**
 * Profiles list (SPEC.md screen 20): #, nombre, descripción, cant. permisos, por defecto; Editar
 * and Eliminar (confirmed). A profile some users hold cannot be deleted: the server says how many.
 */
import "../../../components/formulario/campos.css";
import "../configuracion.css";
import { MSG, type Perfil } from "@registro/contracts";
import { Column } from "primereact/column";
import { useState } from "react";
import { AccionBandeja } from "../../../components/bandeja/acciones";
import { notify } from "../../../lib/toast";
import { avisarFallo, primerError } from "../api/comun";
import { useEliminarPerfil } from "../api/eliminar-perfil";
import { usePerfiles } from "../api/get-perfiles";
import { ConfirmacionHost, confirmar } from "../components/confirmar";
import { MantenimientoTabla } from "../components/MantenimientoTabla";
import { PerfilDialog } from "../components/PerfilDialog";

const porDefecto = (p: Perfil) =>
  p.porDefecto ? <span className="rfc-si">Sí</span> : <span className="rfc-no">No</span>;

const segundoFactor = (p: Perfil) =>
  p.requiereSegundoFactor ? <span className="rfc-si">Requerido</span> : <span className="rfc-no">Opcional</span>;

export default function PerfilesPage() {
  const perfiles = usePerfiles();
  const eliminar = useEliminarPerfil();
  const [dialogo, setDialogo] = useState<{ perfil: Perfil | null } | null>(null);

  const pedirEliminar = (p: Perfil) =>
    confirmar(
      "Eliminar perfil",
      MSG.confirmarEliminarPerfil,
      async () => {
        try {
          const r = await eliminar.mutateAsync(p.idPerfil);
          if (r.success) notify.success(r.message);
          // A refusal tied to no form field still says why (e.g. the last administrator's profile).
          else notify.warn(primerError(r.errors) ?? r.message);
        } catch (e) {
          avisarFallo(e);
        }
      },
      { destructiva: true },
    );

  return (
    <>
      <MantenimientoTabla
        titulo="Listado de Perfiles"
        datos={perfiles.data}
        dataKey="idPerfil"
        cargando={perfiles.isFetching}
        lista="Perfiles"
        vacio={MSG.sinPerfiles}
        plural="perfiles"
        agregar="Agregar Perfil"
        onAgregar={() => setDialogo({ perfil: null })}
      >
        <Column field="idPerfil" header="#" sortable style={{ width: "4rem" }} />
        <Column field="nombre" header="Nombre" sortable />
        <Column field="descripcion" header="Descripción" />
        <Column field="cantPermisos" header="Cant. Permisos" sortable style={{ textAlign: "center" }} />
        <Column field="porDefecto" header="Por defecto" style={{ textAlign: "center" }} body={porDefecto} />
        <Column
          field="requiereSegundoFactor"
          header="Segundo factor"
          style={{ textAlign: "center" }}
          body={segundoFactor}
        />
        <Column
          header="Acciones"
          style={{ width: "1%", whiteSpace: "nowrap" }}
          body={(p: Perfil) => (
            <div className="rfc-acciones">
              <AccionBandeja
                etiqueta={`Editar ${p.nombre}`}
                icono="pi pi-pencil"
                onClick={() => setDialogo({ perfil: p })}
              />
              <AccionBandeja
                etiqueta={`Eliminar ${p.nombre}`}
                icono="pi pi-trash"
                severity="danger"
                onClick={() => pedirEliminar(p)}
              />
            </div>
          )}
        />
      </MantenimientoTabla>
      <PerfilDialog perfil={dialogo?.perfil ?? null} visible={dialogo !== null} onHide={() => setDialogo(null)} />
      <ConfirmacionHost />
    </>
  );
}
