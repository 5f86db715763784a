/** GET api/Account/Sesiones: the user's open sessions ("Mis sesiones"). */
import type { SesionActiva } from "@registro/contracts";
import { useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { CLAVE_SESIONES } from "./comun";

export function obtenerSesiones() {
  return api.get<SesionActiva[]>("api/Account/Sesiones");
}

export function useSesiones(activo: boolean) {
  return useQuery({ queryKey: CLAVE_SESIONES, queryFn: obtenerSesiones, enabled: activo, staleTime: 0 });
}
