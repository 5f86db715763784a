/** Seguimiento Solicitud (SPEC.md screen 17): every request ever sent, with the server's status texts. */

import { ENCABEZADOS_PANTALLA, V } from "@registro/contracts";
import { AccionVer } from "../../../components/bandeja/acciones";
import { BandejaTabla } from "../../../components/bandeja/BandejaTabla";
import { cargarBandejaAdministrador } from "../api/get-bandeja-administrador";
import { colorAdministrador, FILTRO_ADMINISTRADOR } from "../components/estatus-bandeja";
import { P } from "../paths";

export default function SeguimientoBandejaPage() {
  return (
    <BandejaTabla
      espera
      titulo="Solicitudes de Firma"
      ayuda={ENCABEZADOS_PANTALLA[V.SEGUIMIENTO].ayuda}
      exportar="Seguimiento"
      clave={["seguimiento"]}
      cargar={cargarBandejaAdministrador}
      colorEstatus={colorAdministrador}
      opcionesEstatus={FILTRO_ADMINISTRADOR}
      acciones={(s) => <AccionVer to={P.detalleSeguimiento(s.idSolicitud)} />}
    />
  );
}
