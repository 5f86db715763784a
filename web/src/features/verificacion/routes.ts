/** Routes of the verificacion feature: "Verificar firma" and "Verificar documento" in the Consulta module. */
import { URL_VISTA, V } from "@registro/contracts";
import type { RutaApp } from "../../app/route-types";
import { consultaConstanciaPublica } from "./api/get-constancia-publica";
import { RUTA_VERIFICAR_DOCUMENTO } from "./paths";

export const rutas: RutaApp[] = [
  {
    nombre: V.VERIFICAR_FIRMA,
    path: URL_VISTA[V.VERIFICAR_FIRMA],
    cargar: () => import("./screens/VerificarFirmaPage"),
  },
  // Verificar documento (issue 38): the same view grants it; the menu's "Verificar firma" stays lit.
  {
    nombre: V.VERIFICAR_FIRMA,
    titulo: "Verificar documento",
    path: RUTA_VERIFICAR_DOCUMENTO,
    cargar: () => import("./screens/VerificarDocumentoPage"),
  },
];

/** The public page of a constancia (no sign-in), outside the layout; without a code, only its file check. */
export const RUTA_VERIFICAR_CONSTANCIA = "/Verificar/:codigo?";
export const cargarVerificarConstancia = () => import("./screens/VerificarConstanciaPage");
/** The public page's answer, asked for while its code downloads (the page's query finds it). */
export const consultaVerificarConstancia = consultaConstanciaPublica;
