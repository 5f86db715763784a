/** PUT api/Usuarios/ReiniciarSegundoFactor/{idUsuario}: the user's factors and codes removed, sessions ended. */
import { useMutation } from "@tanstack/react-query";
import { api, type RespuestaAccion } from "../../../lib/api-client";
import { CLAVE, refrescar } from "./comun";

export function reiniciarSegundoFactor(idUsuario: number) {
  return api.put<RespuestaAccion>(`api/Usuarios/ReiniciarSegundoFactor/${idUsuario}`);
}

export function useReiniciarSegundoFactor() {
  return useMutation({
    mutationFn: reiniciarSegundoFactor,
    onSuccess: (r) => {
      if (r.success) void refrescar(CLAVE.usuarios);
    },
  });
}
