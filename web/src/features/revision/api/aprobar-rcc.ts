/** POST api/SolicitudFirma/AprobarRcc/{idSolicitud} (no body): the assigned RyCC analyst approves (101/204 → 102). */
import { api, type RespuestaAccion } from "../../../lib/api-client";

export function aprobarRcc(idSolicitud: number): Promise<RespuestaAccion> {
  return api.post<RespuestaAccion>(`api/SolicitudFirma/AprobarRcc/${idSolicitud}`);
}
