/** GET api/Funcionarios/GetFirmasFuncionarios/{idFuncionario}: an official's signatures by type. */
import { type GrupoFirmasFuncionario, MSG } from "@registro/contracts";
import { useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { useAvisoError } from "./aviso-error";

export function obtenerFirmasFuncionario(idFuncionario: number): Promise<GrupoFirmasFuncionario[]> {
  return api.get<GrupoFirmasFuncionario[]>(`api/Funcionarios/GetFirmasFuncionarios/${idFuncionario}`);
}

export function useFirmasFuncionario(idFuncionario: number | null) {
  const query = useQuery({
    queryKey: ["funcionario", idFuncionario, "firmas"],
    queryFn: () => obtenerFirmasFuncionario(idFuncionario!),
    enabled: idFuncionario !== null,
    staleTime: 0,
  });
  useAvisoError(query.isError, MSG.errorCargarFirmas);
  return query;
}
