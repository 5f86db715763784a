/**
 * GET api/Usuarios/CargarInstituciones: the institution list of every inbox's institution filter.
 */
import { type InstitucionOpcion, MSG } from "@registro/contracts";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../../lib/api-client";

export function cargarInstituciones(): Promise<InstitucionOpcion[]> {
  return api.get<InstitucionOpcion[]>("api/Usuarios/CargarInstituciones");
}

export const consultaInstituciones = queryOptions({
  queryKey: ["catalogos", "instituciones-filtro"],
  queryFn: cargarInstituciones,
  staleTime: 5 * 60_000,
});

export function useInstituciones(habilitado = true) {
  // The message is this hook's, not the prefetch's: said once the list is on screen.
  return useQuery({
    ...consultaInstituciones,
    enabled: habilitado,
    meta: { errorCarga: MSG.errorCargarInstituciones },
  });
}
