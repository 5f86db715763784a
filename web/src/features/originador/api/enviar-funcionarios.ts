/** POST api/SolicitudFirma/EnviarFuncionario/{idSolicitud}: sends the officials added to an active request. */
import { useMutation } from "@tanstack/react-query";
import { api, type RespuestaAccion } from "../../../lib/api-client";
import { refrescarSolicitudes } from "./comun";

export const enviarFuncionarios = (id: number) =>
  api.post<RespuestaAccion>(`api/SolicitudFirma/EnviarFuncionario/${id}`);

export function useEnviarFuncionarios() {
  return useMutation({
    mutationFn: enviarFuncionarios,
    onSuccess: (r) => {
      if (r.success) void refrescarSolicitudes();
    },
  });
}
