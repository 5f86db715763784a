/**
 * The one inbox table (SPEC.md screens 5, 7, 13–17): a lazy DataTable paged, sorted, searched and
 * filtered on the server (DESIGN.md §3 "Lists"). Each inbox gives its title, its fetcher and query
 * key, and optionally its columns, status display, filters and row actions. The table's state
 * (page, order, search, filters) lives in the URL, so coming back from a detail keeps the clerk's place.
 */
import { type BandejaItem, CATALOGO_ESTATUS, esCodigoEstatus, MSG } from "@registro/contracts";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { Badge } from "primereact/badge";
import { Button } from "primereact/button";
import { Column } from "primereact/column";
import { DataTable, type DataTablePageEvent, type DataTableSortEvent } from "primereact/datatable";
import { Dropdown } from "primereact/dropdown";
import { IconField } from "primereact/iconfield";
import { InputIcon } from "primereact/inputicon";
import { InputText } from "primereact/inputtext";
import {
  type CSSProperties,
  type ReactNode,
  useCallback,
  useDeferredValue,
  useEffect,
  useId,
  useMemo,
  useState,
} from "react";
import { useNavigate, useSearchParams } from "react-router";
import { notify } from "../../lib/toast";
import { MenuExportar } from "../exportar/MenuExportar";
import { formatearFechaHora } from "../solicitud/formato";
import { StatusTag } from "../solicitud/StatusTag";
import { CLAVE_BANDEJA, type ConsultaPagina, type PaginaBandeja } from "./tipos";
import { useInstituciones } from "./use-instituciones";
import "./bandeja.css";
import { PT_RPP } from "../pt-listas";

export interface ColumnaBandeja {
  /** Unique key of the column. */
  clave: string;
  header: string;
  /** The server's sortField for this column; the column is sortable only when given. */
  sortField?: string;
  /** `numero` is the row's 1-based position across pages. */
  body: (item: BandejaItem, numero: number) => ReactNode;
  style?: CSSProperties;
}

export interface OpcionFiltro {
  label: string;
  value: number;
}

/** Status filter options from status codes, labelled with the server's status text. */
export function opcionesDeEstatus(codigos: readonly number[]): OpcionFiltro[] {
  return codigos.filter(esCodigoEstatus).map((c) => ({ value: c, label: CATALOGO_ESTATUS[c].estatus }));
}

export const columnaNumero: ColumnaBandeja = {
  clave: "numero",
  header: "#",
  body: (_item, numero) => numero,
  style: { width: "4rem" },
};

export const columnaInstitucion: ColumnaBandeja = {
  clave: "institucion",
  header: "Institución",
  sortField: "institucion",
  body: (item) => item.infoInstitucion.nombre,
};

export const columnaCedula: ColumnaBandeja = {
  clave: "cedula",
  header: "Cédula Incumbente",
  sortField: "cedula",
  body: (item) => <span className="rf-nowrap">{item.infoIncumbente.cedula}</span>,
};

export const columnaIncumbente: ColumnaBandeja = {
  clave: "incumbente",
  header: "Nombre Incumbente",
  sortField: "nombres",
  body: (item) => `${item.infoIncumbente.nombres} ${item.infoIncumbente.apellidos}`.trim(),
};

export const columnaCantFuncionarios: ColumnaBandeja = {
  clave: "cantFuncionarios",
  header: "Cant. Funcionarios",
  sortField: "cantFuncionarios",
  body: (item) => <Badge value={item.cantFuncionarios} className="rf-badge" />,
  style: { textAlign: "center" },
};

export const columnaFecha: ColumnaBandeja = {
  clave: "fecha",
  header: "Fecha",
  sortField: "fechaSolicitud",
  body: (item) => {
    // Date and time may break onto two lines, each kept whole, so narrow screens keep every column.
    const [fecha, hora] = formatearFechaHora(item.fechaSolicitud).split(", ");
    return (
      <>
        <span className="rf-nowrap">{hora ? `${fecha},` : fecha}</span> <span className="rf-nowrap">{hora}</span>
      </>
    );
  },
};

/** The status column; each inbox says what text and colour a row shows (SPEC.md screens 13–18). */
export function columnaEstatus(
  texto: (item: BandejaItem) => string = (item) => item.estatus,
  color: (item: BandejaItem) => string = (item) => item.colorEstatus,
): ColumnaBandeja {
  return {
    clave: "estatus",
    header: "Estatus",
    sortField: "estatus",
    body: (item) => <StatusTag texto={texto(item)} color={color(item)} />,
  };
}

/** The columns every comptroller inbox shows, in SPEC.md's order. */
export function columnasBandeja(
  texto?: (item: BandejaItem) => string,
  color?: (item: BandejaItem) => string,
): ColumnaBandeja[] {
  return [
    columnaInstitucion,
    columnaCedula,
    columnaIncumbente,
    columnaCantFuncionarios,
    columnaEstatus(texto, color),
    columnaFecha,
  ];
}

export interface BandejaTablaProps {
  /** Heading of the screen, e.g. 'Solicitudes de Firma'. */
  titulo: string;
  /** Distinguishes this inbox's cached pages, e.g. ["analista"]. */
  clave: readonly unknown[];
  /** Fetches one page from the server. */
  cargar: (consulta: ConsultaPagina) => Promise<PaginaBandeja>;
  /** Defaults to `columnasBandeja(textoEstatus, colorEstatus)`. */
  columnas?: ColumnaBandeja[];
  textoEstatus?: (item: BandejaItem) => string;
  colorEstatus?: (item: BandejaItem) => string;
  /** Adds the row-number column first. */
  numerarFilas?: boolean;
  /** Shows the institution filter (from CargarInstituciones). Default true. */
  filtroInstitucion?: boolean;
  /** Status filter options; no status filter when absent. */
  opcionesEstatus?: readonly OpcionFiltro[];
  /** Row actions, shown in a last 'Acciones' column. */
  acciones?: (item: BandejaItem) => ReactNode;
  /** Rows per page (10) and the paginator's options (none by default). */
  filas?: number;
  opcionesFilas?: number[];
  /** Buttons next to the title (e.g. the originator's 'Nueva solicitud'). */
  barra?: ReactNode;
  /** Avisos (issue 14): the 'Por vencer / Vencidas' filter. */
  filtroVencimiento?: boolean;
  /** The list's name under api/Exportar (issue 15): shows "Exportar" with the current query. */
  exportar?: string;
}

/** Avisos (issue 14): the expiry filter's options. */
const OPCIONES_VENCIMIENTO = [
  { value: "porVencer", label: "Por vencer" },
  { value: "vencidas", label: "Vencidas" },
];

const ORDEN_POR_DEFECTO = "fechaSolicitud";
const SIN_FILAS: BandejaItem[] = [];

/**
 * PrimeReact's Dropdown carries an unlabelled hidden <select>, and puts aria-activedescendant on its
 * root div (a role that does not allow it) while focused: keep both away from assistive tech.
 */
const PT_DROPDOWN = {
  root: { "aria-activedescendant": undefined },
  select: { "aria-hidden": true },
} as const;
const ESPERA_BUSQUEDA_MS = 400;

function entero(v: string | null): number | undefined {
  if (v === null || v === "") return undefined;
  const n = Number(v);
  return Number.isInteger(n) && n >= 0 ? n : undefined;
}

export function BandejaTabla(props: BandejaTablaProps) {
  const {
    titulo,
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
  } = props;
  const id = useId();
  const [params, setParams] = useSearchParams();

  const rows = opcionesFilas?.includes(entero(params.get("rows")) ?? -1) ? entero(params.get("rows"))! : filas;
  const consulta: ConsultaPagina = {
    page: entero(params.get("page")) ?? 0,
    rows,
    sortField: params.get("sortField") || ORDEN_POR_DEFECTO,
    sortOrder: params.get("sortOrder") === "1" ? 1 : -1,
    q: params.get("q") || undefined,
    institucion: filtroInstitucion ? entero(params.get("institucion")) : undefined,
    estatus: opcionesEstatus ? entero(params.get("estatus")) : undefined,
    vencimiento:
      filtroVencimiento && (params.get("vencimiento") === "porVencer" || params.get("vencimiento") === "vencidas")
        ? (params.get("vencimiento") as "porVencer" | "vencidas")
        : undefined,
  };

  const actualizar = useCallback(
    (cambios: Record<string, string | number | undefined>, reiniciarPagina = true) =>
      setParams(
        (prev) => {
          const next = new URLSearchParams(prev);
          for (const [k, v] of Object.entries(cambios)) {
            if (v === undefined || v === "") next.delete(k);
            else next.set(k, String(v));
          }
          if (reiniciarPagina) next.delete("page");
          return next;
        },
        { replace: true },
      ),
    [setParams],
  );

  // The search box updates at once; the query waits until the clerk stops typing.
  const [busqueda, setBusqueda] = useState(consulta.q ?? "");
  useEffect(() => {
    const q = busqueda.trim();
    if (q === (consulta.q ?? "")) return;
    const t = setTimeout(() => actualizar({ q }), ESPERA_BUSQUEDA_MS);
    return () => clearTimeout(t);
  }, [busqueda, consulta.q, actualizar]);

  const query = useQuery({
    queryKey: [CLAVE_BANDEJA, ...clave, consulta],
    queryFn: () => cargar(consulta),
    placeholderData: keepPreviousData,
  });
  useEffect(() => {
    if (query.isError) notify.error(query.error.message);
  }, [query.isError, query.error]);

  const instituciones = useInstituciones(filtroInstitucion);
  const opcionesInstitucion = useMemo(
    () => (instituciones.data ?? []).map((i) => ({ label: i.nombre, value: i.idInstitucionFirma })),
    [instituciones.data],
  );

  const columnas = [
    ...(numerarFilas ? [columnaNumero] : []),
    ...(props.columnas ?? columnasBandeja(textoEstatus, colorEstatus)),
  ];
  const primera = consulta.page * consulta.rows;
  // Performance (issue 12): a page of rows is drawn in a transition, which React splits into short
  // slices, so the phone stays responsive while the table renders (Lighthouse's total blocking time).
  const pagina = useDeferredValue(query.data);
  const datos = pagina?.rows ?? SIN_FILAS;

  const onPage = (e: DataTablePageEvent) => {
    const page = e.page ?? Math.floor(e.first / e.rows);
    actualizar({ page: page || undefined, rows: e.rows === filas ? undefined : e.rows }, false);
  };
  const onSort = (e: DataTableSortEvent) => {
    // A third click on a header clears the order: go back to newest first.
    if (!e.sortOrder) actualizar({ sortField: undefined, sortOrder: undefined });
    else actualizar({ sortField: e.sortField, sortOrder: e.sortOrder === 1 ? 1 : undefined });
  };

  const encabezado = (
    <div className="rf-bandeja-filtros">
      <div className="rf-bandeja-filtro">
        <label htmlFor={`${id}-q`}>Buscar</label>
        <IconField iconPosition="left">
          <InputIcon className="pi pi-search" />
          <InputText
            id={`${id}-q`}
            type="search"
            value={busqueda}
            placeholder="Buscar..."
            onChange={(e) => setBusqueda(e.target.value)}
          />
        </IconField>
      </div>
      {filtroInstitucion && (
        <div className="rf-bandeja-filtro">
          <label htmlFor={`${id}-institucion`}>Institución</label>
          <Dropdown
            inputId={`${id}-institucion`}
            value={consulta.institucion ?? null}
            options={opcionesInstitucion}
            onChange={(e) => actualizar({ institucion: e.value ?? undefined })}
            placeholder="Todas las instituciones"
            showClear
            filter
            filterPlaceholder="Buscar institución"
            emptyMessage={MSG.sinRegistros}
            emptyFilterMessage={MSG.sinRegistros}
            className="rf-bandeja-dropdown"
            pt={PT_DROPDOWN}
          />
        </div>
      )}
      {opcionesEstatus && (
        <div className="rf-bandeja-filtro">
          <label htmlFor={`${id}-estatus`}>Estatus</label>
          <Dropdown
            inputId={`${id}-estatus`}
            value={consulta.estatus ?? null}
            options={[...opcionesEstatus]}
            onChange={(e) => actualizar({ estatus: e.value ?? undefined })}
            placeholder="Todos los estatus"
            showClear
            className="rf-bandeja-dropdown"
            pt={PT_DROPDOWN}
          />
        </div>
      )}
      {filtroVencimiento && (
        <div className="rf-bandeja-filtro">
          <label htmlFor={`${id}-vencimiento`}>Vencimiento</label>
          <Dropdown
            inputId={`${id}-vencimiento`}
            value={consulta.vencimiento ?? null}
            options={OPCIONES_VENCIMIENTO}
            onChange={(e) => actualizar({ vencimiento: e.value ?? undefined })}
            placeholder="Todas las firmas"
            showClear
            className="rf-bandeja-dropdown"
            pt={PT_DROPDOWN}
          />
        </div>
      )}
    </div>
  );

  return (
    <section className="rf-bandeja" aria-labelledby={`${id}-titulo`}>
      <div className="rf-bandeja-cabecera">
        <h1 id={`${id}-titulo`}>{titulo}</h1>
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
        // the fold instead of being pushed down by the rows (a layout shift; issue 12).
        className={`rf-tabla-apilable${pagina === undefined && !query.isError ? " rf-bandeja-cargando" : ""}`}
        paginatorTemplate="FirstPageLink PrevPageLink PageLinks NextPageLink LastPageLink RowsPerPageDropdown CurrentPageReport"
        // A search matching very many requests is counted only that far (issue 12): "de más de 10.000".
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

export interface AccionBandejaProps {
  /** Accessible name and tooltip, e.g. 'Ver detalles'. */
  etiqueta: string;
  icono: string;
  onClick: () => void;
  severity?: "secondary" | "success" | "info" | "warning" | "danger" | "help" | "contrast";
}

/** A row action: an icon button with an accessible name and a tooltip (SPEC.md §9 delays). */
export function AccionBandeja({ etiqueta, icono, onClick, severity }: AccionBandejaProps) {
  return (
    <Button
      type="button"
      icon={icono}
      rounded
      text
      severity={severity}
      aria-label={etiqueta}
      tooltip={etiqueta}
      tooltipOptions={{ position: "top", showDelay: 2000, hideDelay: 300 }}
      onClick={onClick}
    />
  );
}

/** The view action: opens the request's detail screen. */
export function AccionVer({ to }: { to: string }) {
  const navigate = useNavigate();
  return <AccionBandeja etiqueta="Ver detalles" icono="pi pi-eye" onClick={() => navigate(to)} />;
}
