/** POST api/SegundoFactor/App/Iniciar (a new secret and its QR) and POST api/SegundoFactor/App {nombre, codigo}. */
import type { AppIniciada, FactorAgregado } from "@registro/contracts";
import { useMutation } from "@tanstack/react-query";
import { api, type RespuestaAccion } from "../../../lib/api-client";
import { refrescarEstado } from "./estado";

export function useIniciarApp() {
  return useMutation({ mutationFn: () => api.post<RespuestaAccion<AppIniciada>>("api/SegundoFactor/App/Iniciar") });
}

export function useConfirmarApp() {
  return useMutation({
    mutationFn: (body: { nombre: string; codigo: string }) =>
      api.post<RespuestaAccion<FactorAgregado>>("api/SegundoFactor/App", body),
    onSuccess: (r) => {
      if (r.success) refrescarEstado();
    },
  });
}
