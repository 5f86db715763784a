/** POST api/SegundoFactor/CodigosRecuperacion: ten new codes, shown once; the old ones stop working. */
import type { FactorAgregado } from "@registro/contracts";
import { useMutation } from "@tanstack/react-query";
import { api, type RespuestaAccion } from "../../../lib/api-client";
import { refrescarEstado } from "./estado";

export function useGenerarCodigos() {
  return useMutation({
    mutationFn: () => api.post<RespuestaAccion<FactorAgregado>>("api/SegundoFactor/CodigosRecuperacion"),
    onSuccess: (r) => {
      if (r.success) refrescarEstado();
    },
  });
}
