/** GET api/Usuarios/CargarCriterios → the criteria of Inicio's three cards (by `tipo`). */
import type { Criterio } from "@registro/contracts";
import { useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";

export function cargarCriterios(): Promise<Criterio[]> {
  return api.get<Criterio[]>("api/Usuarios/CargarCriterios");
}

export function useCriterios(enabled: boolean) {
  return useQuery({ queryKey: ["Usuarios", "CargarCriterios"], queryFn: cargarCriterios, enabled, staleTime: 300_000 });
}
