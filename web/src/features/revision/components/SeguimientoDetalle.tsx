/**
 * Detalles Seguimiento and Historico Detalles (SPEC.md screen 12): the request with its status
 * history, read-only; Observaciones when it was returned to or rejected for the institution.
 */
import { GRUPOS, type Solicitud } from "@registro/contracts";
import { useUserData } from "../../../lib/user-data";
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
import { BotonReasignar } from "./Reasignacion";

interface SeguimientoDetalleProps {
  volverA: string;
  /** The status as the inbox it is opened from reads it (the legal history's 'Activa'). */
  textoEstatus?: (s: Solicitud) => string | undefined;
}

export function SeguimientoDetalle({ volverA, textoEstatus }: SeguimientoDetalleProps) {
  // The RyCC administrator may reassign a held request from the tracking detail.
  const vistas = useUserData().data?.vistas ?? [];
  const administra = vistas.some((v) => (GRUPOS.administrador as readonly string[]).includes(v.nombre));
  return (
    <DetalleSolicitud
      volverA={volverA}
      textoEstatus={textoEstatus}
      acciones={administra ? (s) => <BotonReasignar solicitud={s} /> : undefined}
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
