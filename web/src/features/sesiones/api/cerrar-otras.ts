/** PUT api/Account/Sesiones/CerrarOtras: every session of the user but this one closed. */
import type { RespuestaSimple } from "@registro/contracts";
import { useMutation } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { refrescarSesiones } from "./comun";

export function useCerrarOtras() {
  return useMutation({
    mutationFn: () => api.put<RespuestaSimple>("api/Account/Sesiones/CerrarOtras"),
    onSuccess: refrescarSesiones,
  });
}
