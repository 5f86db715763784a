/** DELETE api/Perfiles?idPerfil={id}: refused while users hold the profile. */
import { useMutation } from "@tanstack/react-query";
import { api, type RespuestaAccion } from "../../../lib/api-client";
import { CLAVE, refrescar } from "./comun";

export function eliminarPerfil(idPerfil: number) {
  return api.delete<RespuestaAccion>("api/Perfiles", { idPerfil });
}

export function useEliminarPerfil() {
  return useMutation({
    mutationFn: eliminarPerfil,
    onSuccess: (r) => {
      if (r.success) void refrescar(CLAVE.perfiles);
    },
  });
}
