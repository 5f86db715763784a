/**
 * Detalles Analista RCC (SPEC.md screen 9): the request with Aprobar / Retornar and Auto-Asignar.
 * A request legal returned (204) also shows legal's observations.
 */
import { ESTATUS } from "@registro/contracts";
import { AccionesRevisor, AvisoAsignacion } from "../components/AccionesRevisor";
import { DetalleSolicitud } from "../components/DetalleSolicitud";
import {
  pestanaComentario,
  pestanaDocumentos,
  pestanaFuncionarios,
  pestanaObservaciones,
  pestanasSi,
} from "../components/pestanas";
import { P } from "../paths";

export default function AnalistaDetallePage() {
  return (
    <DetalleSolicitud
      volverA={P.analista}
      acciones={(s) => <AccionesRevisor solicitud={s} rol="analista" volverA={P.analista} />}
      aviso={(s) => <AvisoAsignacion solicitud={s} rol="analista" />}
      pestanas={(s) =>
        pestanasSi(
          pestanaComentario(s),
          pestanaDocumentos(s),
          pestanaFuncionarios(s),
          s.estatusSolitud === ESTATUS.RETORNADO_JURIDICO && pestanaObservaciones(s),
        )
      }
    />
  );
}
