/** GET api/Verificacion/Constancia/{codigo} (public): the constancia's officials as the registry has them now. */
import type { ConstanciaPublica } from "@registro/contracts";
import { api } from "../../../lib/api-client";

export function obtenerConstanciaPublica(codigo: string): Promise<ConstanciaPublica> {
  return api.get<ConstanciaPublica>(`api/Verificacion/Constancia/${encodeURIComponent(codigo)}`);
}
