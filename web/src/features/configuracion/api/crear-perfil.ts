/** POST api/Perfiles {Nombre, Descripcion, PorDefecto, RequiereSegundoFactor, Vistas}. */
import { useMutation } from "@tanstack/react-query";
import { api, type RespuestaAccion } from "../../../lib/api-client";
import { CLAVE, refrescar } from "./comun";

export interface PerfilEnvio {
  Nombre: string;
  Descripcion: string;
  PorDefecto: boolean;
  RequiereSegundoFactor: boolean;
  Vistas: number[];
}

export function crearPerfil(datos: PerfilEnvio) {
  return api.post<RespuestaAccion<{ idPerfil: number }>>("api/Perfiles", datos);
}

export function useCrearPerfil() {
  return useMutation({
    mutationFn: crearPerfil,
    onSuccess: (r) => {
      if (r.success) void refrescar(CLAVE.perfiles);
    },
  });
}
