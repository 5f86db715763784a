/**
 * What the configuration API hooks share: the SPEC.md §8 toast when a list fails to load, the
 * reading of an action's answer (a 400 comes back as `success:false` with field errors), and the
 * list refresh after a write.
 */
import type { Errores } from "@registro/contracts";
import type { RespuestaAccion } from "../../../lib/api-client";
import { avisarFallo as avisarFalloApp, queryClient } from "../../../lib/query-client";
import { notify } from "../../../lib/toast";

export const CLAVE = {
  usuarios: ["configuracion", "usuarios"],
  perfiles: ["configuracion", "perfiles"],
  vistas: ["configuracion", "vistas"],
  instituciones: ["configuracion", "instituciones"],
  cargos: ["configuracion", "cargos"],
  auditoria: ["configuracion", "auditoria"],
  autoridades: ["configuracion", "autoridades"],
} as const;

/** "Autoridades de confianza"'s calls start here. */
export const RUTA_AUTORIDADES = "api/Configuracion/AutoridadesConfianza";

/** Reloads a list and the audit log after a change. */
export function refrescar(clave: readonly string[]): Promise<void> {
  return queryClient
    .invalidateQueries({ queryKey: clave })
    .then(() => queryClient.invalidateQueries({ queryKey: CLAVE.auditoria }));
}

/** The errors without those of `campos`: a field's message goes away once the clerk edits it. */
export function sinErrores(errores: Errores, ...campos: string[]): Errores {
  const out = { ...errores };
  for (const c of campos) delete out[c];
  return out;
}

/** The first field message of an answer, for refusals that name no form field (a delete). */
export function primerError(errores: Errores | undefined): string | undefined {
  return errores ? Object.values(errores)[0]?.[0] : undefined;
}

/**
 * Shows an action's outcome as SPEC.md §8 asks: success toast, or a warning with the server's
 * message (field errors stay on the form). Returns whether it succeeded.
 */
export function avisarRespuesta(r: RespuestaAccion): boolean {
  if (r.success) notify.success(r.message);
  else notify.warn(r.message);
  return r.success;
}

/** A failure with no answer to show (403, 404, 500, network): its message as a warning. */
export function avisarFallo(e: unknown, mensaje?: string): void {
  avisarFalloApp(e, mensaje, "warn");
}
