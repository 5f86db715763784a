/** POST api/ClavesSistema: a new key (shown once). */
import type { ClaveEmitida, NuevaClave } from "@registro/contracts";
import { useMutation } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { queryClient } from "../../../lib/query-client";
import { CLAVE_CLAVES } from "./comun";

export function useEmitirClave() {
  return useMutation({
    mutationFn: (datos: NuevaClave) => api.post<ClaveEmitida>("api/ClavesSistema", datos),
    onSettled: () => queryClient.invalidateQueries({ queryKey: CLAVE_CLAVES }),
  });
}
