/** Backups: what the configuration administrator's "Respaldos" screen reads. */
import { z } from "zod";

export const zRespaldo = z.object({
  idRespaldo: z.number().int(),
  /** The country's date the backup belongs to (AAAA-MM-DD). */
  dia: z.string(),
  programado: z.boolean(),
  inicio: z.string(),
  /** Null while it runs. */
  fin: z.string().nullable(),
  /** Null while it runs. */
  exito: z.boolean().nullable(),
  archivo: z.string().nullable(),
  bytes: z.number().int().nullable(),
  sha256: z.string().nullable(),
  error: z.string().nullable(),
});
export type Respaldo = z.infer<typeof zRespaldo>;

export const zEstadoRespaldos = z.object({
  /** BACKUP_DIR is set: the app makes a backup every day. */
  programados: z.boolean(),
  carpeta: z.string().nullable(),
  /** Hour of the day (UTC−4) of the daily backup. */
  hora: z.number().int(),
  conservarDias: z.number().int(),
  ultimoExito: z.string().nullable(),
  respaldos: z.array(zRespaldo),
});
export type EstadoRespaldos = z.infer<typeof zEstadoRespaldos>;
