/** GET api/SolicitudFirma/GetSolicitudAdjuntos/{idSolicitud}: the request's files (and evidence). */
import { type Adjunto, MSG } from "@registro/contracts";
import { useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";

export function obtenerSolicitudAdjuntos(idSolicitud: number): Promise<Adjunto[]> {
  return api.get<Adjunto[]>(`api/SolicitudFirma/GetSolicitudAdjuntos/${idSolicitud}`);
}

export function useSolicitudAdjuntos(idSolicitud: number, habilitado = true) {
  return useQuery({
    enabled: habilitado,
    queryKey: ["solicitud", idSolicitud, "adjuntos"],
    queryFn: () => obtenerSolicitudAdjuntos(idSolicitud),
    staleTime: 0,
    meta: { errorCarga: MSG.errorCargarAdjuntos },
  });
}
