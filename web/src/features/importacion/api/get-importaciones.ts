/** GET api/Importacion: the last runs, asked again every second while one runs. */
import type { Importacion } from "@registro/contracts";
import { useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { CLAVE_IMPORTACION, enCurso } from "./comun";

export function useImportaciones() {
  return useQuery({
    queryKey: [...CLAVE_IMPORTACION, "lista"],
    queryFn: () => api.get<Importacion[]>("api/Importacion"),
    refetchInterval: (q) => (q.state.data?.some(enCurso) ? 1_000 : false),
    staleTime: 0,
  });
}
