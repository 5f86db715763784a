/** The 'Inactiva' tab of a deactivated request (203, 201): the justification and the evidence. */
import type { Solicitud } from "@registro/contracts";
import { useSolicitudAdjuntos } from "./api/get-solicitud-adjuntos";
import { TablaAdjuntos } from "./TablaAdjuntos";
import "./solicitud.css";

export function InactivaTab({ solicitud }: { solicitud: Solicitud }) {
  const adjuntos = useSolicitudAdjuntos(solicitud.idSolicitud);
  const evidencia = (adjuntos.data ?? []).filter((a) => a.tipoAdjunto === "Evidencia");
  return (
    <div className="rf-observaciones">
      <h3>Justificación</h3>
      <p className="rf-texto-libre">{solicitud.justificacion || "—"}</p>
      <h3>Evidencia</h3>
      <TablaAdjuntos adjuntos={evidencia} cargando={adjuntos.isLoading} etiqueta="Evidencia de la inactivación" />
    </div>
  );
}
