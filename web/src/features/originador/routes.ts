/** Routes of the originador feature; the router imports this list. */
import { V } from "@registro/contracts";
import type { RutaApp } from "../../app/route-types";

export const rutas: RutaApp[] = [
  { nombre: V.SOLICITUD, path: "/Originador/Formulario", cargar: () => import("./screens/SolicitudFormPage") },
  {
    nombre: V.NUEVO_FUNCIONARIO,
    path: "/Originador/Formulario/NuevoFuncionario/:idSolicitud",
    cargar: () => import("./screens/SolicitudFormPage"),
  },
  {
    nombre: V.EDITAR_SOLICITUD,
    path: "/Originador/Formulario/:idSolicitud",
    cargar: () => import("./screens/SolicitudFormPage"),
  },
];
