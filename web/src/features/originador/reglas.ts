/**
 * What the originator may do to a request in each status (DESIGN.md §4), as the screens need it to
 * show only the actions the server would accept.
 */
import { ESTATUS, textoEstatusUsuario } from "@registro/contracts";

export type ModoFormulario = "nuevo" | "editar" | "nuevoFuncionario";

/** Saved, edited and sent by the originator: pending and returned by the analyst. */
export const ESTATUS_EDITABLES: readonly number[] = [ESTATUS.PENDIENTE_ENVIAR, ESTATUS.RETORNADO_ANALISTA];

export const puedeEditar = (estatus: number) => ESTATUS_EDITABLES.includes(estatus);

/** Active: officials may be added and sent, or the deactivation asked for. */
export const esActiva = (estatus: number) => estatus === ESTATUS.ACTIVA;

/** Shows the return reasons (SPEC.md screen 6). */
export const tieneObservaciones = (estatus: number) =>
  estatus === ESTATUS.RECHAZADO_JURIDICO || estatus === ESTATUS.RETORNADO_ANALISTA;

/** Shows the deactivation tab. */
export const esInactiva = (estatus: number) =>
  estatus === ESTATUS.SOLICITUD_INACTIVAR || estatus === ESTATUS.INACTIVADO;

/** Routes of the feature. */
export const RUTA = {
  bandeja: "/Originador",
  nueva: "/Originador/Formulario",
  editar: (id: number) => `/Originador/Formulario/${id}`,
  nuevoFuncionario: (id: number) => `/Originador/Formulario/NuevoFuncionario/${id}`,
  detalles: (id: number) => `/Originador/Detalles/${id}`,
};

/**
 * The originator's inbox and screens show 202 as 'Pendiente de enviar' in grey and 103 as
 * 'En revisión legal' (SPEC.md screen 18): the institution need not see the administrator's return.
 */
export function estatusOriginador(estatus: number, texto: string, color: string): { texto: string; color: string } {
  if (estatus === ESTATUS.PENDIENTE_ENVIAR) return { texto: "Pendiente de enviar", color: "secondary" };
  if (estatus === ESTATUS.RETORNADO_RYCC) return { texto: "En revisión legal", color };
  return { texto: textoEstatusUsuario(estatus, texto), color };
}
