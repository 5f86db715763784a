/**
 * Detalles Seguimiento and Historico Detalles (SPEC.md screen 12): the request with its status
 * history, read-only; Observaciones when it was returned to or rejected for the institution.
 */
import { DetalleSolicitud } from "./DetalleSolicitud";
import {
  esDevueltaAlOriginador,
  esInactiva,
  pestanaComentario,
  pestanaDocumentos,
  pestanaFuncionarios,
  pestanaHistorico,
  pestanaInactiva,
  pestanaObservaciones,
  pestanasSi,
} from "./pestanas";

export function SeguimientoDetalle({ volverA }: { volverA: string }) {
  return (
    <DetalleSolicitud
      volverA={volverA}
      pestanas={(s) =>
        pestanasSi(
          pestanaComentario(s),
          pestanaDocumentos(s),
          pestanaFuncionarios(s),
          pestanaHistorico(s),
          esDevueltaAlOriginador(s) && pestanaObservaciones(s),
          esInactiva(s) && pestanaInactiva(s),
        )
      }
    />
  );
}
