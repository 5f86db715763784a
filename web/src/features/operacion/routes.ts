/** Routes of the operacion feature: the configuration administrator's "Respaldos". */
import { V } from "@registro/contracts";
import type { RutaApp } from "../../app/route-types";

export const rutas: RutaApp[] = [
  { nombre: V.RESPALDOS, path: "/Configuracion/Respaldos", cargar: () => import("./screens/RespaldosPage") },
];
