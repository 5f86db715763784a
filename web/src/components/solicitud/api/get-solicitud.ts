/** GET api/SolicitudFirma/{idSolicitud}: one request with its institution and incumbent. */
import { MSG, type Solicitud } from "@registro/contracts";
import { useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";

export const claveSolicitud = (idSolicitud: number) => ["solicitud", idSolicitud] as const;

export function obtenerSolicitud(idSolicitud: number): Promise<Solicitud> {
  return api.get<Solicitud>(`api/SolicitudFirma/${idSolicitud}`);
}

export function useSolicitud(idSolicitud: number) {
  return useQuery({
    queryKey: claveSolicitud(idSolicitud),
    queryFn: () => obtenerSolicitud(idSolicitud),
    enabled: Number.isInteger(idSolicitud) && idSolicitud > 0,
    staleTime: 0,
    // As mensajeSolicitud says it on the screen.
    meta: { errorCarga: MSG.errorCargarDetalles, porEstado: { 404: MSG.solicitudNoEncontrada } },
  });
}
