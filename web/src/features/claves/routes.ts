/** Routes of the claves feature: the configuration administrator's "Claves de sistema". */
import { V } from "@registro/contracts";
import type { RutaApp } from "../../app/route-types";

export const rutas: RutaApp[] = [
  {
    nombre: V.CLAVES_SISTEMA,
    path: "/Configuracion/ClavesSistema",
    cargar: () => import("./screens/ClavesSistemaPage"),
  },
];
