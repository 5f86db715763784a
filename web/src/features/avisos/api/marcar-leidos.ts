/** PUT api/Avisos/MarcarLeido/{id} and PUT api/Avisos/MarcarTodosLeidos. */
import { useMutation } from "@tanstack/react-query";
import { api, type RespuestaAccion } from "../../../lib/api-client";
import { CLAVE_AVISOS } from "../../../lib/avisos-clave";
import { queryClient } from "../../../lib/query-client";

export function marcarLeido(idAviso: number) {
  return api.put<RespuestaAccion>(`api/Avisos/MarcarLeido/${idAviso}`);
}

export function marcarTodosLeidos() {
  return api.put<RespuestaAccion>("api/Avisos/MarcarTodosLeidos");
}

const refrescar = () => queryClient.invalidateQueries({ queryKey: CLAVE_AVISOS });

export function useMarcarLeido() {
  return useMutation({ mutationFn: marcarLeido, onSettled: refrescar, meta: { segundoPlano: true } });
}

export function useMarcarTodosLeidos() {
  return useMutation({ mutationFn: marcarTodosLeidos, onSettled: refrescar });
}
