/** GET api/Funcionarios/GetFuncionarioSolicitud/{idSolicitud}: the request's officials. */
import { type Funcionario, MSG } from "@registro/contracts";
import { useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";

export const claveFuncionarios = (idSolicitud: number) => ["solicitud", idSolicitud, "funcionarios"] as const;

export function obtenerFuncionarios(idSolicitud: number): Promise<Funcionario[]> {
  return api.get<Funcionario[]>(`api/Funcionarios/GetFuncionarioSolicitud/${idSolicitud}`);
}

export function useFuncionariosSolicitud(idSolicitud: number, habilitado = true) {
  return useQuery({
    enabled: habilitado,
    queryKey: claveFuncionarios(idSolicitud),
    queryFn: () => obtenerFuncionarios(idSolicitud),
    staleTime: 0,
    meta: { errorCarga: MSG.errorCargarFuncionarios },
  });
}
