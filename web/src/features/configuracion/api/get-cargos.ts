/** GET api/Usuarios/CargosActivos: every position, active or not (list and institutions' multi-select). */
import { type Cargo, MSG } from "@registro/contracts";
import { useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { CLAVE } from "./comun";

export function obtenerCargos(): Promise<Cargo[]> {
  return api.get<Cargo[]>("api/Usuarios/CargosActivos");
}

export function useCargos(enabled = true) {
  return useQuery({
    queryKey: CLAVE.cargos,
    queryFn: obtenerCargos,
    meta: { errorCarga: MSG.errorCargarCargos },
    enabled,
    staleTime: 0,
  });
}
