/** GET api/SolicitudFirma/GetBandejaConsultor: every request that has been active (106, 203, 201), one page. */
import type { ConsultaPagina, PaginaBandeja } from "../../../components/bandeja/tipos";
import { api } from "../../../lib/api-client";

export function cargarBandejaConsultor(consulta: ConsultaPagina): Promise<PaginaBandeja> {
  return api.get<PaginaBandeja>("api/SolicitudFirma/GetBandejaConsultor", consulta);
}
