/** GET api/ClavesSistema: the keys issued. */
import { type ClaveSistema, MSG } from "@registro/contracts";
import { useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { CLAVE_CLAVES } from "./comun";

export function useClavesSistema() {
  return useQuery({
    queryKey: CLAVE_CLAVES,
    queryFn: () => api.get<ClaveSistema[]>("api/ClavesSistema"),
    meta: { errorCarga: MSG.errorCargarClaves },
    staleTime: 0,
  });
}
