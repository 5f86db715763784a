/**
 * The inbox's query kept in the URL (page, rows, order, search, filters), so coming back from a
 * detail keeps the clerk's place. The search box answers at once; the URL follows when typing stops.
 */
import { useCallback, useEffect, useState } from "react";
import { useSearchParams } from "react-router";
import { consultaDeParametros, type OpcionesConsulta } from "./consulta";

const ESPERA_BUSQUEDA_MS = 400;

export type CambiosConsulta = Record<string, string | number | undefined>;

export type { OpcionesConsulta };

export function useConsultaBandeja(o: OpcionesConsulta) {
  const [params, setParams] = useSearchParams();

  const consulta = consultaDeParametros(params, o);

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
