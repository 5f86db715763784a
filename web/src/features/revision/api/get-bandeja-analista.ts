/** GET api/SolicitudFirma/GetBandejaAnalista: the RyCC analyst's inbox (101, 204), one page. */
import type { ConsultaPagina, PaginaBandeja } from "../../../components/bandeja/tipos";
import { api } from "../../../lib/api-client";

export function cargarBandejaAnalista(consulta: ConsultaPagina): Promise<PaginaBandeja> {
  return api.get<PaginaBandeja>("api/SolicitudFirma/GetBandejaAnalista", consulta);
}
