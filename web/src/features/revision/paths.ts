/** The revision screens' addresses (SPEC.md §2), taken from the views' addresses in contracts. */
import { type NombreVista, URL_VISTA, V } from "@registro/contracts";

const url = (nombre: NombreVista): string => URL_VISTA[nombre];

const detalle = (nombre: NombreVista) => (idSolicitud: number) =>
  url(nombre).replace(":idSolicitud", String(idSolicitud));

export const P = {
  analista: url(V.ANALISTA),
  detalleAnalista: detalle(V.DETALLES_ANALISTA),
  juridico: url(V.JURIDICO),
  detalleJuridico: detalle(V.DETALLES_JURIDICO),
  historico: url(V.HISTORICO),
  detalleHistorico: detalle(V.HISTORICO_DETALLES),
  administrador: url(V.ADMINISTRADOR),
  detalleAdministrador: detalle(V.DETALLES_ADMINISTRADOR),
  seguimiento: url(V.SEGUIMIENTO),
  detalleSeguimiento: detalle(V.DETALLES_SEGUIMIENTO),
  consulta: url(V.CONSULTA),
  detalleConsulta: detalle(V.DETALLES_CONSULTA),
} as const;

/** Route patterns for the router. */
export const PATRON = {
  analista: url(V.ANALISTA),
  detalleAnalista: url(V.DETALLES_ANALISTA),
  juridico: url(V.JURIDICO),
  detalleJuridico: url(V.DETALLES_JURIDICO),
  historico: url(V.HISTORICO),
  detalleHistorico: url(V.HISTORICO_DETALLES),
  administrador: url(V.ADMINISTRADOR),
  detalleAdministrador: url(V.DETALLES_ADMINISTRADOR),
  seguimiento: url(V.SEGUIMIENTO),
  detalleSeguimiento: url(V.DETALLES_SEGUIMIENTO),
  consulta: url(V.CONSULTA),
  detalleConsulta: url(V.DETALLES_CONSULTA),
} as const;
