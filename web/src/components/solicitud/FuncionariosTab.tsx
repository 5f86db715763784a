/**
 * The Funcionarios tab of a request detail: the officials (5 per page), each with a view button
 * opening the 'Detalles' dialog, an optional status or in-force column, and an optional extra
 * per-row action (the administrator's removal).
 */
import { colorEstadoFirma, ESTATUS_FUNCIONARIO, type Funcionario, MSG } from "@registro/contracts";
import { Button } from "primereact/button";
import { Column } from "primereact/column";
import { DataTable } from "primereact/datatable";
import { type ReactNode, useState } from "react";
import { useFuncionariosSolicitud } from "./api/get-funcionario-solicitud";
import { FuncionarioDetalleDialog } from "./FuncionarioDetalleDialog";
import { StatusTag } from "./StatusTag";
import { VigenciaTag } from "./VigenciaTag";
import "./solicitud.css";
import { PT_RPP } from "../pt-listas";

export interface FuncionariosTabProps {
  idSolicitud: number;
  /** The estatusNombre column (left out in the read-only detail). Default true. */
  mostrarEstatus?: boolean;
  /** The standing column ('Estado de la firma': Vigente, Por vencer, Aún no vigente…, as every place states it). */
  mostrarVigencia?: boolean;
  /** Extra action per row, after the view button. */
  accionExtra?: (f: Funcionario) => ReactNode;
}

export function FuncionariosTab({
  idSolicitud,
  mostrarEstatus = true,
  mostrarVigencia = false,
  accionExtra,
}: FuncionariosTabProps) {
  const funcionarios = useFuncionariosSolicitud(idSolicitud);
  const [abierto, setAbierto] = useState<Funcionario | null>(null);
  return (
    <>
      <DataTable
        value={funcionarios.data ?? []}
        dataKey="idFuncionario"
        loading={funcionarios.isLoading}
        emptyMessage={MSG.sinFuncionarios}
        paginator
        rows={5}
        rowsPerPageOptions={[5, 10, 20, 50]}
        size="small"
        stripedRows
        pt={{
          table: { "aria-label": "Funcionarios de la solicitud" } as Record<string, string>,
          // PrimeReact's dropdowns carry an unlabelled hidden <select>; keep it away from assistive tech.
          paginator: { RPPDropdown: PT_RPP },
        }}
      >
        <Column field="cedula" header="Cédula" style={{ whiteSpace: "nowrap" }} />
        <Column field="nombres" header="Nombres" />
        <Column field="apellidos" header="Apellidos" />
        <Column field="telefono" header="Teléfono" style={{ whiteSpace: "nowrap" }} />
        <Column field="cargoNombre" header="Cargo" />
        {mostrarEstatus && (
          <Column header="Estatus" body={(f: Funcionario) => <EstatusFuncionario funcionario={f} />} />
        )}
        {mostrarVigencia && (
          <Column header="Estado de la firma" body={(f: Funcionario) => <VigenciaTag funcionario={f} />} />
        )}
        <Column
          header="Acciones"
          style={{ width: "1%", whiteSpace: "nowrap" }}
          body={(f: Funcionario) => (
            <div className="rf-acciones-fila">
              <Button
                type="button"
                icon="pi pi-eye"
                rounded
                text
                aria-label={`Ver detalles de ${f.nombres} ${f.apellidos}`}
                tooltip="Ver detalles"
                tooltipOptions={{ position: "top", showDelay: 2000, hideDelay: 300 }}
                onClick={() => setAbierto(f)}
              />
              {accionExtra?.(f)}
            </div>
          )}
        />
      </DataTable>
      <FuncionarioDetalleDialog funcionario={abierto} onHide={() => setAbierto(null)} />
    </>
  );
}

/**
 * The official's status as every role reads it: its status, whether its temporary signature is near
 * its end or past it, and whether a pending deactivation concerns it.
 */
export function EstatusFuncionario({ funcionario: f }: { funcionario: Funcionario }) {
  const activo = f.idEstatus === ESTATUS_FUNCIONARIO.ACTIVO;
  return (
    <span className="rf-estatus-funcionario">
      {f.estatusNombre}
      {/* The standing's own words when the date is the point: expired, near its end, not begun. */}
      {activo && (f.vencida || f.porVencer || f.estadoFirma === "aunNoVigente") && (
        <StatusTag texto={f.estadoTexto} color={colorEstadoFirma(f.estadoFirma)} />
      )}
      {f.inactivacionSolicitada && <StatusTag texto="Inactivación solicitada" color="danger" />}
    </span>
  );
}
