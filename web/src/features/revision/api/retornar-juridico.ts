/** POST api/SolicitudFirma/RetornarJuridico/{idSolicitud} {Comentario, MotivoCambioEstatus[]}: legal returns it to RyCC (102/103 → 204); the administrator returns it to legal (105 → 103). */
import type { CuerpoDecision } from "../../../components/solicitud/DecisionDialog";
import { api, type RespuestaAccion } from "../../../lib/api-client";

export function retornarJuridico(idSolicitud: number, cuerpo: CuerpoDecision): Promise<RespuestaAccion> {
  return api.post<RespuestaAccion>(`api/SolicitudFirma/RetornarJuridico/${idSolicitud}`, cuerpo);
}
