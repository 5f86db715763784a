/** POST api/Usuarios: a new user; the answer carries the one-time temporary password. */
import type { UsuarioCreado, UsuarioCrearBody } from "@registro/contracts";
import { useMutation } from "@tanstack/react-query";
import { api, type RespuestaAccion } from "../../../lib/api-client";
import { CLAVE, refrescar } from "./comun";

export type UsuarioEnvio = Omit<UsuarioCrearBody, "IdPerfil" | "IdInst"> & {
  IdPerfil: number | null;
  IdInst: number | null;
};

export function crearUsuario(datos: UsuarioEnvio) {
  return api.post<RespuestaAccion<UsuarioCreado>>("api/Usuarios", datos);
}

export function useCrearUsuario() {
  return useMutation({
    mutationFn: crearUsuario,
    onSuccess: (r) => {
      if (r.success) void refrescar(CLAVE.usuarios);
    },
  });
}
