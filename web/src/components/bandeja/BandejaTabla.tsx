/**
 * The one inbox table (SPEC.md screens 5, 7, 13–17): a lazy DataTable paged, sorted, searched and
 * filtered on the server (DESIGN.md §3 "Lists"). Each inbox gives its title, its fetcher and query
 * key, and optionally its columns, status display, filters and row actions. The table's state
 * (page, order, search, filters) lives in the URL (use-consulta-bandeja.ts), so coming back from a
 * detail keeps the clerk's place; the columns are in columnas.tsx, the toolbar in FiltrosBandeja.tsx.
 */
import type { BandejaItem } from "@registro/contracts";
import { MSG } from "@registro/contracts";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { Column } from "primereact/column";
import { DataTable, type DataTablePageEvent, type DataTableSortEvent } from "primereact/datatable";
import { type ReactNode, useDeferredValue, useEffect, useId } from "react";
import { notify } from "../../lib/toast";
import { MenuExportar } from "../exportar/MenuExportar";
import { PT_RPP } from "../pt-listas";
import { type ColumnaBandeja, columnaNumero, columnasBandeja, type OpcionFiltro } from "./columnas";
import { claveDePagina, type DefinicionBandeja, opcionesDeBandeja } from "./consulta";
import { FiltrosBandeja } from "./FiltrosBandeja";
import { despuesDeSiguiente } from "./siguiente";
import { useConsultaBandeja } from "./use-consulta-bandeja";
import "./bandeja.css";
// The table's layout rules before its first paint (web/build/vite-plugins.ts: estructuraPrimeReact).
import "virtual:primereact-estructura-tabla.css";

export interface BandejaTablaProps extends DefinicionBandeja {
  /** Heading of the screen, e.g. 'Solicitudes de Firma'. */
  titulo: string;
  /**
   * The help under the heading (contracts' ENCABEZADOS_PANTALLA): the server writes the heading and
   * this help, with the same classes, into the page it sends, so the screen draws them where they were.
   */
  ayuda?: string;
  /** Defaults to `columnasBandeja(textoEstatus, colorEstatus)`. */
  columnas?: ColumnaBandeja[];
  textoEstatus?: (item: BandejaItem) => string;
  colorEstatus?: (item: BandejaItem) => string;
  /** Adds the row-number column first. */
  numerarFilas?: boolean;
  /** Status filter options; no status filter when absent. */
  opcionesEstatus?: readonly OpcionFiltro[];
  /** Row actions, shown in a last 'Acciones' column. */
  acciones?: (item: BandejaItem) => ReactNode;
  /** Buttons next to the title (e.g. the originator's 'Nueva solicitud'). */
  barra?: ReactNode;
  /** The list's name under api/Exportar: shows "Exportar" with the current query. */
  exportar?: string;
}

const SIN_FILAS: BandejaItem[] = [];

// biome-ignore lint/complexity/noExcessiveLinesPerFunction: the inbox table's columns, each template reading the table's paging, sorting and selection state.
export function BandejaTabla(props: BandejaTablaProps) {
  const {
    titulo,
    ayuda,
    clave,
    cargar,
    textoEstatus,
    colorEstatus,
    numerarFilas = false,
    filtroInstitucion = true,
    opcionesEstatus,
    acciones,
    filas = 10,
    opcionesFilas,
    barra,
    filtroVencimiento = false,
    exportar,
    filtroAsignadas = false,
    espera = false,
  } = props;
  const id = useId();
  const { consulta, actualizar, busqueda, setBusqueda } = useConsultaBandeja(opcionesDeBandeja(props));

  const query = useQuery({
    queryKey: claveDePagina(clave, consulta),
    queryFn: () => cargar(consulta),
    placeholderData: keepPreviousData,
  });
  useEffect(() => {
    if (query.isError) notify.error(query.error.message);
  }, [query.isError, query.error]);

  const columnas = [
    ...(numerarFilas ? [columnaNumero] : []),
    ...(props.columnas ?? columnasBandeja(textoEstatus, colorEstatus, { espera })),
  ];
  const primera = consulta.page * consulta.rows;
  // Performance: a page of rows is drawn in a transition, which React splits into short slices, so
  // the phone stays responsive while the table renders (Lighthouse's total blocking time). The first
  // render draws the table without them even when its first page is already here (asked for with
  // the screen's code): the frame's commit and the rows' are two tasks instead of one long one.
  const pagina = useDeferredValue(query.data, undefined);
  const datos = pagina?.rows ?? SIN_FILAS;

  const onPage = (e: DataTablePageEvent) => {
    const page = e.page ?? Math.floor(e.first / e.rows);
    actualizar(
      {
        page: page || undefined,
        rows: e.rows === filas ? undefined : e.rows,
        // "Next" on a search counted only up to its cap: the rows after this page's last one (issue 40).
        despuesDe: despuesDeSiguiente(consulta, pagina, { page, rows: e.rows }),
      },
      false,
    );
  };
  const onSort = (e: DataTableSortEvent) => {
    // A third click on a header clears the order: go back to newest first.
    if (!e.sortOrder) actualizar({ sortField: undefined, sortOrder: undefined });
    else actualizar({ sortField: e.sortField, sortOrder: e.sortOrder === 1 ? 1 : undefined });
  };

  const encabezado = (
    <FiltrosBandeja
      id={id}
      consulta={consulta}
      actualizar={actualizar}
      busqueda={busqueda}
      setBusqueda={setBusqueda}
      filtroInstitucion={filtroInstitucion}
      opcionesEstatus={opcionesEstatus}
      filtroVencimiento={filtroVencimiento}
      filtroAsignadas={filtroAsignadas}
      filtroEspera={espera}
    />
  );

  return (
    <section className="rf-bandeja" aria-labelledby={`${id}-titulo`}>
      <div className="rf-bandeja-cabecera">
        <h1 id={`${id}-titulo`}>{titulo}</h1>
        {ayuda && <p className="rf-bandeja-ayuda">{ayuda}</p>}
        {(barra || exportar) && (
          <div className="rf-bandeja-barra">
            {exportar && <MenuExportar lista={exportar} consulta={consulta} />}
            {barra}
          </div>
        )}
      </div>
      <DataTable
        value={datos}
        dataKey="idSolicitud"
        lazy
        // The paginator comes with the first rows: drawn before them, it would jump down when they
        // arrive (a layout shift on every visit), and read "Mostrando 0 a 0 de 0" meanwhile.
        paginator={pagina !== undefined}
        first={primera}
        rows={consulta.rows}
        rowsPerPageOptions={opcionesFilas}
        totalRecords={pagina?.totalRecords ?? 0}
        onPage={onPage}
        sortField={consulta.sortField}
        sortOrder={consulta.sortOrder}
        onSort={onSort}
        removableSort
        // Still loading until the rows drawn are the page received (they follow it in a transition).
        loading={query.isFetching || pagina !== query.data}
        loadingIcon={<span aria-hidden="true" />}
        header={encabezado}
        emptyMessage={pagina === undefined ? <span /> : MSG.sinRegistros}
        // Phones: each request becomes a stacked card (bandeja.css), each value after its column's name.
        // Until the first page arrives the table keeps a screen's height, so the footer starts below
        // the fold instead of being pushed down by the rows (a layout shift).
        className={`rf-tabla-apilable${pagina === undefined && !query.isError ? " rf-bandeja-cargando" : ""}`}
        paginatorTemplate="FirstPageLink PrevPageLink PageLinks NextPageLink LastPageLink RowsPerPageDropdown CurrentPageReport"
        // A search matching very many requests is counted only that far: "de más de 1,000".
        currentPageReportTemplate={
          query.data?.totalLimitado
            ? MSG.reportePaginaLimitada(query.data.totalRecords)
            : "Mostrando {first} a {last} de {totalRecords} solicitudes"
        }
        stripedRows
        size="small"
        pt={{
          // PrimeReact's dropdowns carry an unlabelled hidden <select>; keep it away from assistive tech.
          paginator: { RPPDropdown: PT_RPP },
          table: { "aria-labelledby": `${id}-titulo` } as Record<string, string>,
        }}
      >
        {columnas.map((c) => (
          <Column
            key={c.clave}
            columnKey={c.clave}
            header={c.header}
            sortable={c.sortField !== undefined}
            sortField={c.sortField}
            field={c.sortField}
            style={c.style}
            pt={{ bodyCell: { "data-etiqueta": c.header } as Record<string, string> }}
            body={(item: BandejaItem) => c.body(item, primera + datos.indexOf(item) + 1)}
          />
        ))}
        {acciones && (
          <Column
            columnKey="acciones"
            header="Acciones"
            pt={{ bodyCell: { "data-etiqueta": "Acciones" } as Record<string, string> }}
            body={(item: BandejaItem) => <div className="rf-bandeja-acciones">{acciones(item)}</div>}
            style={{ width: "1%", whiteSpace: "nowrap" }}
          />
        )}
      </DataTable>
    </section>
  );
}
