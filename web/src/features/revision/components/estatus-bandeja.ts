/**
 * What each comptroller inbox shows in its status column, and which statuses its filter offers
 * (SPEC.md screens 13–17, DESIGN.md §4 "Display texts").
 */
import {
  type BandejaItem,
  ESTATUS,
  ESTATUS_BANDEJA,
  type Solicitud,
  TEXTO_ACTIVA,
  TEXTO_PENDIENTE,
  TEXTO_REVISION,
  textoEstatusUsuario,
} from "@registro/contracts";
import { opcionesDeEstatus } from "../../../components/bandeja/columnas";

const { APROBADO_JURIDICO, ACTIVA, SOLICITUD_INACTIVAR, INACTIVADO, RETORNADO_JURIDICO, RECHAZADO_JURIDICO, ENVIADO } =
  ESTATUS;

/** Analyst and legal inboxes: who holds the request, not its status. */
export const textoRevisor = (item: BandejaItem) => (item.asignadoA ? TEXTO_REVISION : TEXTO_PENDIENTE);
export const colorRevisor = (item: BandejaItem) => (item.asignadoA ? "info" : "warning");

/**
 * A request's detail reads its status as the inbox it is opened from does (issue 35: one wording per
 * request, not 'Revisión' in the list and 'Enviado' in the detail); undefined: the status's own text.
 */
export const textoRevisorSolicitud =
  (rol: "analista" | "juridico") =>
  (s: Solicitud): string | undefined =>
    (ESTATUS_BANDEJA[rol] as readonly number[]).includes(s.estatusSolitud)
      ? s.idAsignadoA !== null
        ? TEXTO_REVISION
        : TEXTO_PENDIENTE
      : undefined;
export const textoAdministradorSolicitud = (s: Solicitud): string | undefined =>
  s.estatusSolitud === APROBADO_JURIDICO ? TEXTO_PENDIENTE : s.estatusSolitud === ACTIVA ? TEXTO_ACTIVA : undefined;

/** Legal history and consultant: 106 reads 'Activa' (green), in the inbox and in the detail. */
export const textoConActivaSolicitud = (s: Solicitud): string | undefined =>
  s.estatusSolitud === ACTIVA ? TEXTO_ACTIVA : undefined;
export const textoConActiva = (item: BandejaItem) =>
  item.estatusSolitud === ACTIVA ? TEXTO_ACTIVA : textoEstatusUsuario(item.estatusSolitud, item.estatus);
export const colorConActiva = (item: BandejaItem) => (item.estatusSolitud === ACTIVA ? "success" : item.colorEstatus);

/** Administrator inbox: 105 is what waits for them ('Pendiente'); 106 reads 'Activa'. */
export const textoAdministrador = (item: BandejaItem) =>
  item.estatusSolitud === APROBADO_JURIDICO
    ? TEXTO_PENDIENTE
    : item.estatusSolitud === ACTIVA
      ? TEXTO_ACTIVA
      : textoEstatusUsuario(item.estatusSolitud, item.estatus);

/** Administrator and tracking colours (SPEC.md screen 17); other statuses keep the server's colour. */
const COLOR_ADMINISTRADOR: Record<number, string> = {
  [APROBADO_JURIDICO]: "primary",
  [SOLICITUD_INACTIVAR]: "primary",
  [INACTIVADO]: "warning",
  [RETORNADO_JURIDICO]: "warning",
  [RECHAZADO_JURIDICO]: "danger",
  [ACTIVA]: "success",
};
export const colorAdministrador = (item: BandejaItem) => COLOR_ADMINISTRADOR[item.estatusSolitud] ?? item.colorEstatus;

/** Legal history filter: what legal decided (a row shows the request's current status). */
export const FILTRO_HISTORICO = opcionesDeEstatus([APROBADO_JURIDICO, RECHAZADO_JURIDICO, RETORNADO_JURIDICO]);

/** Administrator and tracking filter, in SPEC.md's order. */
export const FILTRO_ADMINISTRADOR = opcionesDeEstatus([
  APROBADO_JURIDICO,
  ACTIVA,
  RECHAZADO_JURIDICO,
  INACTIVADO,
  SOLICITUD_INACTIVAR,
  RETORNADO_JURIDICO,
  ENVIADO,
]);
