/** GET api/Auditoria/Usuarios: every user, for the audit screen's "Usuario" filter. */
import { type AuditoriaUsuario, MSG } from "@registro/contracts";
import { useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { CLAVE } from "./comun";

export function useAuditoriaUsuarios() {
  return useQuery({
    queryKey: [...CLAVE.auditoria, "usuarios"],
    queryFn: () => api.get<AuditoriaUsuario[]>("api/Auditoria/Usuarios"),
    meta: { errorCarga: MSG.errorCargarUsuarios },
    staleTime: 60_000,
  });
}
