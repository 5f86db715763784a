/**
 * POST api/SolicitudFirma/EnviarSolicitud/{idSolicitud}: 202/108 → 101. A renewal refused for its
 * officials' dates answers them on `fechaDesde`/`fechaHasta`, naming each official: those messages
 * are the answer's message, so the form shows what to fix.
 */
import { useMutation } from "@tanstack/react-query";
import { api, type RespuestaAccion } from "../../../lib/api-client";
import { refrescarSolicitudes } from "./comun";

export async function enviarSolicitud(id: number): Promise<RespuestaAccion> {
  const r = await api.post<RespuestaAccion>(`api/SolicitudFirma/EnviarSolicitud/${id}`);
  const fechas = [...(r.errors?.fechaHasta ?? []), ...(r.errors?.fechaDesde ?? [])];
  return !r.success && fechas.length > 0 ? { ...r, message: fechas.join(" ") } : r;
}

export function useEnviarSolicitud() {
  return useMutation({
    mutationFn: enviarSolicitud,
    onSuccess: (r) => {
      if (r.success) void refrescarSolicitudes();
    },
  });
}
