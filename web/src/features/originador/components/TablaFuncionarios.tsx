/**
 * The officials table of the request form: 5 rows per page (5/10/20/50), with edit and delete
 * where the request's status allows them (DESIGN.md §4).
 */
import { type Funcionario, MSG } from "@registro/contracts";
import { Button } from "primereact/button";
import { Column } from "primereact/column";
import { DataTable } from "primereact/datatable";
import { PT_PAGINADOR } from "../../../components/pt-listas";
import { EstatusFuncionario } from "../../../components/solicitud/FuncionariosTab";

const TOOLTIP = { position: "top" as const, showDelay: 2000, hideDelay: 300 };

export interface TablaFuncionariosProps {
  funcionarios: Funcionario[];
  cargando?: boolean;
  puedeEditar: (f: Funcionario) => boolean;
  puedeEliminar: (f: Funcionario) => boolean;
  onEditar: (f: Funcionario) => void;
  onEliminar: (f: Funcionario) => void;
}

export function TablaFuncionarios(p: TablaFuncionariosProps) {
  const nombre = (f: Funcionario) => `${f.nombres} ${f.apellidos}`.trim();
  return (
    <DataTable
      value={p.funcionarios}
      dataKey="idFuncionario"
      loading={p.cargando}
      paginator
      rows={5}
      rowsPerPageOptions={[5, 10, 20, 50]}
      emptyMessage={MSG.sinFuncionarios}
      size="small"
      stripedRows
      paginatorTemplate="FirstPageLink PrevPageLink PageLinks NextPageLink LastPageLink RowsPerPageDropdown CurrentPageReport"
      currentPageReportTemplate="Mostrando {first} a {last} de {totalRecords} funcionarios"
      pt={{ ...PT_PAGINADOR, table: { "aria-labelledby": "sec-funcionarios" } as Record<string, string> }}
    >
      <Column field="cedula" header="Cédula" bodyClassName="rfo-nowrap" />
      <Column field="nombres" header="Nombres" />
      <Column field="apellidos" header="Apellidos" />
      <Column field="cargoNombre" header="Cargo" />
      <Column field="telefono" header="Teléfono" bodyClassName="rfo-nowrap" />
      <Column
        header="Estatus"
        body={(f: Funcionario) =>
          f.enviado ? <EstatusFuncionario funcionario={f} /> : `${f.estatusNombre} (sin enviar)`
        }
      />
      <Column
        header="Acciones"
        style={{ width: "1%", whiteSpace: "nowrap" }}
        body={(f: Funcionario) => (
          <div className="rfo-acciones-fila">
            {p.puedeEditar(f) && (
              <Button
                type="button"
                icon="pi pi-pencil"
                rounded
                text
                aria-label={`Editar funcionario ${nombre(f)}`}
                tooltip="Editar funcionario"
                tooltipOptions={TOOLTIP}
                onClick={() => p.onEditar(f)}
              />
            )}
            {p.puedeEliminar(f) && (
              <Button
                type="button"
                icon="pi pi-trash"
                rounded
                text
                severity="danger"
                aria-label={`Eliminar funcionario ${nombre(f)}`}
                tooltip="Eliminar funcionario"
                tooltipOptions={TOOLTIP}
                onClick={() => p.onEliminar(f)}
              />
            )}
          </div>
        )}
      />
    </DataTable>
  );
}
