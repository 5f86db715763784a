/**
 * Look-ups the official dialog (and the request form's cédula field) read: the padrón, the
 * officials' positions and the signature catalogue.
 */
import { type CargoOpcion, type Errores, MSG, type Persona, type TipoFirma } from "@registro/contracts";
import { useQuery } from "@tanstack/react-query";
import { ApiError, api } from "../../lib/api-client";
import { notify } from "../../lib/toast";

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

/** Shows a SPEC.md §8 toast when a look-up fails, then lets the query report the error. */
async function conAviso<T>(mensaje: string, fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (e) {
    if (!(e instanceof ApiError && e.status === 401)) notify.error(mensaje);
    throw e;
  }
}

/** GET api/Perfiles/GetCargos: positions an official may hold. */
export function useCargosFuncionario(enabled = true) {
  return useQuery({
    queryKey: ["cargos", "funcionario"],
    queryFn: () => conAviso(MSG.errorCargarCargos, () => api.get<CargoOpcion[]>("api/Perfiles/GetCargos")),
    enabled,
    staleTime: 5 * 60_000,
  });
}

/** GET api/SolicitudFirma/GetFirmas: signature types with their signatures. */
export function useCatalogoFirmas(enabled = true) {
  return useQuery({
    queryKey: ["firmas", "catalogo"],
    queryFn: () => conAviso(MSG.errorCargarFirmas, () => api.get<TipoFirma[]>("api/SolicitudFirma/GetFirmas")),
    enabled,
    staleTime: 5 * 60_000,
  });
}
