/**
 * The list frame every maintenance screen shares (SPEC.md screens 19–22): a card with the title,
 * the search box, Agregar, Exportar and Volver, and a DataTable of 15 rows (15/25/50) paged and
 * searched on screen, with the page report 'Mostrando {first} a {last} de {totalRecords} …'. The
 * search and sort are contracts' `seleccionarFilas`, the same rule the server's export applies,
 * so "Exportar" downloads exactly the rows the screen selects.
 */
import { LISTAS_CONFIGURACION, type ListaConfiguracion, seleccionarFilas, V } from "@registro/contracts";
import { Button } from "primereact/button";
import type { ColumnProps } from "primereact/column";
import { DataTable } from "primereact/datatable";
import { IconField } from "primereact/iconfield";
import { InputIcon } from "primereact/inputicon";
import { InputText } from "primereact/inputtext";
import { Children, cloneElement, isValidElement, type ReactNode, useId, useMemo, useState } from "react";
import { useNavigate } from "react-router";
import { MenuExportar } from "../../../components/exportar/MenuExportar";
import { ptEtiqueta } from "../../../components/pt-listas";
import { useUserData } from "../../../lib/user-data";
import { RUTA } from "../paths";
import { ptTabla } from "./pt";
import "../../../components/bandeja/bandeja.css";

export interface MantenimientoTablaProps<T> {
  titulo: string;
  datos: T[] | undefined;
  dataKey: string;
  cargando: boolean;
  /** The list (its search fields, sortable columns and export under api/Exportar). */
  lista: ListaConfiguracion;
  /** Empty-list text (SPEC.md §8). */
  vacio: string;
  /** Plural noun of the page report: 'usuarios', 'perfiles'… */
  plural: string;
  /** Label of the add button (e.g. 'Agregar Usuario'). */
  agregar: string;
  onAgregar: () => void;
  /** Extra content above the table (e.g. a filter). */
  extra?: ReactNode;
  children: ReactNode;
}

export function MantenimientoTabla<T extends object>(p: MantenimientoTablaProps<T>) {
  const id = useId();
  const navigate = useNavigate();
  const { data } = useUserData();
  const [busqueda, setBusqueda] = useState("");
  const [pagina, setPagina] = useState({ first: 0, rows: 15 });
  const [orden, setOrden] = useState<{ sortField?: string; sortOrder: 1 | -1 }>({ sortOrder: 1 });
  const q = busqueda.trim();
  const seleccion = useMemo(
    () => seleccionarFilas(p.datos ?? [], LISTAS_CONFIGURACION[p.lista].busqueda, { q, ...orden }),
    [p.datos, p.lista, q, orden],
  );
  // Volver leads to the Configuración menu when the user has it, otherwise to Inicio.
  const volverA = data?.vistas.some((v) => v.nombre === V.CONFIGURACION) ? RUTA.configuracion : "/";

  const encabezado = (
    <div className="rfc-filtros">
      <div className="rfc-filtro">
        <label htmlFor={`${id}-q`}>Buscar</label>
        <IconField iconPosition="left">
          <InputIcon className="pi pi-search" />
          <InputText
            id={`${id}-q`}
            type="search"
            value={busqueda}
            placeholder="Buscar..."
            onChange={(e) => {
              setBusqueda(e.target.value);
              setPagina((pg) => ({ ...pg, first: 0 }));
            }}
          />
        </IconField>
      </div>
      {p.extra}
    </div>
  );

  return (
    <section className="rfc-tarjeta" aria-labelledby={`${id}-titulo`}>
      <div className="rfc-cabecera">
        <h1 id={`${id}-titulo`}>{p.titulo}</h1>
        <div className="rfc-barra">
          <Button type="button" label={p.agregar} icon="pi pi-plus" onClick={p.onAgregar} />
          <MenuExportar lista={p.lista} consulta={{ q, ...orden }} />
          <Button
            type="button"
            label="Volver"
            icon="pi pi-arrow-left"
            severity="secondary"
            outlined
            onClick={() => navigate(volverA)}
          />
        </div>
      </div>
      <DataTable
        value={seleccion.slice(pagina.first, pagina.first + pagina.rows)}
        dataKey={p.dataKey}
        loading={p.cargando}
        header={encabezado}
        emptyMessage={p.vacio}
        lazy
        totalRecords={seleccion.length}
        sortField={orden.sortField}
        sortOrder={orden.sortOrder}
        onSort={(e) => {
          setOrden({ sortField: e.sortField, sortOrder: e.sortOrder === -1 ? -1 : 1 });
          setPagina((pg) => ({ ...pg, first: 0 }));
        }}
        paginator
        first={pagina.first}
        rows={pagina.rows}
        onPage={(e) => setPagina({ first: e.first, rows: e.rows })}
        rowsPerPageOptions={[15, 25, 50]}
        paginatorTemplate="FirstPageLink PrevPageLink PageLinks NextPageLink LastPageLink RowsPerPageDropdown CurrentPageReport"
        currentPageReportTemplate={`Mostrando {first} a {last} de {totalRecords} ${p.plural}`}
        stripedRows
        size="small"
        // Phones: one stacked card per row, each value after its column's name, as in the inboxes.
        className="rf-tabla-apilable"
        pt={ptTabla(`${id}-titulo`)}
      >
        {Children.map(p.children, conEtiqueta)}
      </DataTable>
    </section>
  );
}

/** A column whose cells carry its header as their label on a phone's stacked card. */
function conEtiqueta(columna: ReactNode): ReactNode {
  if (!isValidElement<ColumnProps>(columna) || typeof columna.props.header !== "string") return columna;
  const pt = columna.props.pt ?? {};
  return cloneElement(columna, {
    pt: {
      ...pt,
      bodyCell: { ...(pt.bodyCell as object), ...ptEtiqueta(columna.props.header).bodyCell },
    },
  });
}
