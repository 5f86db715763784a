/** Response envelopes and list paging shared by every API area (DESIGN.md §3). */
import { z } from "zod";
import { MSG } from "../mensajes.js";
import { ID_MAX } from "../validacion.js";

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

export const zSortOrder = z.union([z.literal(1), z.literal(-1)], { error: MSG.sentidoOrdenInvalido });

/** A whole number from the query string, within bounds, with the Spanish message on failure. */
export const zEnteroConsulta = (min: number, max: number) =>
  z.coerce
    .number({ error: MSG.numeroInvalido })
    .int(MSG.numeroInvalido)
    .min(min, MSG.numeroInvalido)
    .max(max, MSG.numeroInvalido);

/** Query of every GetBandeja* and GetHistorico. Without `page` the answer is the bare array. */
export const zConsultaBandeja = z.object({
  page: zEnteroConsulta(0, 10_000_000).optional(),
  rows: zEnteroConsulta(1, 100).default(10),
  sortField: z.string().max(40, MSG.ordenInvalido).optional(),
  sortOrder: z.coerce.number({ error: MSG.sentidoOrdenInvalido }).pipe(zSortOrder).default(-1),
  q: z.string().trim().max(100, MSG.textoLargo(100)).optional(),
  institucion: zEnteroConsulta(1, ID_MAX).optional(),
  // Status codes are three digits (DESIGN.md §4).
  estatus: zEnteroConsulta(1, 999).optional(),
  // Avisos: requests with an official whose temporary signature is near its end date or past it.
  vencimiento: z.enum(["porVencer", "vencidas"], { error: MSG.vencimientoInvalido }).optional(),
  // "Mis asignadas": only the requests the signed-in reviewer holds.
  asignadas: z.enum(["mias"], { error: MSG.asignadasInvalido }).optional(),
  // Requests waiting in their current stage for more days than the setting WAIT_ALERT_DAYS.
  espera: z.enum(["larga"], { error: MSG.esperaInvalida }).optional(),
  // Performance (issue 40): in date order, the page is the `rows` rows after this request (the last
  // row of the page before), read from there instead of counted from the start; `page` stays the
  // page's number. Ignored in any other order, or when that request is no longer there.
  despuesDe: zEnteroConsulta(1, ID_MAX).optional(),
});
export type ConsultaBandeja = z.infer<typeof zConsultaBandeja>;

export const zPagina = <T extends z.ZodTypeAny>(row: T) =>
  z.object({ rows: z.array(row), totalRecords: z.number().int() });
