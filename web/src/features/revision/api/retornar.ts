/** POST api/SolicitudFirma/Retornar/{idSolicitud} {Comentario, MotivoCambioEstatus[]}: the assigned RyCC analyst returns it to the institution (→ 108). */
import type { CuerpoDecision } from "../../../components/solicitud/DecisionDialog";
import { api, type RespuestaAccion } from "../../../lib/api-client";

export function retornarRcc(idSolicitud: number, cuerpo: CuerpoDecision): Promise<RespuestaAccion> {
  return api.post<RespuestaAccion>(`api/SolicitudFirma/Retornar/${idSolicitud}`, cuerpo);
}
