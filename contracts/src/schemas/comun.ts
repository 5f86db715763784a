/** Response envelopes and list paging shared by every API area (DESIGN.md §3). */
import { z } from "zod";

export const zErrores = z.record(z.string(), z.array(z.string()));
export type Errores = z.infer<typeof zErrores>;

/** `{ success, message, data?, errors? }` for every action. */
export const zRespuesta = <T extends z.ZodTypeAny>(data: T) =>
  z.object({
    success: z.boolean(),
    message: z.string(),
    data: data.optional(),
    errors: zErrores.optional(),
  });
export const zRespuestaSimple = z.object({
  success: z.boolean(),
  message: z.string(),
  errors: zErrores.optional(),
});
export type RespuestaSimple = z.infer<typeof zRespuestaSimple>;

export const zSortOrder = z.union([z.literal(1), z.literal(-1)]);

/** Query of every GetBandeja* and GetHistorico. Without `page` the answer is the bare array. */
export const zConsultaBandeja = z.object({
  page: z.coerce.number().int().min(0).optional(),
  rows: z.coerce.number().int().min(1).max(100).default(10),
  sortField: z.string().max(40).optional(),
  sortOrder: z.coerce.number().pipe(zSortOrder).default(-1),
  q: z.string().trim().max(100).optional(),
  institucion: z.coerce.number().int().positive().optional(),
  estatus: z.coerce.number().int().positive().optional(),
});
export type ConsultaBandeja = z.infer<typeof zConsultaBandeja>;

export const zPagina = <T extends z.ZodTypeAny>(row: T) =>
  z.object({ rows: z.array(row), totalRecords: z.number().int() });
