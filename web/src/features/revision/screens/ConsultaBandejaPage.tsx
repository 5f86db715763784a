/** Consulta (SPEC.md screen 13): the registry of signatures that have been active (106, 203, 201), read-only. */

import { ENCABEZADOS_PANTALLA, V } from "@registro/contracts";
import { AccionVer } from "../../../components/bandeja/acciones";
import { BandejaTabla } from "../../../components/bandeja/BandejaTabla";
import { MenuExportar } from "../../../components/exportar/MenuExportar";
import { BANDEJA_CONSULTA } from "../bandejas";
import { colorConActiva, textoConActiva } from "../components/estatus-bandeja";
import { P } from "../paths";

export default function ConsultaBandejaPage() {
  return (
    <BandejaTabla
      {...BANDEJA_CONSULTA}
      titulo="Solicitudes de Firma"
      ayuda={ENCABEZADOS_PANTALLA[V.CONSULTA].ayuda}
      exportar="Consultor"
      // The registry itself: one row per active official.
      barra={<MenuExportar lista="Registro" etiqueta="Exportar registro" />}
      textoEstatus={textoConActiva}
      colorEstatus={colorConActiva}
      acciones={(s) => <AccionVer to={P.detalleConsulta(s.idSolicitud)} />}
    />
  );
}
