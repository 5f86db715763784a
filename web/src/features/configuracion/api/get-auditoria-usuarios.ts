/** GET api/Auditoria/Usuarios: every user, for the audit screen's "Usuario" filter. */
import { type AuditoriaUsuario, MSG } from "@registro/contracts";
import { useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { CLAVE, conAviso } from "./comun";

export function useAuditoriaUsuarios() {
  return useQuery({
    queryKey: [...CLAVE.auditoria, "usuarios"],
    queryFn: () => conAviso(MSG.errorCargarUsuarios, () => api.get<AuditoriaUsuario[]>("api/Auditoria/Usuarios")),
    staleTime: 60_000,
  });
}
