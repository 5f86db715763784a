/** The Documentos tab of a request detail: its stored files with the viewer. */

import { useSolicitudAdjuntos } from "./api/get-solicitud-adjuntos";
import { TablaAdjuntos } from "./TablaAdjuntos";

export function DocumentosTab({ idSolicitud }: { idSolicitud: number }) {
  const adjuntos = useSolicitudAdjuntos(idSolicitud);
  return (
    <TablaAdjuntos
      adjuntos={(adjuntos.data ?? []).filter((a) => a.tipoAdjunto !== "Evidencia")}
      cargando={adjuntos.isLoading}
      etiqueta="Documentos de la solicitud"
    />
  );
}
