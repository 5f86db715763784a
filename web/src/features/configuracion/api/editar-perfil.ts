/** PUT api/Perfiles?idPerfil={id}: the same body; its users see the change on their next call. */
import { useMutation } from "@tanstack/react-query";
import { api, type RespuestaAccion } from "../../../lib/api-client";
import { queryClient } from "../../../lib/query-client";
import { USER_DATA_KEY } from "../../../lib/user-data";
import { CLAVE, refrescar } from "./comun";
import type { PerfilEnvio } from "./crear-perfil";

export function editarPerfil({ idPerfil, ...datos }: PerfilEnvio & { idPerfil: number }) {
  return api.put<RespuestaAccion>("api/Perfiles", datos, { idPerfil });
}

export function useEditarPerfil() {
  return useMutation({
    mutationFn: editarPerfil,
    onSuccess: (r) => {
      if (r.success) {
        void refrescar(CLAVE.perfiles);
        // The signed-in user's own menu may have changed.
        void queryClient.invalidateQueries({ queryKey: USER_DATA_KEY });
      }
    },
  });
}
