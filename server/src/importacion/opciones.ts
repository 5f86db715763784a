/** What a caller tells the import engine (motor.ts) and its apply (aplicacion.ts). */
import type { Reloj } from "../shared/tiempo.js";

export type Fase = "validando" | "aplicando";

export interface OpcionesImportacion {
  /** The run (`importaciones`) this is; absent, the engine records a new one. */
  idImportacion?: number;
  /** The file's name as given (report and audit). */
  archivo: string;
  contenido: Buffer;
  /** The optional documents' ZIP: signature cards named by cédula. */
  documentos?: { nombre: string; contenido: Buffer } | null;
  aplicar: boolean;
  crearCatalogos: boolean;
  idUsuario: number | null;
  /** Today in the country (YYYY-MM-DD) and now: the clock of the caller. */
  hoy: string;
  ahora: Date;
  /** The clock that dates the run's end (the system's when absent). */
  reloj?: Reloj;
  /** Called every few hundred rows; awaited (a job stores it, the CLI prints it). */
  progreso?: (fase: Fase, hechas: number, total: number | null) => Promise<void> | void;
  maxFilas?: number;
  /**
   * The most rows an apply may create or change (the embedded database's bound: its one connection
   * is held by the apply's transaction); more, and the run ends unapplied, saying so.
   */
  maxCambiosAplicar?: number;
  /** Rows per insert (staging, report, officials). */
  lote?: number;
  /** Staged rows planned (and applied) together: whole institutions up to about this many rows. */
  filasPorGrupo?: number;
}
