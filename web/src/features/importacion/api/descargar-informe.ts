/** GET api/Importacion/{id}/Informe/Descargar?formato=: a run's whole report, CSV or Excel. */
import { descargarArchivo } from "../../../lib/api-client";

export const descargarInforme = (id: number, formato: "csv" | "xlsx") =>
  descargarArchivo(
    `api/Importacion/${id}/Informe/Descargar?formato=${formato}`,
    `informe-importacion-${id}.${formato}`,
  );
