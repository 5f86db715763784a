/**
 * The inbox's query kept in the URL (page, rows, order, search, filters), so coming back from a
 * detail keeps the clerk's place. The search box answers at once; the URL follows when typing stops.
 */
import { useCallback, useEffect, useState } from "react";
import { useSearchParams } from "react-router";
import type { ConsultaPagina } from "./tipos";

const ORDEN_POR_DEFECTO = "fechaSolicitud";
const ESPERA_BUSQUEDA_MS = 400;

export type CambiosConsulta = Record<string, string | number | undefined>;

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

function entero(v: string | null): number | undefined {
  if (v === null || v === "") return undefined;
  const n = Number(v);
  return Number.isInteger(n) && n >= 0 ? n : undefined;
}

export function useConsultaBandeja(o: OpcionesConsulta) {
  const [params, setParams] = useSearchParams();

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

  /**
   * Writes the changes into the URL (an empty value removes its key); a new filter starts at page 1.
   * The changes apply to the address as it is now, not to `params`: the router redraws the page in
   * a transition, so on a busy computer the screen can still hold the previous address when the
   * next change comes (`setParams`' own `prev` is that drawing's), and a filter just cleared came back.
   * A keyset "next" (`despuesDe`) lasts only for the change that sets it.
   */
  const actualizar = useCallback(
    (cambios: CambiosConsulta, reiniciarPagina = true) => {
      const next = new URLSearchParams(window.location.search);
      next.delete("despuesDe");
      for (const [k, v] of Object.entries(cambios)) {
        if (v === undefined || v === "") next.delete(k);
        else next.set(k, String(v));
      }
      if (reiniciarPagina) next.delete("page");
      setParams(next, { replace: true });
    },
    [setParams],
  );

  const [busqueda, setBusqueda] = useState(consulta.q ?? "");
  useEffect(() => {
    const q = busqueda.trim();
    if (q === (consulta.q ?? "")) return;
    const t = setTimeout(() => actualizar({ q }), ESPERA_BUSQUEDA_MS);
    return () => clearTimeout(t);
  }, [busqueda, consulta.q, actualizar]);

  return { consulta, actualizar, busqueda, setBusqueda };
}
