/** POST api/SolicitudFirma/AprobarJuridico/{idSolicitud} (no body, or an optional {Comentario} for the history): the assigned legal analyst approves (102/103 → 105). */
import type { AprobacionBody } from "@registro/contracts";
import { api, type RespuestaAccion } from "../../../lib/api-client";

export function aprobarJuridico(idSolicitud: number, comentario = ""): Promise<RespuestaAccion> {
  return api.post<RespuestaAccion>(
    `api/SolicitudFirma/AprobarJuridico/${idSolicitud}`,
    comentario ? ({ Comentario: comentario } satisfies AprobacionBody) : undefined,
  );
}
