/**
 * GET api/Configuracion/AutoridadesConfianza: the trust anchors, the CRLs, the joint-signature rules
 * and the cédula's attribute.
 */
import { type AutoridadesConfianza, MSG } from "@registro/contracts";
import { useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { CLAVE, RUTA_AUTORIDADES } from "./comun";

export function useAutoridades() {
  return useQuery({
    queryKey: CLAVE.autoridades,
    queryFn: () => api.get<AutoridadesConfianza>(RUTA_AUTORIDADES),
    meta: { errorCarga: MSG.errorDesconocido },
    staleTime: 0,
  });
}
