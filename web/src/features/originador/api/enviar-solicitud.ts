/** POST api/SolicitudFirma/EnviarSolicitud/{idSolicitud}: 202/108 → 101. */
import { useMutation } from "@tanstack/react-query";
import { api, type RespuestaAccion } from "../../../lib/api-client";
import { refrescarSolicitudes } from "./comun";

export const enviarSolicitud = (id: number) => api.post<RespuestaAccion>(`api/SolicitudFirma/EnviarSolicitud/${id}`);

export function useEnviarSolicitud() {
  return useMutation({
    mutationFn: enviarSolicitud,
    onSuccess: (r) => {
      if (r.success) void refrescarSolicitudes();
    },
  });
}
