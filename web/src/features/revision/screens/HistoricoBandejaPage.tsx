/**
 * Histórico (SPEC.md screen 16): every request legal decided on, numbered, with its current status
 * (106 reads 'Activa'); the filter offers what legal decided.
 */

import { ENCABEZADOS_PANTALLA, V } from "@registro/contracts";
import { AccionVer } from "../../../components/bandeja/acciones";
import { BandejaTabla } from "../../../components/bandeja/BandejaTabla";
import { cargarHistoricoJuridico } from "../api/get-historico";
import { colorConActiva, FILTRO_HISTORICO, textoConActiva } from "../components/estatus-bandeja";
import { P } from "../paths";

export default function HistoricoBandejaPage() {
  return (
    <BandejaTabla
      titulo="Solicitudes de Firma"
      ayuda={ENCABEZADOS_PANTALLA[V.HISTORICO].ayuda}
      exportar="Historico"
      clave={["historico"]}
      cargar={cargarHistoricoJuridico}
      numerarFilas
      textoEstatus={textoConActiva}
      colorEstatus={colorConActiva}
      opcionesEstatus={FILTRO_HISTORICO}
      acciones={(s) => <AccionVer to={P.detalleHistorico(s.idSolicitud)} />}
    />
  );
}
