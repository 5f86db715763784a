/** GET api/Perfiles: every profile with its views (the profiles list and the users' dropdown). */
import { MSG, type Perfil } from "@registro/contracts";
import { useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { CLAVE } from "./comun";

export function obtenerPerfiles(): Promise<Perfil[]> {
  return api.get<Perfil[]>("api/Perfiles");
}

export function usePerfiles(enabled = true) {
  return useQuery({
    queryKey: CLAVE.perfiles,
    queryFn: obtenerPerfiles,
    meta: { errorCarga: MSG.errorCargarPerfiles },
    enabled,
    staleTime: 0,
  });
}
