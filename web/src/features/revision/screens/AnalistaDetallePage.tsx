/**
 * Detalles Analista RCC (SPEC.md screen 9): the request with Aprobar / Retornar and Auto-Asignar.
 * A request legal returned (204) also shows legal's observations.
 */
import { ESTATUS } from "@registro/contracts";
import { DetalleRevisor } from "../components/DetalleRevisor";
import { pestanaObservaciones } from "../components/pestanas";
import { P } from "../paths";

export default function AnalistaDetallePage() {
  return (
    <DetalleRevisor
      rol="analista"
      volverA={P.analista}
      observaciones={(s) => s.estatusSolitud === ESTATUS.RETORNADO_JURIDICO && pestanaObservaciones(s)}
    />
  );
}
