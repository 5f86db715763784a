/**
 * The analyst's and the legal analyst's detail (SPEC.md screens 9 and 11): the request with the
 * reviewer's decisions and assignment note, and the Comentario, Documentos and Funcionarios tabs
 * plus Observaciones when the request came back to this stage.
 */
import type { Solicitud } from "@registro/contracts";
import { AccionesRevisor, AvisoAsignacion, type RolRevisor } from "./AccionesRevisor";
import { DetalleSolicitud, type Pestana } from "./DetalleSolicitud";
import { pestanaComentario, pestanaDocumentos, pestanaFuncionarios, pestanasSi } from "./pestanas";

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
  return (
    <DetalleSolicitud
      volverA={volverA}
      acciones={(s) => <AccionesRevisor solicitud={s} rol={rol} volverA={volverA} />}
      aviso={(s) => <AvisoAsignacion solicitud={s} rol={rol} />}
      pestanas={(s) => pestanasSi(pestanaComentario(s), pestanaDocumentos(s), pestanaFuncionarios(s), observaciones(s))}
    />
  );
}
