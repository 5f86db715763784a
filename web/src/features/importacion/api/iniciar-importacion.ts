/** POST api/Importacion (multipart): a file uploaded to a test run or an apply. */
import type { Importacion } from "@registro/contracts";
import { useMutation } from "@tanstack/react-query";
import { api, type RespuestaAccion } from "../../../lib/api-client";
import { queryClient } from "../../../lib/query-client";
import { CLAVE_IMPORTACION } from "./comun";

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
    onSettled: () => queryClient.invalidateQueries({ queryKey: CLAVE_IMPORTACION }),
  });
}
