/**
 * POST api/SolicitudFirma/SolicitudFuncionario (create) or PUT
 * api/SolicitudFirma/EditSolicitudFuncionario/ (edit; only the documents chosen are sent), multipart.
 */
import { useMutation } from "@tanstack/react-query";
import { api, type RespuestaAccion } from "../../../lib/api-client";
import { refrescarSolicitudes } from "./comun";

export function guardarFuncionario(datos: FormData, edicion: boolean) {
  return edicion
    ? api.put<RespuestaAccion>("api/SolicitudFirma/EditSolicitudFuncionario/", datos)
    : api.post<RespuestaAccion>("api/SolicitudFirma/SolicitudFuncionario", datos);
}

export function useGuardarFuncionario() {
  return useMutation({
    mutationFn: ({ datos, edicion }: { datos: FormData; edicion: boolean }) => guardarFuncionario(datos, edicion),
    onSuccess: (r) => {
      if (r.success) void refrescarSolicitudes();
    },
  });
}
