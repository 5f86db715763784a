/** GET api/SolicitudFirma/GetBandejaJuridico: the legal analyst's inbox (102, 103), one page. */
import type { ConsultaPagina, PaginaBandeja } from "../../../components/bandeja/tipos";
import { api } from "../../../lib/api-client";

export function cargarBandejaJuridico(consulta: ConsultaPagina): Promise<PaginaBandeja> {
  return api.get<PaginaBandeja>("api/SolicitudFirma/GetBandejaJuridico", consulta);
}
