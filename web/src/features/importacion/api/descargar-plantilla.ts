/** GET api/Importacion/Plantilla?formato=: the empty template, CSV or Excel. */
import { descargarArchivo } from "../../../lib/api-client";

export const descargarPlantilla = (formato: "csv" | "xlsx") =>
  descargarArchivo(`api/Importacion/Plantilla?formato=${formato}`, `plantilla-importacion-registro.${formato}`);
