/** GET api/Correos/NoEnviados (paged) and POST api/Correos/Reintentar/{id}. */
import { type CorreoNoEnviado, MSG } from "@registro/contracts";
import { keepPreviousData, useMutation, useQuery } from "@tanstack/react-query";
import { ApiError, api, type RespuestaAccion } from "../../../lib/api-client";
import { queryClient } from "../../../lib/query-client";
import { notify } from "../../../lib/toast";

const CLAVE = ["avisos", "correos-no-enviados"] as const;

export function obtenerCorreosNoEnviados(q: { page: number; rows: number }) {
  return api.get<{ rows: CorreoNoEnviado[]; totalRecords: number }>("api/Correos/NoEnviados", q);
}

export function useCorreosNoEnviados(q: { page: number; rows: number }) {
  return useQuery({
    queryKey: [...CLAVE, q],
    queryFn: async () => {
      try {
        return await obtenerCorreosNoEnviados(q);
      } catch (e) {
        if (!(e instanceof ApiError && e.status === 401)) notify.error(MSG.errorCargarCorreos);
        throw e;
      }
    },
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
