/** Exports: every inbox, the registry and the configuration lists as CSV or Excel. */
import { z } from "zod";
import { MSG } from "../mensajes.js";
import { zConsultaBandeja, zSortOrder } from "./comun.js";

/** Query of every export: the list's own query (search, filters, sort; paging ignored) and the format. */
export const zConsultaExportar = zConsultaBandeja.extend({
  formato: z.enum(["csv", "xlsx"], { error: MSG.formatoExportarInvalido }).default("csv"),
});
export type ConsultaExportar = z.infer<typeof zConsultaExportar>;

export const zConsultaFormato = z.object({
  formato: z.enum(["csv", "xlsx"], { error: MSG.formatoExportarInvalido }).default("csv"),
});

/**
 * Query of a configuration list's export: the screen's search box and sort, checked
 * against the columns that list lets the user sort by.
 */
export const zConsultaExportarLista = (orden: readonly [string, ...string[]]) =>
  zConsultaFormato.extend({
    q: z.string().trim().max(100, MSG.textoLargo(100)).optional(),
    sortField: z.enum(orden, { error: MSG.ordenInvalido }).optional(),
    sortOrder: z.coerce.number({ error: MSG.sentidoOrdenInvalido }).pipe(zSortOrder).default(1),
  });
