/** Routes of the revision feature (SPEC.md screens 7–17); the router imports this list. */
import { V } from "@registro/contracts";
import type { RutaApp } from "../../app/route-types";
import { precargaBandeja } from "../../components/bandeja/consulta";
import { BANDEJA_ANALISTA, BANDEJA_CONSULTA, BANDEJA_JURIDICO } from "./bandejas";
import { PATRON } from "./paths";

export const rutas: RutaApp[] = [
  {
    nombre: V.ANALISTA,
    path: PATRON.analista,
    cargar: () => import("./screens/AnalistaBandejaPage"),
    precargar: precargaBandeja(BANDEJA_ANALISTA),
  },
  { nombre: V.DETALLES_ANALISTA, path: PATRON.detalleAnalista, cargar: () => import("./screens/AnalistaDetallePage") },
  {
    nombre: V.JURIDICO,
    path: PATRON.juridico,
    cargar: () => import("./screens/JuridicoBandejaPage"),
    precargar: precargaBandeja(BANDEJA_JURIDICO),
  },
  { nombre: V.DETALLES_JURIDICO, path: PATRON.detalleJuridico, cargar: () => import("./screens/JuridicoDetallePage") },
  { nombre: V.HISTORICO, path: PATRON.historico, cargar: () => import("./screens/HistoricoBandejaPage") },
  {
    nombre: V.HISTORICO_DETALLES,
    path: PATRON.detalleHistorico,
    cargar: () => import("./screens/DetalleHistoricoPage"),
  },
  { nombre: V.ADMINISTRADOR, path: PATRON.administrador, cargar: () => import("./screens/AdministradorBandejaPage") },
  {
    nombre: V.DETALLES_ADMINISTRADOR,
    path: PATRON.detalleAdministrador,
    cargar: () => import("./screens/AdministradorDetallePage"),
  },
  { nombre: V.SEGUIMIENTO, path: PATRON.seguimiento, cargar: () => import("./screens/SeguimientoBandejaPage") },
  {
    nombre: V.DETALLES_SEGUIMIENTO,
    path: PATRON.detalleSeguimiento,
    cargar: () => import("./screens/DetalleSeguimientoPage"),
  },
  {
    nombre: V.CONSULTA,
    path: PATRON.consulta,
    cargar: () => import("./screens/ConsultaBandejaPage"),
    precargar: precargaBandeja(BANDEJA_CONSULTA),
  },
  { nombre: V.DETALLES_CONSULTA, path: PATRON.detalleConsulta, cargar: () => import("./screens/ConsultaDetallePage") },
];
