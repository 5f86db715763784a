/**
 * POST api/SolicitudFirma/Reasignar/{idSolicitud} {IdUsuario, Comentario}: the RyCC administrator
 * moves a held request to another user of its stage; GET api/SolicitudFirma/UsuariosEtapa/{id}
 * lists who may receive it.
 */
import { MSG, type UsuarioEtapa } from "@registro/contracts";
import { useQuery } from "@tanstack/react-query";
import { api, type RespuestaAccion } from "../../../lib/api-client";

export function reasignarSolicitud(
  idSolicitud: number,
  cuerpo: { IdUsuario: number | null; Comentario: string },
): Promise<RespuestaAccion> {
  return api.post<RespuestaAccion>(`api/SolicitudFirma/Reasignar/${idSolicitud}`, {
    Comentario: cuerpo.Comentario,
    ...(cuerpo.IdUsuario === null ? {} : { IdUsuario: cuerpo.IdUsuario }),
  });
}

export function useUsuariosEtapa(idSolicitud: number, activo: boolean) {
  return useQuery({
    queryKey: ["usuarios-etapa", idSolicitud],
    enabled: activo,
    staleTime: 0,
    queryFn: () => api.get<UsuarioEtapa[]>(`api/SolicitudFirma/UsuariosEtapa/${idSolicitud}`),
    meta: { errorCarga: MSG.errorCargarUsuariosEtapa },
  });
}
