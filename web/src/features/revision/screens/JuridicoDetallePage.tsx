/**
 * Detalles Analista Legal (SPEC.md screen 11): as the analyst's, plus Rechazar; a request the
 * administrator sent back (103) shows the administrator's observations and 'Justificación'.
 */
import { ESTATUS } from "@registro/contracts";
import { DetalleRevisor } from "../components/DetalleRevisor";
import { pestanaObservaciones } from "../components/pestanas";
import { P } from "../paths";

export default function JuridicoDetallePage() {
  return (
    <DetalleRevisor
      rol="juridico"
      volverA={P.juridico}
      observaciones={(s) => s.estatusSolitud === ESTATUS.RETORNADO_RYCC && pestanaObservaciones(s, "Justificación")}
    />
  );
}
