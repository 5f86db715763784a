/**
 * POST api/SolicitudFirma/AssignProcess/{idSolicitud}: the analyst or legal analyst takes the
 * request. A refusal (someone else holds it, wrong stage) comes back as success:false with the reason.
 */
import { api, type RespuestaAccion } from "../../../lib/api-client";

export function asignarSolicitud(idSolicitud: number): Promise<RespuestaAccion> {
  return api.post<RespuestaAccion>(`api/SolicitudFirma/AssignProcess/${idSolicitud}`);
}
