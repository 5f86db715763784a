/** GET api/Usuarios: every user, for the users list (filtered and paged on screen). */
import { MSG, type Usuario } from "@registro/contracts";
import { useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { CLAVE } from "./comun";

export function obtenerUsuarios(): Promise<Usuario[]> {
  return api.get<Usuario[]>("api/Usuarios");
}

export function useUsuarios() {
  return useQuery({
    queryKey: CLAVE.usuarios,
    queryFn: obtenerUsuarios,
    meta: { errorCarga: MSG.errorCargarUsuarios },
    staleTime: 0,
  });
}
