/** Analista de Revisión (SPEC.md screen 14): requests waiting for the RyCC analyst (101, 204). */

import { ENCABEZADOS_PANTALLA, V } from "@registro/contracts";
import { AccionVer } from "../../../components/bandeja/acciones";
import { BandejaTabla } from "../../../components/bandeja/BandejaTabla";
import { BANDEJA_ANALISTA } from "../bandejas";
import { colorRevisor, textoRevisor } from "../components/estatus-bandeja";
import { P } from "../paths";

export default function AnalistaBandejaPage() {
  return (
    <BandejaTabla
      {...BANDEJA_ANALISTA}
      titulo="Solicitudes de Firma"
      ayuda={ENCABEZADOS_PANTALLA[V.ANALISTA].ayuda}
      exportar="Analista"
      textoEstatus={textoRevisor}
      colorEstatus={colorRevisor}
      acciones={(s) => <AccionVer to={P.detalleAnalista(s.idSolicitud)} />}
    />
  );
}
