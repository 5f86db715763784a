/** Office calls (issue 15): reassignment, the audit chain's check, exports and the dashboard. */
import { z } from "zod";
import { MSG } from "../mensajes.js";
import { zId } from "../validacion.js";
import { zConsultaBandeja, zSortOrder } from "./comun.js";

/** POST api/SolicitudFirma/Reasignar/{idSolicitud}: the new holder and a required comment. */
export const zReasignarBody = z.object({
  IdUsuario: zId.optional(),
  Comentario: z.string({ error: MSG.comentarioRequerido }).trim().max(2000, MSG.textoLargo(2000)).default(""),
});
export type ReasignarBody = z.input<typeof zReasignarBody>;

/** GET api/SolicitudFirma/UsuariosEtapa/{idSolicitud}: who may receive the request. */
export const zUsuarioEtapa = z.object({
  idUsuario: z.number(),
  usuario: z.string(),
  nombre: z.string(),
});
export type UsuarioEtapa = z.infer<typeof zUsuarioEtapa>;

/** GET api/Auditoria/Verificar: the chain re-walked; on a break, the first entry that breaks it. */
export const zVerificacionAuditoria = z.object({
  integra: z.boolean(),
  entradas: z.number(),
  idAuditoria: z.number().nullable(),
  message: z.string(),
});
export type VerificacionAuditoria = z.infer<typeof zVerificacionAuditoria>;

/** Query of every export: the list's own query (search, filters, sort; paging ignored) and the format. */
export const zConsultaExportar = zConsultaBandeja.extend({
  formato: z.enum(["csv", "xlsx"], { error: MSG.formatoExportarInvalido }).default("csv"),
});
export type ConsultaExportar = z.infer<typeof zConsultaExportar>;

export const zConsultaFormato = z.object({
  formato: z.enum(["csv", "xlsx"], { error: MSG.formatoExportarInvalido }).default("csv"),
});

/**
 * Query of a configuration list's export (issue 15): the screen's search box and sort, checked
 * against the columns that list lets the user sort by.
 */
export const zConsultaExportarLista = (orden: readonly [string, ...string[]]) =>
  zConsultaFormato.extend({
    q: z.string().trim().max(100, MSG.textoLargo(100)).optional(),
    sortField: z.enum(orden, { error: MSG.ordenInvalido }).optional(),
    sortOrder: z.coerce.number({ error: MSG.sentidoOrdenInvalido }).pipe(zSortOrder).default(1),
  });
