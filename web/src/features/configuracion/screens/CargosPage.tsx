/**
 * Positions list (SPEC.md screen 22): Cargo, Descripción, Estatus, Tipo; add, back, search; per
 * row edit, details and delete ('¿Está seguro de que desea eliminar este cargo?', Eliminar/No). A
 * position in use is deactivated instead, and the server's message says so.
 */
import "../../../components/formulario/campos.css";
import "../configuracion.css";
import { type Cargo, type FilaCargo, filaCargo, MSG } from "@registro/contracts";
import { Column } from "primereact/column";
import { useMemo, useState } from "react";
import { AccionBandeja } from "../../../components/bandeja/acciones";
import { notify } from "../../../lib/toast";
import { useBorrarCargo } from "../api/borrar-cargo";
import { avisarFallo } from "../api/comun";
import { useCargos } from "../api/get-cargos";
import { CargoDialog } from "../components/CargoDialog";
import { ConfirmacionHost, confirmar } from "../components/confirmar";
import { EstatusTag } from "../components/EstatusTag";
import { MantenimientoTabla } from "../components/MantenimientoTabla";
import type { ModoDialogo } from "../components/UsuarioDialog";

export default function CargosPage() {
  const cargos = useCargos();
  const borrar = useBorrarCargo();
  const [dialogo, setDialogo] = useState<{ modo: ModoDialogo; cargo: Cargo | null } | null>(null);
  const filas = useMemo(() => cargos.data?.map(filaCargo), [cargos.data]);

  const pedirBorrar = (c: Cargo) =>
    confirmar(
      "Eliminar cargo",
      MSG.confirmarEliminarCargo,
      async () => {
        try {
          const r = await borrar.mutateAsync(c.id);
          if (!r.success) notify.warn(r.message);
          // Deactivated instead of deleted: the clerk must notice, so it reads as information.
          else if (r.message === MSG.cargoDesactivado) notify.info(r.message);
          else notify.success(r.message);
        } catch (e) {
          avisarFallo(e);
        }
      },
      { si: "Eliminar", no: "No", destructiva: true },
    );

  return (
    <>
      <MantenimientoTabla
        titulo="Listado de Cargos"
        datos={filas}
        dataKey="id"
        cargando={cargos.isFetching}
        lista="Cargos"
        vacio={MSG.sinCargos}
        plural="cargos"
        agregar="Agregar Cargo"
        onAgregar={() => setDialogo({ modo: "crear", cargo: null })}
      >
        <Column field="nombre" header="Cargo" sortable />
        <Column field="descripcion" header="Descripción" />
        <Column
          field="estatus"
          header="Estatus"
          sortable
          body={(c: FilaCargo) => <EstatusTag activo={c.estatus === 1} />}
        />
        <Column field="tipoNombre" header="Tipo" sortable />
        <Column
          header="Acciones"
          style={{ width: "1%", whiteSpace: "nowrap" }}
          body={(c: FilaCargo) => (
            <div className="rfc-acciones">
              <AccionBandeja
                etiqueta={`Editar ${c.nombre}`}
                icono="pi pi-pencil"
                onClick={() => setDialogo({ modo: "editar", cargo: c })}
              />
              <AccionBandeja
                etiqueta={`Detalles de ${c.nombre}`}
                icono="pi pi-eye"
                onClick={() => setDialogo({ modo: "detalles", cargo: c })}
              />
              <AccionBandeja
                etiqueta={`Eliminar ${c.nombre}`}
                icono="pi pi-trash"
                severity="danger"
                onClick={() => pedirBorrar(c)}
              />
            </div>
          )}
        />
      </MantenimientoTabla>
      <CargoDialog
        modo={dialogo?.modo ?? "crear"}
        cargo={dialogo?.cargo ?? null}
        visible={dialogo !== null}
        onHide={() => setDialogo(null)}
      />
      <ConfirmacionHost />
    </>
  );
}
