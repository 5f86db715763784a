/** GET api/SegundoFactor: the user's factors, the recovery codes left, whether the profile requires one. */
import type { EstadoSegundoFactor } from "@registro/contracts";
import { useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { queryClient } from "../../../lib/query-client";
import { USER_DATA_KEY } from "../../../lib/user-data";

export const ESTADO_KEY = ["segundo-factor"] as const;

export function useEstadoSegundoFactor() {
  return useQuery({ queryKey: ESTADO_KEY, queryFn: () => api.get<EstadoSegundoFactor>("api/SegundoFactor") });
}

/** After a change: the list, and the user's data (an enrolment lifts the profile's requirement). */
export function refrescarEstado() {
  void queryClient.invalidateQueries({ queryKey: ESTADO_KEY });
  void queryClient.invalidateQueries({ queryKey: USER_DATA_KEY });
}
