/** POST api/SolicitudFirma/AprobarAdminRcc/{idSolicitud} (no body, or an optional {Comentario} for the history): the administrator approves (105 → 106) or reactivates (203/201 → 106). */
import type { AprobacionBody } from "@registro/contracts";
import { api, type RespuestaAccion } from "../../../lib/api-client";

export function aprobarAdminRcc(idSolicitud: number, comentario = ""): Promise<RespuestaAccion> {
  return api.post<RespuestaAccion>(
    `api/SolicitudFirma/AprobarAdminRcc/${idSolicitud}`,
    comentario ? ({ Comentario: comentario } satisfies AprobacionBody) : undefined,
  );
}
