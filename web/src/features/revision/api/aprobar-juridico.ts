/** POST api/SolicitudFirma/AprobarJuridico/{idSolicitud} (no body): the assigned legal analyst approves (102/103 → 105). */
import { api, type RespuestaAccion } from "../../../lib/api-client";

export function aprobarJuridico(idSolicitud: number): Promise<RespuestaAccion> {
  return api.post<RespuestaAccion>(`api/SolicitudFirma/AprobarJuridico/${idSolicitud}`);
}
