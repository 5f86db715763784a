/** Look-ups the official dialog reads: the officials' positions and the signature catalogue. */
import { type CargoOpcion, MSG, type TipoFirma } from "@registro/contracts";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { ApiError, api } from "../../lib/api-client";
import { notify } from "../../lib/toast";

/** Shows a SPEC.md §8 toast when a look-up fails, then lets the query report the error. */
async function conAviso<T>(mensaje: string, fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (e) {
    if (!(e instanceof ApiError && e.status === 401)) notify.error(mensaje);
    throw e;
  }
}

/** GET api/Perfiles/GetCargos: positions an official may hold. */
export function useCargosFuncionario(enabled = true) {
  return useQuery({
    queryKey: ["cargos", "funcionario"],
    queryFn: () => conAviso(MSG.errorCargarCargos, () => api.get<CargoOpcion[]>("api/Perfiles/GetCargos")),
    enabled,
    staleTime: 5 * 60_000,
  });
}

/** A list's options: the signatures grouped under their type's name. */
export interface GrupoFirmas {
  label: string;
  items: { label: string; value: number }[];
}

/** The options while the catalogue loads (one array, so a list's props stay the same). */
export const SIN_GRUPOS: GrupoFirmas[] = [];

function agrupar(tipos: TipoFirma[]): GrupoFirmas[] {
  return tipos.map((t) => ({ label: t.nombre, items: t.firmas.map((f) => ({ label: f.firma1, value: f.idFirma })) }));
}

/**
 * GET api/SolicitudFirma/GetFirmas: signature types with their signatures, as the grouped options of
 * a signatures list (computed once per answer: `select` keeps its result while the data is the same).
 */
export const consultaCatalogoFirmas = queryOptions({
  queryKey: ["firmas", "catalogo"],
  queryFn: () => conAviso(MSG.errorCargarFirmas, () => api.get<TipoFirma[]>("api/SolicitudFirma/GetFirmas")),
  staleTime: 5 * 60_000,
});

export function useCatalogoFirmas(enabled = true) {
  return useQuery({ ...consultaCatalogoFirmas, enabled, select: agrupar });
}
