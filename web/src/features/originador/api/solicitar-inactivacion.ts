/** POST api/SolicitudFirma/SolicitudInactivar/{idSolicitud} (multipart Evidencia + Justificacion): 106 → 203. */
import { useMutation } from "@tanstack/react-query";
import { api, type RespuestaAccion } from "../../../lib/api-client";
import { refrescarSolicitudes } from "./comun";

export function solicitarInactivacion(id: number, evidencia: File | null, justificacion: string) {
  const fd = new FormData();
  fd.append("Justificacion", justificacion);
  if (evidencia) fd.append("Evidencia", evidencia, evidencia.name);
  return api.post<RespuestaAccion>(`api/SolicitudFirma/SolicitudInactivar/${id}`, fd);
}

export function useSolicitarInactivacion() {
  return useMutation({
    mutationFn: (v: { id: number; evidencia: File | null; justificacion: string }) =>
      solicitarInactivacion(v.id, v.evidencia, v.justificacion),
    onSuccess: (r) => {
      if (r.success) void refrescarSolicitudes();
    },
  });
}
