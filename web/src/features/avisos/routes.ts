/** Routes of the avisos feature: the configuration administrator's "Correos no enviados". */
import { V } from "@registro/contracts";
import type { RutaApp } from "../../app/route-types";

export const rutas: RutaApp[] = [
  {
    nombre: V.CORREOS_NO_ENVIADOS,
    path: "/Configuracion/CorreosNoEnviados",
    cargar: () => import("./screens/CorreosNoEnviadosPage"),
  },
];
