/** GET api/Tablero: the dashboard's figures for a period (weekly chart) and an institution. */

import type { Tablero } from "@registro/contracts";
import type { RespuestaAccion } from "../../../lib/api-client";
import { api } from "../../../lib/api-client";

export interface FiltrosTablero {
  /** YYYY-MM-DD */
  desde: string | null;
  hasta: string | null;
  idInstitucion: number | null;
}

/** The figures, or the field errors of a 400 (`success: false`). */
export function obtenerTablero(f: FiltrosTablero): Promise<Tablero | RespuestaAccion> {
  return api.get<Tablero | RespuestaAccion>("api/Tablero", {
    desde: f.desde,
    hasta: f.hasta,
    idInstitucion: f.idInstitucion,
  });
}

/** The filters a visit opens with: the default period, every institution. */
export const FILTROS_INICIALES: FiltrosTablero = { desde: null, hasta: null, idInstitucion: null };

export function consultaTablero(f: FiltrosTablero) {
  return { queryKey: ["tablero", f] as const, queryFn: () => obtenerTablero(f) };
}
