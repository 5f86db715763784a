/** GET api/Instituciones/onlineInstitution: the signed-in clerk's institution for a new request. */
import { type InfoInstitucion, MSG } from "@registro/contracts";
import { useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { conAviso } from "./comun";

export const obtenerInstitucionOnline = () => api.get<InfoInstitucion>("api/Instituciones/onlineInstitution");

export function useInstitucionOnline(enabled: boolean) {
  return useQuery({
    queryKey: ["originador", "institucion-online"],
    queryFn: () => conAviso(MSG.errorCargarInstituciones, obtenerInstitucionOnline),
    enabled,
  });
}
