/** POST api/SolicitudFirma/Inactivar/{idSolicitud} (no body): the administrator deactivates the signature (106/203 → 201). */
import { api, type RespuestaAccion } from "../../../lib/api-client";

export function inactivarSolicitud(idSolicitud: number): Promise<RespuestaAccion> {
  return api.post<RespuestaAccion>(`api/SolicitudFirma/Inactivar/${idSolicitud}`);
}
