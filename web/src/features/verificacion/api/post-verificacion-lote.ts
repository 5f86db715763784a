/** POST api/Verificacion/Lote/Archivo: a CSV of questions in, the answers downloaded as CSV or Excel. */
import { useMutation } from "@tanstack/react-query";
import { descargarPost } from "../../../lib/api-client";

export type FormatoLote = "csv" | "xlsx";

export function verificarArchivo(csv: string, formato: FormatoLote) {
  return descargarPost(`api/Verificacion/Lote/Archivo?formato=${formato}`, { csv }, `verificacion-lote.${formato}`);
}

export function useVerificarArchivo() {
  return useMutation({ mutationFn: (v: { csv: string; formato: FormatoLote }) => verificarArchivo(v.csv, v.formato) });
}
