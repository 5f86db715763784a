/** GET api/Respaldos (the last backups) and POST api/Respaldos (one more now). */
import { type EstadoRespaldos, MSG } from "@registro/contracts";
import { useMutation, useQuery } from "@tanstack/react-query";
import { api, type RespuestaAccion } from "../../../lib/api-client";
import { queryClient } from "../../../lib/query-client";

const CLAVE = ["operacion", "respaldos"] as const;

export function obtenerRespaldos() {
  return api.get<EstadoRespaldos>("api/Respaldos");
}

/** While a backup runs, the list is asked again every two seconds until it ends. */
export function useRespaldos() {
  return useQuery({
    queryKey: CLAVE,
    queryFn: () => obtenerRespaldos(),
    meta: { errorCarga: MSG.errorCargarRespaldos },
    refetchInterval: (q) => (q.state.data?.respaldos.some((r) => r.fin === null) ? 2_000 : false),
    staleTime: 0,
  });
}

export function iniciarRespaldo() {
  return api.post<RespuestaAccion>("api/Respaldos");
}

export function useIniciarRespaldo() {
  return useMutation({
    mutationFn: iniciarRespaldo,
    // Not awaited: the caller's toast says "Respaldo iniciado" at once, not after the list reloads.
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: CLAVE });
    },
  });
}
