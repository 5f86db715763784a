/**
 * Turns a unique-index violation into the field error a form shows. Services check duplicates
 * first; this covers the race where two people save the same name at the same moment.
 */
import { type Errores, MSG } from "@registro/contracts";
import { Validacion } from "../shared/errors.js";

const CAMPO_POR_INDICE: Record<string, Errores> = {
  usuarios_usuario_uq: { Usuario: [MSG.usuarioDuplicado] },
  usuarios_cedula_uq: { Cedula: [MSG.cedulaDuplicada] },
  usuarios_email_uq: { Email: [MSG.emailDuplicado] },
  perfiles_nombre_uq: { Nombre: [MSG.perfilDuplicado] },
  instituciones_nombre_uq: { Nombre: [MSG.institucionDuplicada] },
  cargos_nombre_uq: { Nombre: [MSG.cargoDuplicado] },
};

function indiceViolado(e: unknown): string | null {
  // drizzle wraps the driver's error in `cause`; pg and PGlite both carry code and constraint.
  for (let err = e as { code?: string; constraint?: string; message?: string; cause?: unknown } | undefined; err; ) {
    if (err.code === "23505") {
      if (err.constraint) return err.constraint;
      const m = /"([a-z_]+_uq)"/.exec(err.message ?? "");
      return m ? m[1] : "";
    }
    err = err.cause as typeof err;
  }
  return null;
}

/** Runs `fn`; a unique violation on a known index becomes a 400 on its field. */
export async function conUnicidad<T>(fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (e) {
    const indice = indiceViolado(e);
    if (indice !== null && CAMPO_POR_INDICE[indice]) throw Validacion(CAMPO_POR_INDICE[indice]);
    throw e;
  }
}
