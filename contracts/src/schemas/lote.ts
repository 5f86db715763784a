/**
 * Batch verification (POST api/Verificacion/Lote): up to 1,000 questions of "Verificar firma" in
 * one call, answered one result per question in the order asked, with the same rules and texts.
 * A question with a bad field gets its own field errors; the others are answered all the same.
 */
import { z } from "zod";
import { MAX_PREGUNTAS_LOTE } from "../limites-lote.js";
import { MSG } from "../mensajes.js";
import { zErrores } from "./comun.js";

/**
 * Each question is checked on its own (as GET api/Verificacion/Firma's query: cedula, and
 * optionally institucion, idFirma, monto, fecha), so the body only bounds the list.
 */
export const zLoteVerificacion = z.object({
  preguntas: z
    .array(z.unknown(), { error: MSG.loteVacio })
    .min(1, MSG.loteVacio)
    .max(MAX_PREGUNTAS_LOTE, MSG.loteGrande(MAX_PREGUNTAS_LOTE)),
});
export type LoteVerificacion = z.infer<typeof zLoteVerificacion>;

export const zResultadoLote = z.object({
  /** The question's position in the list, from 0. */
  indice: z.number().int(),
  /** The cédula as read (null when the question had none). */
  cedula: z.string().nullable(),
  /** Null for a question that could not be asked (see `errors`). */
  autorizado: z.boolean().nullable(),
  motivo: z.string().nullable(),
  fecha: z.string().nullable(),
  /** The registry entry that answered: the official's name and institution (null when not registered). */
  funcionario: z.string().nullable(),
  institucion: z.string().nullable(),
  errors: zErrores.optional(),
});
export type ResultadoLote = z.infer<typeof zResultadoLote>;

export const zRespuestaLote = z.object({
  resultados: z.array(zResultadoLote),
});
export type RespuestaLote = z.infer<typeof zRespuestaLote>;

/** POST api/Verificacion/Lote/Archivo: the questions as a CSV file's text, the answers as a file. */
export const zLoteArchivo = z.object({
  csv: z.string({ error: MSG.loteArchivoVacio }).min(1, MSG.loteArchivoVacio).max(1_000_000, MSG.loteArchivoGrande),
});
export const zFormatoLote = z.object({
  formato: z.enum(["csv", "xlsx"], { error: MSG.formatoExportarInvalido }).default("csv"),
});
