/** GET api/SolicitudFirma/GetBandejaAdministradorRCC: every request ever sent, for the administrator and for tracking, one page. */
import type { ConsultaPagina, PaginaBandeja } from "../../../components/bandeja/tipos";
import { api } from "../../../lib/api-client";

export function cargarBandejaAdministrador(consulta: ConsultaPagina): Promise<PaginaBandeja> {
  return api.get<PaginaBandeja>("api/SolicitudFirma/GetBandejaAdministradorRCC", consulta);
}
