/** GET api/SolicitudFirma/GetHistorico: the requests legal decided on, with their current status, one page. */
import type { ConsultaPagina, PaginaBandeja } from "../../../components/bandeja/tipos";
import { api } from "../../../lib/api-client";

export function cargarHistoricoJuridico(consulta: ConsultaPagina): Promise<PaginaBandeja> {
  return api.get<PaginaBandeja>("api/SolicitudFirma/GetHistorico", consulta);
}
