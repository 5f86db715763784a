/** Routes of the verificacion feature: "Verificar firma" in the Consulta module. */
import { V, VISTAS } from "@registro/contracts";
import type { RutaApp } from "../../app/route-types";
import { consultaConstanciaPublica } from "./api/get-constancia-publica";

const url = VISTAS.find((v) => v.nombre === V.VERIFICAR_FIRMA)!.url;

export const rutas: RutaApp[] = [
  { nombre: V.VERIFICAR_FIRMA, path: url, cargar: () => import("./screens/VerificarFirmaPage") },
];

/** The public page of a constancia (no sign-in), outside the layout; without a code, only its file check. */
export const RUTA_VERIFICAR_CONSTANCIA = "/Verificar/:codigo?";
export const cargarVerificarConstancia = () => import("./screens/VerificarConstanciaPage");
/** The public page's answer, asked for while its code downloads (the page's query finds it). */
export const consultaVerificarConstancia = consultaConstanciaPublica;
