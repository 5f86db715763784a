/** POST api/SolicitudFirma/Renovar/{idSolicitud}: a new draft copied from an active request. */
import { useMutation } from "@tanstack/react-query";
import { api, type RespuestaAccion } from "../../../lib/api-client";
import { refrescarSolicitudes } from "./comun";

export const renovarSolicitud = (id: number) =>
  api.post<RespuestaAccion<{ idSolicitud: number; idIncumbente: number }>>(`api/SolicitudFirma/Renovar/${id}`);

export function useRenovarSolicitud() {
  return useMutation({
    mutationFn: renovarSolicitud,
    onSuccess: (r) => {
      if (r.success) void refrescarSolicitudes();
    },
  });
}
