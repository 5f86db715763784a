/**
 * "Seguridad": the user's own second factors. Every signed-in user reaches it (it is not one of
 * the profile's views), from the user menu, and it is the only screen open while the profile
 * requires a second factor the user has not enrolled yet.
 */
import type { RutaApp } from "../../app/route-types";

export const RUTA_SEGURIDAD = "Seguridad";
export const PATH_SEGURIDAD = "/Seguridad";

export const rutas: RutaApp[] = [
  { nombre: RUTA_SEGURIDAD, path: PATH_SEGURIDAD, cargar: () => import("./SeguridadPage") },
];
