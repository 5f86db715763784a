/** The padrón look-up behind every cédula field (SPEC.md §5). */
import type { Errores, Persona } from "@registro/contracts";
import { ApiError, api } from "../../lib/api-client";

export type ResultadoPersona =
  | { tipo: "encontrada"; persona: Persona }
  | { tipo: "no-encontrada" }
  | { tipo: "invalida"; mensaje: string };

/**
 * GET api/SolicitudFirma/GetPersona/{cedula}. Unknown cédulas (404) leave the names to be typed by
 * hand; a malformed one (400) carries the reason on `Cedula`. Anything else throws.
 */
export async function obtenerPersona(cedula: string): Promise<ResultadoPersona> {
  try {
    const r = await api.get<Persona | { success: false; errors?: Errores; message: string }>(
      `api/SolicitudFirma/GetPersona/${encodeURIComponent(cedula)}`,
    );
    if ("success" in r && r.success === false) {
      const errores = r.errors ?? {};
      const mensaje = errores.Cedula?.[0] ?? errores.cedula?.[0] ?? Object.values(errores)[0]?.[0] ?? r.message;
      return { tipo: "invalida", mensaje };
    }
    return { tipo: "encontrada", persona: r as Persona };
  } catch (e) {
    if (e instanceof ApiError && e.status === 404) return { tipo: "no-encontrada" };
    throw e;
  }
}
