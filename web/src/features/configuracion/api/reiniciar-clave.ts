/** PUT api/Usuarios/ResetPassword/{idUsuario}: a new one-time password for an external user. */
import type { ClaveTemporal } from "@registro/contracts";
import { useMutation } from "@tanstack/react-query";
import { api, type RespuestaAccion } from "../../../lib/api-client";
import { CLAVE, refrescar } from "./comun";

export function reiniciarClave(idUsuario: number) {
  return api.put<RespuestaAccion<ClaveTemporal>>(`api/Usuarios/ResetPassword/${idUsuario}`);
}

export function useReiniciarClave() {
  return useMutation({
    mutationFn: reiniciarClave,
    onSuccess: (r) => {
      if (r.success) void refrescar(CLAVE.usuarios);
    },
  });
}
