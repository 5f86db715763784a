/** Routes of the tablero feature: the workload dashboard, in the Revisión RyCC module. */
import { URL_VISTA, V } from "@registro/contracts";
import type { RutaApp } from "../../app/route-types";
import { queryClient } from "../../lib/query-client";
import { consultaTablero, FILTROS_INICIALES } from "./api/get-tablero";

// Its own chunk (and Chart.js, which PrimeReact's Chart imports on first use, another): nothing of
// it loads before this route is opened.
export const rutas: RutaApp[] = [
  {
    nombre: V.TABLERO,
    path: URL_VISTA[V.TABLERO],
    cargar: () => import("./screens/TableroPage"),
    precargar: () => void queryClient.prefetchQuery(consultaTablero(FILTROS_INICIALES)),
  },
];
