/**
 * Whether an official's signature is in force now (DESIGN.md §4, computed by the server): 'En vigor',
 * 'Vencida' for a temporary one past its end date, otherwise 'No vigente'. This is what the registry
 * is consulted for.
 */
import type { Funcionario } from "@registro/contracts";
import { StatusTag } from "./StatusTag";

export function textoVigencia(f: Pick<Funcionario, "enVigor" | "vencida">): string {
  if (f.enVigor) return "En vigor";
  if (f.vencida) return "Vencida";
  return "No vigente";
}

export function VigenciaTag({ funcionario }: { funcionario: Pick<Funcionario, "enVigor" | "vencida"> }) {
  const color = funcionario.enVigor ? "success" : funcionario.vencida ? "danger" : "secondary";
  return <StatusTag texto={textoVigencia(funcionario)} color={color} />;
}
