/** Routes of the configuracion feature; the router imports this list. */
import type { RutaApp } from "../../app/route-types";

export const rutas: RutaApp[] = [];
