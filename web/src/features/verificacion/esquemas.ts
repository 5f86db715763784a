/**
 * The checks of Verificar firma's two forms, apart from them: zod and the API's schemas are loaded
 * when a form is first used (resolverDiferido), not to draw the page.
 */
import { MSG, zConsultaDocumento, zConsultaVerificacion, zFechaEscrita } from "@registro/contracts";
import { z } from "zod";

/** The question: the API's query, with the date as typed (dd/mm/aaaa). */
export const esquemaConsulta = zConsultaVerificacion.extend({ fecha: zFechaEscrita });

/** The batch: the questions' file (required) and the answers' format. */
export const esquemaLote = z.object({
  Archivo: z.custom<File>().refine((v) => v instanceof File, "Elija un archivo CSV con las preguntas."),
  formato: z.enum(["csv", "xlsx"]),
});

/** Verificar documento: the API's text fields, the signed file (required) and the detached signature. */
export const esquemaDocumento = zConsultaDocumento.extend({
  Archivo: z.custom<File>().refine((v) => v instanceof File, MSG.documentoArchivoRequerido),
  Firma: z.custom<File | null>(),
});
