/** POST api/SolicitudFirma/AprobarAdminRcc/{idSolicitud} (no body): the administrator approves (105 → 106) or reactivates (203/201 → 106). */
import { api, type RespuestaAccion } from "../../../lib/api-client";

export function aprobarAdminRcc(idSolicitud: number): Promise<RespuestaAccion> {
  return api.post<RespuestaAccion>(`api/SolicitudFirma/AprobarAdminRcc/${idSolicitud}`);
}
