/** GET api/Instituciones: every institution with its positions (list and users' dropdown). */
import { type Institucion, MSG } from "@registro/contracts";
import { useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { CLAVE, conAviso } from "./comun";

export function obtenerInstituciones(): Promise<Institucion[]> {
  return api.get<Institucion[]>("api/Instituciones");
}

export function useInstitucionesMantenimiento(enabled = true) {
  return useQuery({
    queryKey: CLAVE.instituciones,
    queryFn: () => conAviso(MSG.errorCargarInstituciones, obtenerInstituciones),
    enabled,
    staleTime: 0,
  });
}
