/** GET api/Verificacion/Constancia/{codigo} (public): the constancia's officials as the registry has them now. */
import type { ComprobantePublico, ConstanciaPublica, InformeDocumentoPublico } from "@registro/contracts";
import { api } from "../../../lib/api-client";

export function obtenerConstanciaPublica(codigo: string): Promise<ConstanciaPublica> {
  return api.get<ConstanciaPublica>(`api/Verificacion/Constancia/${encodeURIComponent(codigo)}`);
}

/** The page's query, also started by the router while the page's code downloads. */
export const consultaConstanciaPublica = (codigo: string) => ({
  queryKey: ["verificacion", "constancia", codigo],
  queryFn: () => obtenerConstanciaPublica(codigo),
  retry: false,
  // An answer the router's early request already got (a 404 too) is not asked again on mounting.
  retryOnMount: false,
});

/** GET api/Verificacion/ComprobanteFirma/{codigo} (public): a Comprobante de verificación, asked when the code is no constancia's. */
export const consultaComprobantePublico = (codigo: string) => ({
  queryKey: ["verificacion", "comprobante", codigo],
  queryFn: () => api.get<ComprobantePublico>(`api/Verificacion/ComprobanteFirma/${encodeURIComponent(codigo)}`),
  retry: false,
});

/** GET api/Verificacion/InformeDocumento/{codigo} (public): a validation report of "Verificar documento", asked when the code is no receipt's either. */
export const consultaInformePublico = (codigo: string) => ({
  queryKey: ["verificacion", "informe", codigo],
  queryFn: () => api.get<InformeDocumentoPublico>(`api/Verificacion/InformeDocumento/${encodeURIComponent(codigo)}`),
  retry: false,
});
