/**
 * The analyst's and the legal analyst's detail (SPEC.md screens 9 and 11): the request with the
 * reviewer's decisions and assignment note, and the Comentario, Documentos and Funcionarios tabs,
 * Observaciones when the request came back to this stage, the status history with every return's
 * reasons, and what the institution changed since it was returned.
 */
import type { Solicitud } from "@registro/contracts";
import { useCambios } from "../../../components/solicitud/api/get-cambios";
import { AccionesRevisor, AvisoAsignacion, type RolRevisor } from "./AccionesRevisor";
import { DetalleSolicitud, type Pestana, useIdSolicitud } from "./DetalleSolicitud";
import { textoRevisorSolicitud } from "./estatus-bandeja";
import {
  pestanaCambios,
  pestanaComentario,
  pestanaDocumentos,
  pestanaFuncionarios,
  pestanaHistorico,
  pestanasSi,
} from "./pestanas";

export function DetalleRevisor({
  rol,
  volverA,
  observaciones,
}: {
  rol: RolRevisor;
  volverA: string;
  /** The Observaciones tab when the request came back to this stage, false otherwise. */
  observaciones: (s: Solicitud) => Pestana | false;
}) {
  // `.data` read here, during render: a query result read only inside the tabs' callback (which runs
  // in the child's render) is not tracked, so the Cambios tab would stay hidden whenever the changes
  // arrive before the request itself.
  const cambios = useCambios(useIdSolicitud()).data;
  return (
    <DetalleSolicitud
      volverA={volverA}
      textoEstatus={textoRevisorSolicitud(rol)}
      acciones={(s) => <AccionesRevisor solicitud={s} rol={rol} volverA={volverA} />}
      aviso={(s) => <AvisoAsignacion solicitud={s} rol={rol} />}
      pestanas={(s) =>
        pestanasSi(
          pestanaComentario(s),
          pestanaDocumentos(s),
          pestanaFuncionarios(s),
          observaciones(s),
          pestanaCambios(cambios),
          pestanaHistorico(s),
        )
      }
    />
  );
}
