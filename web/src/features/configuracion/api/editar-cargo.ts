/** PUT api/Usuarios/EditarCargo {id, nombre, descripcion, tipo, estatus}. */
import { useMutation } from "@tanstack/react-query";
import { api, type RespuestaAccion } from "../../../lib/api-client";
import { CLAVE, refrescar } from "./comun";
import type { CargoEnvio } from "./crear-cargo";

export function editarCargo(datos: CargoEnvio) {
  return api.put<RespuestaAccion>("api/Usuarios/EditarCargo", datos);
}

export function useEditarCargo() {
  return useMutation({
    mutationFn: editarCargo,
    onSuccess: (r) => {
      if (r.success) void refrescar(CLAVE.cargos);
    },
  });
}
