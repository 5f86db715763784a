/**
 * "Mis sesiones": GET api/Account/Sesiones, DELETE api/Account/Sesiones/{idSesion},
 * PUT api/Account/Sesiones/CerrarOtras.
 */
import type { RespuestaSimple, SesionActiva } from "@registro/contracts";
import { useMutation, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { queryClient } from "../../../lib/query-client";

const CLAVE = ["Account", "Sesiones"] as const;

export function obtenerSesiones() {
  return api.get<SesionActiva[]>("api/Account/Sesiones");
}

export function useSesiones(activo: boolean) {
  return useQuery({ queryKey: CLAVE, queryFn: obtenerSesiones, enabled: activo, staleTime: 0 });
}

const refrescar = (r: RespuestaSimple) => {
  if (r.success) void queryClient.invalidateQueries({ queryKey: CLAVE });
};

export function useCerrarSesion() {
  return useMutation({
    mutationFn: (idSesion: number) => api.delete<RespuestaSimple>(`api/Account/Sesiones/${idSesion}`),
    onSuccess: refrescar,
  });
}

export function useCerrarOtras() {
  return useMutation({
    mutationFn: () => api.put<RespuestaSimple>("api/Account/Sesiones/CerrarOtras"),
    onSuccess: refrescar,
  });
}
