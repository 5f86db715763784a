/** POST api/ClavesSistema/Revocar/{idClave}: a key revoked. */
import { useMutation } from "@tanstack/react-query";
import { api, type RespuestaAccion } from "../../../lib/api-client";
import { queryClient } from "../../../lib/query-client";
import { CLAVE_CLAVES } from "./comun";

export function useRevocarClave() {
  return useMutation({
    mutationFn: (idClave: number) => api.post<RespuestaAccion>(`api/ClavesSistema/Revocar/${idClave}`),
    onSettled: () => queryClient.invalidateQueries({ queryKey: CLAVE_CLAVES }),
  });
}
