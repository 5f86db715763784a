/** GET api/Instituciones: every institution with its positions (list and users' dropdown). */
import { type Institucion, MSG } from "@registro/contracts";
import { useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { CLAVE } from "./comun";

export function obtenerInstituciones(): Promise<Institucion[]> {
  return api.get<Institucion[]>("api/Instituciones");
}

export function useInstitucionesMantenimiento(enabled = true) {
  return useQuery({
    queryKey: CLAVE.instituciones,
    queryFn: obtenerInstituciones,
    meta: { errorCarga: MSG.errorCargarInstituciones },
    enabled,
    staleTime: 0,
  });
}
