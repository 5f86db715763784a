/** GET api/Instituciones/onlineInstitution: the signed-in clerk's institution for a new request. */
import { type InfoInstitucion, MSG } from "@registro/contracts";
import { useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";

export const obtenerInstitucionOnline = () => api.get<InfoInstitucion>("api/Instituciones/onlineInstitution");

export function useInstitucionOnline(enabled: boolean) {
  return useQuery({
    queryKey: ["originador", "institucion-online"],
    queryFn: obtenerInstitucionOnline,
    meta: { errorCarga: MSG.errorCargarInstituciones },
    enabled,
  });
}
