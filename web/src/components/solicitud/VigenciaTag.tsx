/**
 * An official's standing today ("Estado de la firma"), as the server computes it with contracts'
 * estadoFirma — the one function the public page, the constancia, Verificar firma and the exports
 * use too: "Vigente", "Por vencer", "Aún no vigente (desde …)", "Vencida", "Inactivada el …",
 * "Pendiente de aprobación" or "No aprobada". This is what the registry is consulted for.
 */
import { colorEstadoFirma, type Funcionario } from "@registro/contracts";
import { StatusTag } from "./StatusTag";

type Vigencia = Pick<Funcionario, "estadoFirma" | "estadoTexto">;

export function VigenciaTag({ funcionario }: { funcionario: Vigencia }) {
  return <StatusTag texto={funcionario.estadoTexto} color={colorEstadoFirma(funcionario.estadoFirma)} />;
}
