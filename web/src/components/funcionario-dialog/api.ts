/** Look-ups the official dialog reads: the officials' positions and the signature catalogue. */
import { type CargoOpcion, MSG, type TipoFirma } from "@registro/contracts";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../../lib/api-client";

/** GET api/Perfiles/GetCargos: positions an official may hold. */
export function useCargosFuncionario(enabled = true) {
  return useQuery({
    queryKey: ["cargos", "funcionario"],
    queryFn: () => api.get<CargoOpcion[]>("api/Perfiles/GetCargos"),
    meta: { errorCarga: MSG.errorCargarCargos },
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
  queryFn: () => api.get<TipoFirma[]>("api/SolicitudFirma/GetFirmas"),
  meta: { errorCarga: MSG.errorCargarFirmas },
  staleTime: 5 * 60_000,
});

export function useCatalogoFirmas(enabled = true) {
  return useQuery({ ...consultaCatalogoFirmas, enabled, select: agrupar });
}
