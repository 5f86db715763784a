/** Addresses of the verificacion feature's screens (the route table and links read them). */
import { URL_VISTA, V } from "@registro/contracts";

export const RUTA_VERIFICAR_FIRMA = URL_VISTA[V.VERIFICAR_FIRMA];
/** Verificar documento: under Verificar firma's address (its menu item stays lit), granted by the same view. */
export const RUTA_VERIFICAR_DOCUMENTO = `${RUTA_VERIFICAR_FIRMA}/Documento`;
