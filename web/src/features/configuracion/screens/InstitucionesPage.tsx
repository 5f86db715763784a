/**
 * 'Listado de Instituciones' (SPEC.md screen 21): institution, address, number of associated
 * positions, status, phone and extension; search, add, back; per row edit and read-only details.
 */
import "../../../components/formulario/campos.css";
import "../configuracion.css";
import { type Institucion, MSG } from "@registro/contracts";
import { Badge } from "primereact/badge";
import { Column } from "primereact/column";
import { useState } from "react";
import { AccionBandeja } from "../../../components/bandeja/acciones";
import { useInstitucionesMantenimiento } from "../api/get-instituciones";
import { EstatusTag } from "../components/EstatusTag";
import { InstitucionDialog } from "../components/InstitucionDialog";
import { MantenimientoTabla } from "../components/MantenimientoTabla";
import type { ModoDialogo } from "../components/UsuarioDialog";

export default function InstitucionesPage() {
  const instituciones = useInstitucionesMantenimiento();
  const [dialogo, setDialogo] = useState<{ modo: ModoDialogo; institucion: Institucion | null } | null>(null);

  return (
    <>
      <MantenimientoTabla
        titulo="Listado de Instituciones"
        datos={instituciones.data}
        dataKey="idUsuario"
        cargando={instituciones.isFetching}
        lista="Instituciones"
        vacio={MSG.sinInstituciones}
        plural="instituciones"
        agregar="Agregar Institución"
        onAgregar={() => setDialogo({ modo: "crear", institucion: null })}
      >
        <Column field="nombre" header="Institución" sortable />
        <Column field="direccion" header="Dirección" />
        <Column
          field="cantCargos"
          header="Cargos asociados"
          sortable
          style={{ textAlign: "center" }}
          body={(i: Institucion) => <Badge value={i.cantCargos} className="rf-badge" />}
        />
        <Column
          field="estatus"
          header="Estatus"
          sortable
          body={(i: Institucion) => <EstatusTag activo={i.estatus} />}
        />
        <Column
          field="telefono"
          header="Teléfono"
          body={(i: Institucion) => <span className="rf-nowrap">{i.telefono}</span>}
        />
        <Column field="ext" header="Extensión" />
        <Column
          header="Acciones"
          style={{ width: "1%", whiteSpace: "nowrap" }}
          body={(i: Institucion) => (
            <div className="rfc-acciones">
              <AccionBandeja
                etiqueta={`Editar ${i.nombre}`}
                icono="pi pi-pencil"
                onClick={() => setDialogo({ modo: "editar", institucion: i })}
              />
              <AccionBandeja
                etiqueta={`Detalles de ${i.nombre}`}
                icono="pi pi-eye"
                onClick={() => setDialogo({ modo: "detalles", institucion: i })}
              />
            </div>
          )}
        />
      </MantenimientoTabla>
      <InstitucionDialog
        modo={dialogo?.modo ?? "crear"}
        institucion={dialogo?.institucion ?? null}
        visible={dialogo !== null}
        onHide={() => setDialogo(null)}
      />
    </>
  );
}
