/**
 * GET api/Configuracion/AutoridadesConfianza: the trust anchors, the CRLs, the joint-signature rules
 * and the cédula's attribute.
 */
import { type AutoridadesConfianza, MSG } from "@registro/contracts";
import { useQuery } from "@tanstack/react-query";
import { ApiError, api } from "../../../lib/api-client";
import { notify } from "../../../lib/toast";
import { CLAVE, RUTA_AUTORIDADES } from "./comun";

export function useAutoridades() {
  return useQuery({
    queryKey: CLAVE.autoridades,
    queryFn: async () => {
      try {
        return await api.get<AutoridadesConfianza>(RUTA_AUTORIDADES);
      } catch (e) {
        if (!(e instanceof ApiError && e.status === 401)) notify.error(MSG.errorDesconocido);
        throw e;
      }
    },
    staleTime: 0,
  });
}
