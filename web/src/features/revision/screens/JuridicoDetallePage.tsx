/**
 * Detalles Analista Legal (SPEC.md screen 11): as the analyst's, plus Rechazar; a request the
 * administrator sent back (103) shows the administrator's observations and 'Justificación'.
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

export default function JuridicoDetallePage() {
  return (
    <DetalleSolicitud
      volverA={P.juridico}
      acciones={(s) => <AccionesRevisor solicitud={s} rol="juridico" volverA={P.juridico} />}
      aviso={(s) => <AvisoAsignacion solicitud={s} rol="juridico" />}
      pestanas={(s) =>
        pestanasSi(
          pestanaComentario(s),
          pestanaDocumentos(s),
          pestanaFuncionarios(s),
          s.estatusSolitud === ESTATUS.RETORNADO_RYCC && pestanaObservaciones(s, "Justificación"),
        )
      }
    />
  );
}
