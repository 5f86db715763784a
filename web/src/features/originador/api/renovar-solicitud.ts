/**
 * POST api/SolicitudFirma/Renovar/{idSolicitud}: a new draft copied from an active request, with the
 * chosen active officials (`funcionarios`; none: all of them).
 */
import { useMutation } from "@tanstack/react-query";
import { api, type RespuestaAccion } from "../../../lib/api-client";
import { refrescarSolicitudes } from "./comun";

export const renovarSolicitud = (v: { id: number; funcionarios: number[] }) =>
  api.post<RespuestaAccion<{ idSolicitud: number; idIncumbente: number }>>(
    `api/SolicitudFirma/Renovar/${v.id}`,
    v.funcionarios.length > 0 ? { Funcionarios: v.funcionarios } : {},
  );

export function useRenovarSolicitud() {
  return useMutation({
    mutationFn: renovarSolicitud,
    onSuccess: (r) => {
      if (r.success) void refrescarSolicitudes();
    },
  });
}
