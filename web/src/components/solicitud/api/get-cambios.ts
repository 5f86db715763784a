/** GET api/SolicitudFirma/Cambios/{idSolicitud}: what the institution changed since the latest return. */
import { type CambiosSolicitud, MSG } from "@registro/contracts";
import { useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";

export function obtenerCambios(idSolicitud: number): Promise<CambiosSolicitud> {
  return api.get<CambiosSolicitud>(`api/SolicitudFirma/Cambios/${idSolicitud}`);
}

export function useCambios(idSolicitud: number, habilitado = true) {
  return useQuery({
    enabled: habilitado && Number.isInteger(idSolicitud),
    queryKey: ["solicitud", idSolicitud, "cambios"],
    queryFn: () => obtenerCambios(idSolicitud),
    staleTime: 0,
    meta: { errorCarga: MSG.errorCargarDetalles },
  });
}
