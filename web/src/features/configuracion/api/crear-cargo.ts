/** POST api/Usuarios/CrearCargo {id, nombre, descripcion, tipo, estatus}. */
import { useMutation } from "@tanstack/react-query";
import { api, type RespuestaAccion } from "../../../lib/api-client";
import { CLAVE, refrescar } from "./comun";

export interface CargoEnvio {
  id: number;
  nombre: string;
  descripcion: string;
  tipo: number | null;
  /** 1 active, 0 inactive. */
  estatus: 1 | 0;
}

export function crearCargo(datos: CargoEnvio) {
  return api.post<RespuestaAccion>("api/Usuarios/CrearCargo", datos);
}

export function useCrearCargo() {
  return useMutation({
    mutationFn: crearCargo,
    onSuccess: (r) => {
      if (r.success) void refrescar(CLAVE.cargos);
    },
  });
}
