/** GET api/ClavesSistema (the keys issued), POST api/ClavesSistema (a new one) and its revocation. */
import { type ClaveEmitida, type ClaveSistema, MSG, type NuevaClave } from "@registro/contracts";
import { useMutation, useQuery } from "@tanstack/react-query";
import { api, type RespuestaAccion } from "../../../lib/api-client";
import { queryClient } from "../../../lib/query-client";

const CLAVE = ["claves", "sistema"] as const;

export function useClavesSistema() {
  return useQuery({
    queryKey: CLAVE,
    queryFn: () => api.get<ClaveSistema[]>("api/ClavesSistema"),
    meta: { errorCarga: MSG.errorCargarClaves },
    staleTime: 0,
  });
}

export function useEmitirClave() {
  return useMutation({
    mutationFn: (datos: NuevaClave) => api.post<ClaveEmitida>("api/ClavesSistema", datos),
    onSettled: () => queryClient.invalidateQueries({ queryKey: CLAVE }),
  });
}

export function useRevocarClave() {
  return useMutation({
    mutationFn: (idClave: number) => api.post<RespuestaAccion>(`api/ClavesSistema/Revocar/${idClave}`),
    onSettled: () => queryClient.invalidateQueries({ queryKey: CLAVE }),
  });
}
