/** GET api/SolicitudFirma/GetBandejaOriginador: one page of the institution's requests. */
import type { ConsultaPagina, PaginaBandeja } from "../../../components/bandeja/tipos";
import { api } from "../../../lib/api-client";

export function obtenerBandejaOriginador(consulta: ConsultaPagina): Promise<PaginaBandeja> {
  return api.get<PaginaBandeja>("api/SolicitudFirma/GetBandejaOriginador", { ...consulta });
}
