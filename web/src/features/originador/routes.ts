/** Routes of the originador feature; the router imports this list. */
import { V } from "@registro/contracts";
import type { RutaApp } from "../../app/route-types";
import { precargaBandeja } from "../../components/bandeja/consulta";
import { BANDEJA_ORIGINADOR } from "./bandeja";

export const rutas: RutaApp[] = [
  {
    nombre: V.ORIGINADOR,
    path: "/Originador",
    cargar: () => import("./screens/BandejaOriginadorPage"),
    precargar: precargaBandeja(BANDEJA_ORIGINADOR),
  },
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
  {
    nombre: V.DETALLES_ORIGINADOR,
    path: "/Originador/Detalles/:idSolicitud",
    cargar: () => import("./screens/DetallesOriginadorPage"),
  },
];
