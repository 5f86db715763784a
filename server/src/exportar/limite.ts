/**
 * How many exports run at once: at most POR_USUARIO per user and `maximo` in the process
 * (EXPORT_MAX_CONCURRENT). An export holds a place from its call until its answer ends, however it
 * ends (written, client gone, time limit); a call over either limit is refused at once (429).
 */
export const POR_USUARIO = 2;

export type Negativa = "usuario" | "proceso";

/** Exports running in this process, whichever app instance serves them (for /metrics). */
let enCursoProceso = 0;
export const exportacionesEnCurso = () => enCursoProceso;

export class LimiteExportaciones {
  private enCurso = 0;
  private readonly porUsuario = new Map<number, number>();

  constructor(private readonly maximo: number) {}

  /** A place for this user's export, with the function that gives it back (once), or why not. */
  tomar(idUsuario: number): { liberar: () => void } | { negativa: Negativa } {
    const propias = this.porUsuario.get(idUsuario) ?? 0;
    if (propias >= POR_USUARIO) return { negativa: "usuario" };
    if (this.enCurso >= this.maximo) return { negativa: "proceso" };
    this.enCurso++;
    enCursoProceso++;
    this.porUsuario.set(idUsuario, propias + 1);
    let libre = false;
    return {
      liberar: () => {
        if (libre) return;
        libre = true;
        this.enCurso--;
        enCursoProceso--;
        const n = (this.porUsuario.get(idUsuario) ?? 1) - 1;
        if (n > 0) this.porUsuario.set(idUsuario, n);
        else this.porUsuario.delete(idUsuario);
      },
    };
  }
}
