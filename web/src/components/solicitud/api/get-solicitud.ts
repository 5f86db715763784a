/** GET api/SolicitudFirma/{idSolicitud}: one request with its institution and incumbent. */
import type { Solicitud } from "@registro/contracts";
import { useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { mensajeSolicitud, useAvisoError } from "./aviso-error";

export const claveSolicitud = (idSolicitud: number) => ["solicitud", idSolicitud] as const;

export function obtenerSolicitud(idSolicitud: number): Promise<Solicitud> {
  return api.get<Solicitud>(`api/SolicitudFirma/${idSolicitud}`);
}

export function useSolicitud(idSolicitud: number) {
  const query = useQuery({
    queryKey: claveSolicitud(idSolicitud),
    queryFn: () => obtenerSolicitud(idSolicitud),
    enabled: Number.isInteger(idSolicitud) && idSolicitud > 0,
    staleTime: 0,
  });
  useAvisoError(query.isError, mensajeSolicitud(query.error));
  return query;
}
