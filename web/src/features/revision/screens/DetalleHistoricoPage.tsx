/** Historico Detalles (/Juridico/Historico/Detalles/:idSolicitud): 106 reads 'Activa', as in the legal history. */

import { textoConActivaSolicitud } from "../components/estatus-bandeja";
import { SeguimientoDetalle } from "../components/SeguimientoDetalle";
import { P } from "../paths";

export default function DetalleHistoricoPage() {
  return <SeguimientoDetalle volverA={P.historico} textoEstatus={textoConActivaSolicitud} />;
}
