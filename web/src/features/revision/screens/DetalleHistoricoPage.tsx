/** Historico Detalles (/Juridico/Historico/Detalles/:idSolicitud). */

import { SeguimientoDetalle } from "../components/SeguimientoDetalle";
import { P } from "../paths";

export default function DetalleHistoricoPage() {
  return <SeguimientoDetalle volverA={P.historico} />;
}
