/** GET api/Notificaciones/Entregas (the change notifications' delivery log) and a replay of one. */
import { type EstadoEntrega, MSG, type PaginaEntregas } from "@registro/contracts";
import { keepPreviousData, useMutation, useQuery } from "@tanstack/react-query";
import { api, type RespuestaAccion } from "../../../lib/api-client";
import { queryClient } from "../../../lib/query-client";

const CLAVE = ["claves", "entregas"] as const;

export function useEntregas(page: number, rows: number, estado: EstadoEntrega | null) {
  return useQuery({
    queryKey: [...CLAVE, page, rows, estado],
    queryFn: () => {
      const q = new URLSearchParams({ page: String(page), rows: String(rows), ...(estado ? { estado } : {}) });
      return api.get<PaginaEntregas>(`api/Notificaciones/Entregas?${q}`);
    },
    meta: { errorCarga: MSG.errorCargarEntregas },
    placeholderData: keepPreviousData,
    staleTime: 0,
    // While some notification on the page waits for delivery, the log follows it.
    refetchInterval: (q) => (q.state.data?.rows.some((r) => r.estado === "pendiente") ? 10_000 : false),
  });
}

export function useReenviarEntrega() {
  return useMutation({
    mutationFn: (idEntrega: number) => api.post<RespuestaAccion>(`api/Notificaciones/Entregas/Reenviar/${idEntrega}`),
    onSettled: () => queryClient.invalidateQueries({ queryKey: CLAVE }),
  });
}
