/** PUT api/Usuarios: edits a user; turning `Activo` off ends their sessions at once (server side). */
import { useMutation } from "@tanstack/react-query";
import { api, type RespuestaAccion } from "../../../lib/api-client";
import { CLAVE, refrescar } from "./comun";
import type { UsuarioEnvio } from "./crear-usuario";

export function editarUsuario(datos: UsuarioEnvio & { IdUsuario: number; Activo: boolean }) {
  return api.put<RespuestaAccion>("api/Usuarios", datos);
}

export function useEditarUsuario() {
  return useMutation({
    mutationFn: editarUsuario,
    onSuccess: (r) => {
      if (r.success) void refrescar(CLAVE.usuarios);
    },
  });
}
