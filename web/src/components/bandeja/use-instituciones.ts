/**
 * GET api/Usuarios/CargarInstituciones: the institution list of every inbox's institution filter.
 */
import { type InstitucionOpcion, MSG } from "@registro/contracts";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { useEffect } from "react";
import { api } from "../../lib/api-client";
import { notify } from "../../lib/toast";

export function cargarInstituciones(): Promise<InstitucionOpcion[]> {
  return api.get<InstitucionOpcion[]>("api/Usuarios/CargarInstituciones");
}

export const consultaInstituciones = queryOptions({
  queryKey: ["catalogos", "instituciones-filtro"],
  queryFn: cargarInstituciones,
  staleTime: 5 * 60_000,
});

export function useInstituciones(habilitado = true) {
  const query = useQuery({ ...consultaInstituciones, enabled: habilitado });
  useEffect(() => {
    if (query.isError) notify.error(MSG.errorCargarInstituciones);
  }, [query.isError]);
  return query;
}
