/** POST api/SolicitudFirma/Rechazar/{idSolicitud} {Comentario, MotivoCambioEstatus[]}: the assigned legal analyst rejects it (→ 104, or back to 106 if it was active). */
import type { CuerpoDecision } from "../../../components/solicitud/DecisionDialog";
import { api, type RespuestaAccion } from "../../../lib/api-client";

export function rechazarJuridico(idSolicitud: number, cuerpo: CuerpoDecision): Promise<RespuestaAccion> {
  return api.post<RespuestaAccion>(`api/SolicitudFirma/Rechazar/${idSolicitud}`, cuerpo);
}
