/** Routes of the importacion feature: the configuration administrator's "Importar registro". */
import { V } from "@registro/contracts";
import type { RutaApp } from "../../app/route-types";

export const rutas: RutaApp[] = [
  {
    nombre: V.IMPORTAR_REGISTRO,
    path: "/Configuracion/ImportarRegistro",
    cargar: () => import("./screens/ImportarRegistroPage"),
  },
];
