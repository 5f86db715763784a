/** DELETE api/Usuarios/BorrarCargo?idcargo={id}: a position in use is deactivated instead. */
import { useMutation } from "@tanstack/react-query";
import { api, type RespuestaAccion } from "../../../lib/api-client";
import { CLAVE, refrescar } from "./comun";

export function borrarCargo(idcargo: number) {
  return api.delete<RespuestaAccion>("api/Usuarios/BorrarCargo", { idcargo });
}

export function useBorrarCargo() {
  return useMutation({
    mutationFn: borrarCargo,
    onSuccess: (r) => {
      if (r.success) void refrescar(CLAVE.cargos);
    },
  });
}
