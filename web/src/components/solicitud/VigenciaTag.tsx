/**
 * Whether an official's signature is in force now (DESIGN.md §4, computed by the server): 'En vigor',
 * 'Por vencer' when its end date is near (EXPIRY_NOTICE_DAYS), 'Vencida' for a temporary
 * one past its end date, otherwise 'No vigente'. This is what the registry is consulted for.
 */
import type { Funcionario } from "@registro/contracts";
import { StatusTag } from "./StatusTag";

type Vigencia = Pick<Funcionario, "enVigor" | "vencida"> & Partial<Pick<Funcionario, "porVencer">>;

export function textoVigencia(f: Vigencia): string {
  if (f.enVigor) return f.porVencer ? "Por vencer" : "En vigor";
  if (f.vencida) return "Vencida";
  return "No vigente";
}

export function VigenciaTag({ funcionario }: { funcionario: Vigencia }) {
  const color = funcionario.enVigor
    ? funcionario.porVencer
      ? "warning"
      : "success"
    : funcionario.vencida
      ? "danger"
      : "secondary";
  return <StatusTag texto={textoVigencia(funcionario)} color={color} />;
}
