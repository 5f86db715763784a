/** GET api/Perfiles/GetVistas: every view, for the profile dialog's pick list. */
import { MSG, type VistaDisponible } from "@registro/contracts";
import { useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { CLAVE } from "./comun";

export function obtenerVistas(): Promise<VistaDisponible[]> {
  return api.get<VistaDisponible[]>("api/Perfiles/GetVistas");
}

export function useVistas(enabled = true) {
  return useQuery({
    queryKey: CLAVE.vistas,
    queryFn: obtenerVistas,
    meta: { errorCarga: MSG.errorCargarVistas },
    enabled,
    staleTime: 5 * 60_000,
  });
}
