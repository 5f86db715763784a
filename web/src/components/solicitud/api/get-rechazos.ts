/** GET api/SolicitudFirma/GetRechazos/{idSolicitud}: reasons and comment of the latest return or rejection. */
import { MSG, type Rechazo } from "@registro/contracts";
import { useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";

export function obtenerRechazos(idSolicitud: number): Promise<Rechazo[]> {
  return api.get<Rechazo[]>(`api/SolicitudFirma/GetRechazos/${idSolicitud}`);
}

export function useRechazos(idSolicitud: number) {
  return useQuery({
    queryKey: ["solicitud", idSolicitud, "rechazos"],
    queryFn: () => obtenerRechazos(idSolicitud),
    staleTime: 0,
    // SPEC.md §8: the details message covers rejections too.
    meta: { errorCarga: MSG.errorCargarDetalles },
  });
}
