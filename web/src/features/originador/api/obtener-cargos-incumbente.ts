/** GET api/Perfiles/GetCargosIncumbente: positions an incumbent may hold. */
import { type CargoOpcion, MSG } from "@registro/contracts";
import { useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";

export const obtenerCargosIncumbente = () => api.get<CargoOpcion[]>("api/Perfiles/GetCargosIncumbente");

export function useCargosIncumbente() {
  return useQuery({
    queryKey: ["cargos", "incumbente"],
    queryFn: obtenerCargosIncumbente,
    meta: { errorCarga: MSG.errorCargarCargos },
    staleTime: 5 * 60_000,
  });
}
