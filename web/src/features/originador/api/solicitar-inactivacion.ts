/**
 * POST api/SolicitudFirma/SolicitudInactivar/{idSolicitud} (multipart Evidencia + Justificacion, and
 * the chosen officials' ids as `Funcionarios`, none for the whole request): 106 → 203.
 */
import { useMutation } from "@tanstack/react-query";
import { api, type RespuestaAccion } from "../../../lib/api-client";
import { refrescarSolicitudes } from "./comun";

export function solicitarInactivacion(
  id: number,
  evidencia: File | null,
  justificacion: string,
  funcionarios: number[] = [],
) {
  const fd = new FormData();
  fd.append("Justificacion", justificacion);
  for (const f of funcionarios) fd.append("Funcionarios", String(f));
  if (evidencia) fd.append("Evidencia", evidencia, evidencia.name);
  return api.post<RespuestaAccion>(`api/SolicitudFirma/SolicitudInactivar/${id}`, fd);
}

export function useSolicitarInactivacion() {
  return useMutation({
    mutationFn: (v: { id: number; evidencia: File | null; justificacion: string; funcionarios: number[] }) =>
      solicitarInactivacion(v.id, v.evidencia, v.justificacion, v.funcionarios),
    onSuccess: (r) => {
      if (r.success) void refrescarSolicitudes();
    },
  });
}
