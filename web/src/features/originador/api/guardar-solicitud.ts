/**
 * POST api/SolicitudFirma/solicitud/ (create) or PUT api/SolicitudFirma/Put/ (update), multipart.
 * Answers `{success, message, data: {idSolicitud, idIncumbente}, errors?}`.
 */
import { useMutation } from "@tanstack/react-query";
import { api, type RespuestaAccion } from "../../../lib/api-client";
import { refrescarSolicitudes } from "./comun";

export interface SolicitudGuardada {
  idSolicitud: number;
  idIncumbente: number;
}

export function guardarSolicitud(datos: FormData, edicion: boolean) {
  return edicion
    ? api.put<RespuestaAccion<SolicitudGuardada>>("api/SolicitudFirma/Put/", datos)
    : api.post<RespuestaAccion<SolicitudGuardada>>("api/SolicitudFirma/solicitud/", datos);
}

export function useGuardarSolicitud() {
  return useMutation({
    mutationFn: ({ datos, edicion }: { datos: FormData; edicion: boolean }) => guardarSolicitud(datos, edicion),
    onSuccess: (r) => {
      if (r.success) void refrescarSolicitudes();
    },
  });
}
