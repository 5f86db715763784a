/** DELETE api/Account/Sesiones/{idSesion}: one of the user's sessions closed. */
import type { RespuestaSimple } from "@registro/contracts";
import { useMutation } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { refrescarSesiones } from "./comun";

export function useCerrarSesion() {
  return useMutation({
    mutationFn: (idSesion: number) => api.delete<RespuestaSimple>(`api/Account/Sesiones/${idSesion}`),
    onSuccess: refrescarSesiones,
  });
}
