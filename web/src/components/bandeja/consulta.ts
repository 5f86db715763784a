/**
 * An inbox's query as its address says it (page, rows, order, search, filters), without React: the
 * table reads it (use-consulta-bandeja.ts), and a page load asks for the first page with the
 * screen's code (`precargaBandeja`, the route's `precargar`) under the key the table then finds.
 */
import type { QueryKey } from "@tanstack/react-query";
import { queryClient } from "../../lib/query-client";
import { CLAVE_BANDEJA, type ConsultaPagina, type PaginaBandeja } from "./tipos";

const ORDEN_POR_DEFECTO = "fechaSolicitud";

export interface OpcionesConsulta {
  /** Rows per page by default, and the other choices the paginator offers. */
  filas: number;
  opcionesFilas?: readonly number[];
  filtroInstitucion: boolean;
  filtroEstatus: boolean;
  filtroVencimiento: boolean;
  filtroAsignadas: boolean;
  filtroEspera: boolean;
}

/** What an inbox is: its query key, its fetcher and the filters and paging it offers (BandejaTabla's props). */
export interface DefinicionBandeja {
  /** Distinguishes this inbox's cached pages, e.g. ["analista"]. */
  clave: readonly unknown[];
  /** Fetches one page from the server. */
  cargar: (consulta: ConsultaPagina) => Promise<PaginaBandeja>;
  /** Rows per page (10) and the paginator's options (none by default). */
  filas?: number;
  opcionesFilas?: number[];
  /** Shows the institution filter (from CargarInstituciones). Default true. */
  filtroInstitucion?: boolean;
  /** Status filter options; no status filter when absent. */
  opcionesEstatus?: readonly unknown[];
  /** Avisos: the 'Por vencer / Vencidas' filter. */
  filtroVencimiento?: boolean;
  /** The reviewers' "Mis asignadas" filter (the requests the signed-in user holds). */
  filtroAsignadas?: boolean;
  /** The reviewers' days-waiting column and its "En espera prolongada" filter. */
  espera?: boolean;
}

export function opcionesDeBandeja(d: Omit<DefinicionBandeja, "clave" | "cargar">): OpcionesConsulta {
  return {
    filas: d.filas ?? 10,
    opcionesFilas: d.opcionesFilas,
    filtroInstitucion: d.filtroInstitucion ?? true,
    filtroEstatus: d.opcionesEstatus !== undefined,
    filtroVencimiento: d.filtroVencimiento ?? false,
    filtroAsignadas: d.filtroAsignadas ?? false,
    filtroEspera: d.espera ?? false,
  };
}

function entero(v: string | null): number | undefined {
  if (v === null || v === "") return undefined;
  const n = Number(v);
  return Number.isInteger(n) && n >= 0 ? n : undefined;
}

/** The query the address's parameters ask for; what the inbox does not offer is left out. */
export function consultaDeParametros(params: URLSearchParams, o: OpcionesConsulta): ConsultaPagina {
  const filasUrl = entero(params.get("rows"));
  const vencimiento = params.get("vencimiento");
  const consulta: ConsultaPagina = {
    page: entero(params.get("page")) ?? 0,
    rows: filasUrl !== undefined && o.opcionesFilas?.includes(filasUrl) ? filasUrl : o.filas,
    sortField: params.get("sortField") || ORDEN_POR_DEFECTO,
    sortOrder: params.get("sortOrder") === "1" ? 1 : -1,
    q: params.get("q") || undefined,
    institucion: o.filtroInstitucion ? entero(params.get("institucion")) : undefined,
    estatus: o.filtroEstatus ? entero(params.get("estatus")) : undefined,
    vencimiento:
      o.filtroVencimiento && (vencimiento === "porVencer" || vencimiento === "vencidas") ? vencimiento : undefined,
    asignadas: o.filtroAsignadas && params.get("asignadas") === "mias" ? "mias" : undefined,
    espera: o.filtroEspera && params.get("espera") === "larga" ? "larga" : undefined,
  };
  // A keyset "next" (issue 40) holds only in date order, and only with its page.
  const despuesDe = entero(params.get("despuesDe"));
  if (despuesDe && consulta.sortField === ORDEN_POR_DEFECTO && params.get("page")) consulta.despuesDe = despuesDe;
  return consulta;
}

/** The cache's key of one page of an inbox. */
export function claveDePagina(clave: readonly unknown[], consulta: ConsultaPagina): QueryKey {
  return [CLAVE_BANDEJA, ...clave, consulta];
}

/**
 * The route's `precargar`: the page the address asks for, requested while the screen's code loads.
 * Performance: the first render then draws the rows in its own short slices (main.tsx), instead of
 * the table being drawn empty, again when the answer arrives (a synchronous render: the query's
 * store) and a third time with its rows.
 */
export function precargaBandeja(d: DefinicionBandeja): () => void {
  return () => {
    const consulta = consultaDeParametros(new URLSearchParams(window.location.search), opcionesDeBandeja(d));
    void queryClient.prefetchQuery({ queryKey: claveDePagina(d.clave, consulta), queryFn: () => d.cargar(consulta) });
  };
}
