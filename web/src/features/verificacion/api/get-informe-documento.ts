/** GET api/Verificacion/Documento/Informe/{codigo}: a document check's sealed report, downloaded as PDF. */
import { MSG } from "@registro/contracts";
import { useMutation } from "@tanstack/react-query";
import { descargarArchivo } from "../../../lib/api-client";

export function descargarInforme(codigo: string): Promise<void> {
  return descargarArchivo(
    `api/Verificacion/Documento/Informe/${encodeURIComponent(codigo)}`,
    `Informe de validacion ${codigo}.pdf`,
  );
}

export function useDescargarInforme() {
  return useMutation({ mutationFn: descargarInforme, meta: { errorAccion: MSG.errorDescargarInforme } });
}
