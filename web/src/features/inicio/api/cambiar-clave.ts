/**
 * PUT api/Account/CambiarContraseña {idUsuario, ContraseñaActual, NuevaContraseña, ConfirmarContraseña}
 * → {success, message, errors}.
 */
import type { CambiarClaveBody, RespuestaSimple } from "@registro/contracts";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { USER_DATA_KEY } from "../../../lib/user-data";

export function cambiarClave(body: CambiarClaveBody): Promise<RespuestaSimple> {
  return api.put<RespuestaSimple>("api/Account/CambiarContraseña", body);
}

export function useCambiarClave() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cambiarClave,
    onSuccess: async (res) => {
      // The user data says whether the change is still required; reload it to close the dialog.
      if (res.success) await queryClient.invalidateQueries({ queryKey: USER_DATA_KEY });
    },
  });
}
