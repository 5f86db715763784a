/** Analista Legal (SPEC.md screen 15): requests waiting for legal review (102, 103). */

import { ENCABEZADOS_PANTALLA, V } from "@registro/contracts";
import { AccionVer } from "../../../components/bandeja/acciones";
import { BandejaTabla } from "../../../components/bandeja/BandejaTabla";
import { BANDEJA_JURIDICO } from "../bandejas";
import { colorRevisor, textoRevisor } from "../components/estatus-bandeja";
import { P } from "../paths";

export default function JuridicoBandejaPage() {
  return (
    <BandejaTabla
      {...BANDEJA_JURIDICO}
      titulo="Solicitudes de Firma"
      ayuda={ENCABEZADOS_PANTALLA[V.JURIDICO].ayuda}
      exportar="Juridico"
      textoEstatus={textoRevisor}
      colorEstatus={colorRevisor}
      acciones={(s) => <AccionVer to={P.detalleJuridico(s.idSolicitud)} />}
    />
  );
}
