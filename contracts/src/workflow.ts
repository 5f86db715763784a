/**
 * The workflow of DESIGN.md §4 as data plus one pure function. Services ask `decidir` whether an
 * actor may take an action on a request in its current state, and what status follows; nothing else
 * decides a transition. No I/O here.
 */
import { type CodigoEstatus, ESTATUS } from "./estatus.js";

/** Who acts, derived on the server from the user's views (see `ROLES_POR_VISTA`). */
export type Rol = "originador" | "analista" | "juridico" | "administrador";

export type Accion =
  | "guardar" // PUT Put, and adding/editing/deleting officials before sending
  | "enviar" // EnviarSolicitud
  | "agregarFuncionarios" // add officials to an active request
  | "enviarFuncionarios" // EnviarFuncionario
  | "solicitarInactivacion" // SolicitudInactivar
  | "aprobarRcc"
  | "retornarRcc"
  | "aprobarJuridico"
  | "retornarJuridico"
  | "rechazarJuridico"
  | "aprobarAdmin"
  | "retornarAdmin"
  | "inactivar"
  | "activar"
  | "asignar"
  | "inactivarFuncionario"
  // Reassignment
  | "liberar" // Liberar: the holder gives the request back to the stage's pool
  | "reasignar"; // Reasignar: the RyCC administrator moves a held request to another user of the stage

export interface Transicion {
  accion: Accion;
  desde: readonly CodigoEstatus[];
  rol: Rol;
  /** Resulting status; `null` keeps the current one. */
  hacia: CodigoEstatus | null;
  /** The actor must hold the request (asignadoA). */
  requiereAsignacion: boolean;
  /** Reasons and comment are required. */
  requiereMotivos: boolean;
}

const { PENDIENTE_ENVIAR, ENVIADO, RETORNADO_ANALISTA, APROBADO_ANALISTA, RETORNADO_JURIDICO } = ESTATUS;
const { RECHAZADO_JURIDICO, APROBADO_JURIDICO, RETORNADO_RYCC, ACTIVA, SOLICITUD_INACTIVAR, INACTIVADO } = ESTATUS;

const t = (
  accion: Accion,
  desde: readonly CodigoEstatus[],
  rol: Rol,
  hacia: CodigoEstatus | null,
  extra: Partial<Pick<Transicion, "requiereAsignacion" | "requiereMotivos">> = {},
): Transicion => ({
  accion,
  desde,
  rol,
  hacia,
  requiereAsignacion: extra.requiereAsignacion ?? false,
  requiereMotivos: extra.requiereMotivos ?? false,
});

const asignado = { requiereAsignacion: true };
const asignadoConMotivos = { requiereAsignacion: true, requiereMotivos: true };

export const TRANSICIONES: readonly Transicion[] = [
  t("guardar", [PENDIENTE_ENVIAR, RETORNADO_ANALISTA], "originador", null),
  t("enviar", [PENDIENTE_ENVIAR, RETORNADO_ANALISTA], "originador", ENVIADO),
  t("agregarFuncionarios", [ACTIVA], "originador", null),
  t("enviarFuncionarios", [ACTIVA], "originador", ENVIADO),
  t("solicitarInactivacion", [ACTIVA], "originador", SOLICITUD_INACTIVAR),
  t("asignar", [ENVIADO, RETORNADO_JURIDICO], "analista", null),
  t("aprobarRcc", [ENVIADO, RETORNADO_JURIDICO], "analista", APROBADO_ANALISTA, asignado),
  t("retornarRcc", [ENVIADO, RETORNADO_JURIDICO], "analista", RETORNADO_ANALISTA, asignadoConMotivos),
  t("asignar", [APROBADO_ANALISTA, RETORNADO_RYCC], "juridico", null),
  t("aprobarJuridico", [APROBADO_ANALISTA, RETORNADO_RYCC], "juridico", APROBADO_JURIDICO, asignado),
  t("retornarJuridico", [APROBADO_ANALISTA, RETORNADO_RYCC], "juridico", RETORNADO_JURIDICO, asignadoConMotivos),
  // A request that was active before returns to 106 instead (see `destinoRechazo`).
  t("rechazarJuridico", [APROBADO_ANALISTA, RETORNADO_RYCC], "juridico", RECHAZADO_JURIDICO, asignadoConMotivos),
  t("aprobarAdmin", [APROBADO_JURIDICO], "administrador", ACTIVA),
  t("retornarAdmin", [APROBADO_JURIDICO], "administrador", RETORNADO_RYCC, { requiereMotivos: true }),
  t("inactivar", [ACTIVA, SOLICITUD_INACTIVAR], "administrador", INACTIVADO),
  t("activar", [SOLICITUD_INACTIVAR, INACTIVADO], "administrador", ACTIVA),
  t("inactivarFuncionario", [ACTIVA, APROBADO_JURIDICO, SOLICITUD_INACTIVAR], "administrador", null),
  // Reassignment: only a held request can be released or reassigned.
  t("liberar", [ENVIADO, RETORNADO_JURIDICO], "analista", null, asignado),
  t("liberar", [APROBADO_ANALISTA, RETORNADO_RYCC], "juridico", null, asignado),
  t("reasignar", [ENVIADO, RETORNADO_JURIDICO, APROBADO_ANALISTA, RETORNADO_RYCC], "administrador", null),
];

export const ACCIONES: readonly Accion[] = [...new Set(TRANSICIONES.map((x) => x.accion))];
export const ROLES: readonly Rol[] = ["originador", "analista", "juridico", "administrador"];

/** The stage whose reviewers may self-assign a request in that status. */
export function rolQueAsigna(estatus: number): Rol | null {
  const tr = TRANSICIONES.find((x) => x.accion === "asignar" && (x.desde as readonly number[]).includes(estatus));
  return tr?.rol ?? null;
}

export interface EstadoSolicitud {
  estatus: number;
  /** idUsuario holding the request, if any. */
  asignadoA: number | null;
  /** The request reached 106 at some point (a legal rejection then returns it to 106). */
  fueActiva: boolean;
  /**
   * The pending deactivation (203) concerns chosen officials only: approving it inactivates them
   * and the request stays active (106) for the others.
   */
  inactivacionParcial?: boolean;
}

export interface Actor {
  idUsuario: number;
  roles: ReadonlySet<Rol>;
}

export type Decision =
  | { permitido: true; hacia: CodigoEstatus | null; transicion: Transicion }
  | { permitido: false; motivo: "rol" | "estatus" | "asignacion" | "asignadoOtro" | "destino" };

/**
 * May `actor` take `accion` on a request in `estado`? Returns the resulting status, or why not.
 * Role is checked first (a role that never takes the action is refused as "rol"), then status,
 * then assignment.
 */
export function decidir(accion: Accion, estado: EstadoSolicitud, actor: Actor, destino?: Actor): Decision {
  const candidatas = TRANSICIONES.filter((x) => x.accion === accion && actor.roles.has(x.rol));
  if (candidatas.length === 0) return { permitido: false, motivo: "rol" };
  const tr = candidatas.find((x) => (x.desde as readonly number[]).includes(estado.estatus));
  if (!tr) return { permitido: false, motivo: "estatus" };
  if (accion === "asignar" && estado.asignadoA !== null && estado.asignadoA !== actor.idUsuario) {
    return { permitido: false, motivo: "asignadoOtro" };
  }
  if (tr.requiereAsignacion && estado.asignadoA !== actor.idUsuario) {
    return { permitido: false, motivo: estado.asignadoA === null ? "asignacion" : "asignadoOtro" };
  }
  if (accion === "reasignar") {
    // Only a held request moves, and only to another user who could claim it in this stage.
    if (estado.asignadoA === null) return { permitido: false, motivo: "asignacion" };
    const etapa = rolQueAsigna(estado.estatus);
    if (!destino || !etapa || !destino.roles.has(etapa) || destino.idUsuario === estado.asignadoA) {
      return { permitido: false, motivo: "destino" };
    }
  }
  const parcial =
    accion === "inactivar" && estado.estatus === ESTATUS.SOLICITUD_INACTIVAR && estado.inactivacionParcial;
  const hacia = (accion === "rechazarJuridico" && estado.fueActiva) || parcial ? ESTATUS.ACTIVA : tr.hacia;
  return { permitido: true, hacia, transicion: tr };
}

/** A reviewer's stage, and the status its return sends a request to. */
export interface EtapaConRetorno {
  rol: Rol;
  /** The statuses a request waits in at that stage. */
  estatus: readonly CodigoEstatus[];
  /** The status the stage's return leaves (108 the analyst's, 204 legal's). */
  retorno: CodigoEstatus;
}

/**
 * The reviewer's stage a request entering `estatus` reaches, when that stage returns requests
 * (issue 35: who returned a request gets it back when it comes back to their stage); null otherwise.
 */
export function etapaConRetorno(estatus: number): EtapaConRetorno | null {
  const asignar = TRANSICIONES.find((x) => x.accion === "asignar" && (x.desde as readonly number[]).includes(estatus));
  if (!asignar) return null;
  const retorno = TRANSICIONES.find((x) => x.rol === asignar.rol && x.accion.startsWith("retornar"));
  return retorno?.hacia ? { rol: asignar.rol, estatus: asignar.desde, retorno: retorno.hacia } : null;
}

/** Whether a status change leaves the reviewer stage, so `asignadoA` must be cleared. */
export function limpiaAsignacion(desde: number, hacia: number | null): boolean {
  return hacia !== null && hacia !== desde;
}
