/** POST api/SolicitudFirma/AprobarRcc/{idSolicitud} (no body, or an optional {Comentario} for the history): the assigned RyCC analyst approves (101/204 → 102). */
import type { AprobacionBody } from "@registro/contracts";
import { api, type RespuestaAccion } from "../../../lib/api-client";

export function aprobarRcc(idSolicitud: number, comentario = ""): Promise<RespuestaAccion> {
  return api.post<RespuestaAccion>(
    `api/SolicitudFirma/AprobarRcc/${idSolicitud}`,
    comentario ? ({ Comentario: comentario } satisfies AprobacionBody) : undefined,
  );
}
