/** GET api/Importacion/{id}/Informe: a page of a run's report (its errors alone, if asked). */
import type { FilaInforme } from "@registro/contracts";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { CLAVE_IMPORTACION } from "./comun";

export function useInforme(id: number | null, soloErrores: boolean, page: number, rows: number, version: string) {
  return useQuery({
    queryKey: [...CLAVE_IMPORTACION, "informe", id, soloErrores, page, rows, version],
    queryFn: () =>
      api.get<{ rows: FilaInforme[]; totalRecords: number }>(`api/Importacion/${id}/Informe`, {
        soloErrores: String(soloErrores),
        page: String(page),
        rows: String(rows),
      }),
    enabled: id !== null,
    placeholderData: keepPreviousData,
  });
}
