/**
 * api/Importacion: upload a file to a test run or an apply, the last runs (asked again every second
 * while one runs), a run's report page, and the downloads (report, template).
 */
import type { FilaInforme, Importacion } from "@registro/contracts";
import { keepPreviousData, useMutation, useQuery } from "@tanstack/react-query";
import { api, descargarArchivo, type RespuestaAccion } from "../../../lib/api-client";
import { queryClient } from "../../../lib/query-client";

const CLAVE = ["importacion"] as const;
const EN_CURSO = ["pendiente", "validando", "aplicando"];

export const enCurso = (r: Importacion) => EN_CURSO.includes(r.estado);

export function useImportaciones() {
  return useQuery({
    queryKey: [...CLAVE, "lista"],
    queryFn: () => api.get<Importacion[]>("api/Importacion"),
    refetchInterval: (q) => (q.state.data?.some(enCurso) ? 1_000 : false),
    staleTime: 0,
  });
}

export interface Subida {
  archivo: File;
  /** Optional ZIP of signature cards named by cédula. */
  documentos: File | null;
  aplicar: boolean;
  crearCatalogos: boolean;
}

export function useIniciarImportacion() {
  return useMutation({
    mutationFn: ({ archivo, documentos, aplicar, crearCatalogos }: Subida) => {
      const cuerpo = new FormData();
      cuerpo.append("Aplicar", String(aplicar));
      cuerpo.append("CrearCatalogos", String(crearCatalogos));
      cuerpo.append("Archivo", archivo, archivo.name);
      if (documentos) cuerpo.append("Documentos", documentos, documentos.name);
      return api.post<RespuestaAccion<Importacion>>("api/Importacion", cuerpo);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: CLAVE }),
  });
}

export function useInforme(id: number | null, soloErrores: boolean, page: number, rows: number, version: string) {
  return useQuery({
    queryKey: [...CLAVE, "informe", id, soloErrores, page, rows, version],
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

export const descargarInforme = (id: number, formato: "csv" | "xlsx") =>
  descargarArchivo(
    `api/Importacion/${id}/Informe/Descargar?formato=${formato}`,
    `informe-importacion-${id}.${formato}`,
  );

export const descargarPlantilla = (formato: "csv" | "xlsx") =>
  descargarArchivo(`api/Importacion/Plantilla?formato=${formato}`, `plantilla-importacion-registro.${formato}`);
