/**
 * The one error type services throw. `error-handler.ts` maps each code to HTTP and to the
 * response shapes of DESIGN.md §3; nothing else decides a status code for a failure.
 */
import { type Errores, MSG } from "@registro/contracts";

export type CodigoError =
  | "Validacion" // 400, with field errors
  | "NoAutenticado" // 401
  | "NoAutorizado" // 403
  | "NoEncontrado" // 404
  | "Regla" // 200 with success:false: a business refusal (wrong status, not assigned...)
  | "Conflicto" // 409: a uniqueness clash that is not tied to one field
  | "DemasiadasSolicitudes" // 429
  | "NoDisponible"; // 503: a service the call needs (the time-stamping authority) did not answer

export class AppError extends Error {
  constructor(
    readonly codigo: CodigoError,
    message: string,
    readonly errors?: Errores,
  ) {
    super(message);
    this.name = "AppError";
  }
}

export const Validacion = (errors: Errores) => new AppError("Validacion", MSG.datosInvalidos, errors);
/** One field, one message. */
export const ValidacionCampo = (campo: string, mensaje: string) => Validacion({ [campo]: [mensaje] });
export const NoAutenticado = (mensaje: string = MSG.noAutenticado) => new AppError("NoAutenticado", mensaje);
export const NoAutorizado = () => new AppError("NoAutorizado", MSG.noAutorizado);
export const NoEncontrado = (mensaje: string = MSG.noEncontrado) => new AppError("NoEncontrado", mensaje);
export const Regla = (mensaje: string, errors?: Errores) => new AppError("Regla", mensaje, errors);
export const Conflicto = (mensaje: string) => new AppError("Conflicto", mensaje);
/** The cause is logged, never sent. */
export const NoDisponible = (mensaje: string, causa?: unknown) => {
  const e = new AppError("NoDisponible", mensaje);
  e.cause = causa;
  return e;
};

/** Collects field errors, then throws one Validacion if any were added. */
export class ErroresCampo {
  private readonly errores: Errores = {};
  add(campo: string, mensaje: string): this {
    const lista = this.errores[campo] ?? [];
    if (!lista.includes(mensaje)) lista.push(mensaje);
    this.errores[campo] = lista;
    return this;
  }
  get vacio(): boolean {
    return Object.keys(this.errores).length === 0;
  }
  throwIfAny(): void {
    if (!this.vacio) throw Validacion(this.errores);
  }
  toJSON(): Errores {
    return this.errores;
  }
}
