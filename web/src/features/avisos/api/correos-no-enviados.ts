/** GET api/Correos/NoEnviados (paged) and POST api/Correos/Reintentar/{id}. */
import { type CorreoNoEnviado, MSG } from "@registro/contracts";
import { keepPreviousData, useMutation, useQuery } from "@tanstack/react-query";
import { api, type RespuestaAccion } from "../../../lib/api-client";
import { queryClient } from "../../../lib/query-client";

const CLAVE = ["avisos", "correos-no-enviados"] as const;

export function obtenerCorreosNoEnviados(q: { page: number; rows: number }) {
  return api.get<{ rows: CorreoNoEnviado[]; totalRecords: number }>("api/Correos/NoEnviados", q);
}

export function useCorreosNoEnviados(q: { page: number; rows: number }) {
  return useQuery({
    queryKey: [...CLAVE, q],
    queryFn: () => obtenerCorreosNoEnviados(q),
    meta: { errorCarga: MSG.errorCargarCorreos },
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

export function reintentarCorreo(idCorreo: number) {
  return api.post<RespuestaAccion>(`api/Correos/Reintentar/${idCorreo}`);
}

export function useReintentarCorreo() {
  return useMutation({
    mutationFn: reintentarCorreo,
    onSettled: () => queryClient.invalidateQueries({ queryKey: CLAVE }),
  });
}
