/** What the import's API hooks share: the cache key, and whether a run is still going. */
import type { Importacion } from "@registro/contracts";

export const CLAVE_IMPORTACION = ["importacion"] as const;
const EN_CURSO = ["pendiente", "validando", "aplicando"];

export const enCurso = (r: Importacion) => EN_CURSO.includes(r.estado);
