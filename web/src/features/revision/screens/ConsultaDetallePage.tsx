/**
 * Detalles de la firma (SPEC.md screen 10): the consultant's read-only view, only 'Volver'. The
 * officials table leaves out the status column and shows whether each signature is in force.
 */
import { DetalleSolicitud } from "../components/DetalleSolicitud";
import { textoConActivaSolicitud } from "../components/estatus-bandeja";
import {
  esInactiva,
  pestanaComentario,
  pestanaDocumentos,
  pestanaFuncionarios,
  pestanaInactiva,
  pestanasSi,
} from "../components/pestanas";
import { P } from "../paths";

export default function ConsultaDetallePage() {
  return (
    <DetalleSolicitud
      titulo="Detalles de la firma"
      volverA={P.consulta}
      textoEstatus={textoConActivaSolicitud}
      pestanas={(s) =>
        pestanasSi(
          pestanaComentario(s),
          pestanaDocumentos(s),
          pestanaFuncionarios(s, { mostrarEstatus: false, mostrarVigencia: true }),
          esInactiva(s) && pestanaInactiva(s),
        )
      }
    />
  );
}
