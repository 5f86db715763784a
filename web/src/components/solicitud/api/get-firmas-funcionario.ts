/** GET api/Funcionarios/GetFirmasFuncionarios/{idFuncionario}: an official's signatures by type. */
import { type GrupoFirmasFuncionario, MSG } from "@registro/contracts";
import { useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";

export function obtenerFirmasFuncionario(idFuncionario: number): Promise<GrupoFirmasFuncionario[]> {
  return api.get<GrupoFirmasFuncionario[]>(`api/Funcionarios/GetFirmasFuncionarios/${idFuncionario}`);
}

export function useFirmasFuncionario(idFuncionario: number | null) {
  return useQuery({
    queryKey: ["funcionario", idFuncionario, "firmas"],
    queryFn: () => obtenerFirmasFuncionario(idFuncionario!),
    enabled: idFuncionario !== null,
    staleTime: 0,
    meta: { errorCarga: MSG.errorCargarFirmas },
  });
}
