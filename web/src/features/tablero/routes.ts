/** Routes of the tablero feature: the workload dashboard, in the Revisión RyCC module. */
import { V, VISTAS } from "@registro/contracts";
import type { RutaApp } from "../../app/route-types";

const url = VISTAS.find((v) => v.nombre === V.TABLERO)!.url;

// Its own chunk (and Chart.js, which PrimeReact's Chart imports on first use, another): nothing of
// it loads before this route is opened.
export const rutas: RutaApp[] = [{ nombre: V.TABLERO, path: url, cargar: () => import("./screens/TableroPage") }];
