/** PUT api/Usuarios/Desbloquear/{idUsuario}: lifts a user's sign-in locks; the password stays. */
import type { RespuestaSimple } from "@registro/contracts";
import { useMutation } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { CLAVE, refrescar } from "./comun";

export function desbloquearUsuario(idUsuario: number) {
  return api.put<RespuestaSimple>(`api/Usuarios/Desbloquear/${idUsuario}`);
}

export function useDesbloquearUsuario() {
  return useMutation({
    mutationFn: desbloquearUsuario,
    onSuccess: (r) => {
      if (r.success) void refrescar(CLAVE.usuarios);
    },
  });
}
