/** Detalles Seguimiento (/AnalistaRyCC/Seguimiento/Detalles/:idSolicitud). */

import { SeguimientoDetalle } from "../components/SeguimientoDetalle";
import { P } from "../paths";

export default function DetalleSeguimientoPage() {
  return <SeguimientoDetalle volverA={P.seguimiento} />;
}
