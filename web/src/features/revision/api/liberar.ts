/** POST api/SolicitudFirma/Liberar/{idSolicitud}: the holder gives the request back to the stage. */
import { api, type RespuestaAccion } from "../../../lib/api-client";

export function liberarSolicitud(idSolicitud: number): Promise<RespuestaAccion> {
  return api.post<RespuestaAccion>(`api/SolicitudFirma/Liberar/${idSolicitud}`);
}
