/** DELETE api/Funcionarios/DeleteFuncionario/{id}: removes an official added but not yet sent. */
import { useMutation } from "@tanstack/react-query";
import { api, type RespuestaAccion } from "../../../lib/api-client";
import { refrescarSolicitudes } from "./comun";

export const eliminarFuncionario = (id: number) =>
  api.delete<RespuestaAccion>(`api/Funcionarios/DeleteFuncionario/${id}`);

export function useEliminarFuncionario() {
  return useMutation({
    mutationFn: eliminarFuncionario,
    onSuccess: (r) => {
      if (r.success) void refrescarSolicitudes();
    },
  });
}
