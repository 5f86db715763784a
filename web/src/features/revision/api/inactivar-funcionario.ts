/** DELETE api/Funcionarios/InactivarFuncionario/{id}: the administrator removes one official for good. */
import { api, type RespuestaAccion } from "../../../lib/api-client";

export function inactivarFuncionario(idFuncionario: number): Promise<RespuestaAccion> {
  return api.delete<RespuestaAccion>(`api/Funcionarios/InactivarFuncionario/${idFuncionario}`);
}
