/** GET and PUT api/Avisos/Preferencias: which e-mails the signed-in user receives. */
import type { GuardarPreferencias, Preferencias } from "@registro/contracts";
import { useMutation, useQuery } from "@tanstack/react-query";
import { api, type RespuestaAccion } from "../../../lib/api-client";
import { queryClient } from "../../../lib/query-client";

const CLAVE = ["avisos", "preferencias"] as const;

export function obtenerPreferencias() {
  return api.get<Preferencias>("api/Avisos/Preferencias");
}

export function guardarPreferencias(body: GuardarPreferencias) {
  return api.put<RespuestaAccion>("api/Avisos/Preferencias", body);
}

export function usePreferencias(activo: boolean) {
  return useQuery({ queryKey: CLAVE, queryFn: obtenerPreferencias, enabled: activo, staleTime: 0 });
}

export function useGuardarPreferencias() {
  return useMutation({
    mutationFn: guardarPreferencias,
    onSuccess: (r) => {
      if (r.success) void queryClient.invalidateQueries({ queryKey: CLAVE });
    },
  });
}
