/** GET api/SolicitudFirma/Historico/{idSolicitud}: the request's status history, oldest first. */
import { type HistoricoEntrada, MSG } from "@registro/contracts";
import { useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";

export function obtenerHistorico(idSolicitud: number): Promise<HistoricoEntrada[]> {
  return api.get<HistoricoEntrada[]>(`api/SolicitudFirma/Historico/${idSolicitud}`);
}

/** `activo` false: not read yet (e.g. until the request itself is). */
export function useHistorico(idSolicitud: number, activo = true) {
  return useQuery({
    queryKey: ["solicitud", idSolicitud, "historico"],
    queryFn: () => obtenerHistorico(idSolicitud),
    staleTime: 0,
    enabled: activo,
    meta: { errorCarga: MSG.errorCargarDetalles },
  });
}
