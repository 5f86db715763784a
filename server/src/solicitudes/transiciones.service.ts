/**
 * Applies one workflow action to a request, inside the caller's transaction: locks the request,
 * asks the workflow module, writes the new status, assignment, history entry with its reasons, and
 * the officials' status changes that DESIGN.md §4 ties to the transition. Every service that
 * changes a request's status goes through `aplicarTransicion`; none re-decides a transition.
 * Longer than 300 lines: one transaction's steps (checks, status, holder, history, officials,
 * notices) and the two holder rules they use stay together.
 */
import {
  type Accion,
  type Actor,
  decidir,
  ESTATUS,
  ESTATUS_FUNCIONARIO,
  etapaConRetorno,
  MSG,
  rolesDeVistas,
} from "@registro/contracts";
import { auditar } from "../auditoria/cadena.js";
import { avisarCambioTitular, avisarDevuelta, avisarTransicion } from "../avisos/avisos.service.js";
import type { Tx } from "../db/client.js";
import { asegurarAlcance } from "../llamante/alcance.js";
import type { SesionUsuario } from "../llamante/sesion.js";
import { notificarAutorizaciones } from "../notificaciones/eventos.js";
import { sincronizarAutorizaciones } from "../registro/registro.repository.js";
import { ErroresCampo, NoAutorizado, NoEncontrado, Regla, ValidacionCampo } from "../shared/errors.js";
import { fechaHora } from "../shared/tiempo.js";
import { fotoSolicitud, guardarFoto } from "./cambios.repository.js";
import { usuarioInternoActivo } from "./reasignacion.repository.js";
import * as repo from "./transiciones.repository.js";

export interface OpcionesTransicion {
  /** Comment written to the history entry (required with reasons). */
  comentario?: string;
  /** Reason ids (idMotivo), required where the transition requires them. */
  motivos?: number[];
  /** Runs after the checks and before the status is written (e.g. "has at least one official"). */
  antes?: (solicitud: NonNullable<Awaited<ReturnType<typeof repo.bloquearSolicitud>>>) => Promise<void>;
  /** The user who receives the request (reasignar), with the roles their views grant. */
  destino?: Actor;
  /**
   * solicitarInactivacion: the chosen active officials (idFuncionario); empty or absent, the whole
   * request. Choosing every active official is the whole request too.
   */
  funcionarios?: number[];
}

export interface ResultadoTransicion {
  idSolicitud: number;
  desde: number;
  /** The resulting status (equal to `desde` for actions that keep it, e.g. asignar). */
  hacia: number;
}

/**
 * The kind of reasons each decision accepts (`motivos.id_estatus_proceso`, the status the catalogue
 * files them under): return to the originator, legal's return to the analyst, legal rejection and
 * the administrator's return to legal each take only their own reasons, as their dialogs offer.
 */
const TIPO_MOTIVOS: Partial<Record<Accion, number>> = {
  retornarRcc: ESTATUS.RETORNADO_ANALISTA,
  retornarJuridico: ESTATUS.RETORNADO_JURIDICO,
  rechazarJuridico: ESTATUS.RECHAZADO_JURIDICO,
  retornarAdmin: ESTATUS.RETORNADO_RYCC,
};

export async function aplicarTransicion(
  tx: Tx,
  idSolicitud: number,
  accion: Accion,
  sesion: SesionUsuario,
  opciones: OpcionesTransicion = {},
): Promise<ResultadoTransicion> {
  const solicitud = await repo.bloquearSolicitud(tx, idSolicitud);
  if (!solicitud) throw NoEncontrado(MSG.solicitudNoEncontrada);
  asegurarAlcance(sesion, solicitud.idInstitucion, MSG.solicitudNoEncontrada);

  // A deactivation asked for chosen officials ends only them, and the request stays active.
  const porInactivar =
    accion === "inactivar" || accion === "activar" ? await repo.funcionariosPorInactivar(tx, idSolicitud) : [];
  const decision = decidir(
    accion,
    {
      estatus: solicitud.estatus,
      asignadoA: solicitud.asignadoA,
      fueActiva: solicitud.fueActiva,
      inactivacionParcial: porInactivar.length > 0,
    },
    { idUsuario: sesion.idUsuario, roles: sesion.roles },
    opciones.destino,
  );
  if (!decision.permitido) {
    switch (decision.motivo) {
      case "rol":
        throw NoAutorizado();
      case "estatus":
        throw Regla(MSG.transicionInvalida);
      case "asignacion":
        throw Regla(
          accion === "asignar" || accion === "liberar" || accion === "reasignar"
            ? MSG.solicitudNoAsignada
            : MSG.requiereAsignacion,
        );
      case "destino":
        throw ValidacionCampo("IdUsuario", MSG.usuarioDestinoInvalido);
      case "asignadoOtro":
        throw Regla(MSG.asignadaA(await repo.nombreUsuario(tx, solicitud.asignadoA!)));
    }
  }

  const comentario = (opciones.comentario ?? "").trim();
  const motivos = [...new Set(opciones.motivos ?? [])];
  if (decision.transicion.requiereMotivos) {
    const errores = new ErroresCampo();
    if (motivos.length === 0) errores.add("MotivoCambioEstatus", MSG.motivosRequeridos);
    if (!comentario) errores.add("Comentario", MSG.comentarioRequerido);
    if (comentario.length > 2000) errores.add("Comentario", MSG.textoLargo(2000));
    errores.throwIfAny();
    const validos = await repo.motivosValidos(tx, motivos, TIPO_MOTIVOS[accion] ?? -1);
    if (validos.length !== motivos.length) errores.add("MotivoCambioEstatus", MSG.motivoInvalido).throwIfAny();
  }

  let elegidos: repo.FuncionarioNombrado[] = [];
  if (accion === "solicitarInactivacion" && (opciones.funcionarios ?? []).length > 0) {
    const activos = await repo.funcionariosActivos(tx, idSolicitud);
    const porId = new Map(activos.map((f) => [f.idFuncionario, f]));
    const ids = [...new Set(opciones.funcionarios)];
    if (ids.some((id) => !porId.has(id))) throw ValidacionCampo("Funcionarios", MSG.funcionariosInactivarInvalidos);
    if (ids.length < activos.length) elegidos = ids.map((id) => porId.get(id)!);
  }

  await opciones.antes?.(solicitud);

  const desde = solicitud.estatus;
  if (accion === "asignar" || accion === "liberar" || accion === "reasignar") {
    await cambiarTitular(tx, solicitud, accion, sesion, opciones.destino?.idUsuario ?? null, comentario);
    // Avisos: the reviewer who held it (released or reassigned) and its new holder.
    await avisarCambioTitular(tx, {
      idSolicitud,
      accion,
      estatus: desde,
      anterior: solicitud.asignadoA,
      nuevo: accion === "reasignar" ? (opciones.destino?.idUsuario ?? null) : null,
      comentario,
      idUsuario: sesion.idUsuario,
    });
    return { idSolicitud, desde, hacia: desde };
  }
  const hacia = decision.hacia ?? desde;
  if (hacia === desde) return { idSolicitud, desde, hacia };
  const titular = await devueltaA(tx, idSolicitud, hacia);

  // Audit trail: the status change, with the holder it clears (or the reviewer it goes back to).
  const idAuditoria = await auditar(tx, {
    idUsuario: sesion.idUsuario,
    entidad: "Solicitud",
    idEntidad: idSolicitud,
    accion,
    antes: { estatus: desde, asignadoA: solicitud.asignadoA },
    despues: {
      estatus: hacia,
      asignadoA: titular,
      comentario,
      motivos,
      ...(elegidos.length > 0 ? { funcionarios: elegidos.map((f) => f.idFuncionario) } : {}),
      ...(accion === "inactivar" && porInactivar.length > 0
        ? { funcionariosInactivados: porInactivar.map((f) => f.idFuncionario) }
        : {}),
    },
  });
  const legalDecide = accion === "aprobarJuridico" || accion === "retornarJuridico" || accion === "rechazarJuridico";
  await repo.actualizarEstatus(tx, idSolicitud, {
    estatus: hacia,
    asignadoA: titular,
    ...(titular === null ? {} : { idAuditoriaTitular: idAuditoria }),
    ...(hacia === ESTATUS.ACTIVA ? { fueActiva: true } : {}),
    ...(legalDecide ? { decididoJuridico: true } : {}),
  });

  // Officials follow the request (DESIGN.md §4).
  const { PENDIENTE, ACTIVO, INACTIVO } = ESTATUS_FUNCIONARIO;
  if (accion === "aprobarAdmin") await repo.cambiarEstatusFuncionarios(tx, idSolicitud, PENDIENTE, ACTIVO);
  if (accion === "rechazarJuridico" && hacia === ESTATUS.ACTIVA) {
    await repo.cambiarEstatusFuncionarios(tx, idSolicitud, PENDIENTE, INACTIVO);
  }
  // A deactivation of chosen officials: marked when asked, inactivated when approved, unmarked
  // when the administrator keeps the signature active instead.
  if (elegidos.length > 0)
    await repo.marcarPorInactivar(
      tx,
      idSolicitud,
      elegidos.map((f) => f.idFuncionario),
    );
  if (accion === "inactivar" && porInactivar.length > 0) await repo.inactivarMarcados(tx, idSolicitud);
  if (accion === "activar" && porInactivar.length > 0) await repo.marcarPorInactivar(tx, idSolicitud, []);
  // The history says which officials a deactivation concerns.
  const nombres = (lista: repo.FuncionarioNombrado[]) => lista.map((f) => `${f.nombres} ${f.apellidos} (${f.cedula})`);
  const comentarioHistorial =
    elegidos.length > 0
      ? MSG.historialInactivacionFuncionarios(comentario, nombres(elegidos))
      : accion === "inactivar" && porInactivar.length > 0
        ? MSG.historialFuncionariosInactivados(nombres(porInactivar))
        : comentario;

  // A legal rejection of a once-active request is recorded as the rejection (104) with its
  // reasons, then the request returns to 106.
  const estatusHistorial = accion === "rechazarJuridico" ? ESTATUS.RECHAZADO_JURIDICO : hacia;
  const idHistorial = await repo.insertarHistorial(tx, {
    idSolicitud,
    estatus: estatusHistorial,
    motivoCambioEstatus: comentarioHistorial,
    idUsuario: sesion.idUsuario,
    motivos,
  });
  if (estatusHistorial !== hacia) {
    await repo.insertarHistorial(tx, {
      idSolicitud,
      estatus: hacia,
      motivoCambioEstatus: "",
      idUsuario: sesion.idUsuario,
      motivos: [],
    });
  }

  // A return to the institution keeps what the request looked like, so the reviewers later see
  // what the institution changed before sending it back.
  if (hacia === ESTATUS.RETORNADO_ANALISTA) {
    const foto = await fotoSolicitud(tx, idSolicitud);
    if (foto) await guardarFoto(tx, idHistorial, idSolicitud, foto);
  }

  // Avisos: the notices this change produces, written in the same transaction.
  await avisarTransicion(tx, {
    idSolicitud,
    accion,
    desde,
    hacia,
    comentario,
    motivos,
    idUsuario: sesion.idUsuario,
    funcionarios: accion === "inactivar" ? nombres(porInactivar) : nombres(elegidos),
    titular,
  });
  if (titular !== null) await avisarDevuelta(tx, { idSolicitud, estatus: hacia, idUsuario: titular });

  // The effective-dated authorisation record follows the new statuses, in this transaction.
  // Subscribed systems are told of each official whose authorisation opened or closed, in this transaction.
  await notificarAutorizaciones(tx, idSolicitud, await sincronizarAutorizaciones(tx, idSolicitud));
  return { idSolicitud, desde, hacia };
}

/**
 * The reviewer a request goes back to as it enters `hacia` (issue 35): the one who returned it out
 * of that stage (the analyst's return to the institution, legal's to the analyst), if it has not
 * been back there since and they are still an active user whose views give that stage; else null
 * (the stage's pool).
 */
async function devueltaA(tx: Tx, idSolicitud: number, hacia: number): Promise<number | null> {
  const etapa = etapaConRetorno(hacia);
  if (!etapa) return null;
  const idUsuario = await repo.quienLaRetorno(tx, idSolicitud, etapa.retorno, etapa.estatus);
  if (idUsuario === null) return null;
  const usuario = await usuarioInternoActivo(tx, idUsuario);
  return usuario && rolesDeVistas(usuario.vistas).has(etapa.rol) ? idUsuario : null;
}

/**
 * Claim, release and reassignment change only who holds the request; every one of the three is an
 * audit entry. Release and reassignment are one history entry each in the request's current
 * status, naming the people involved and since when the previous holder had it (its claim or
 * reassignment). A claim adds no history entry of its own: DESIGN.md §4 writes history per status
 * transition, and the status sequence the history shows stays that of the decisions. The holding
 * it starts is told by the entry that ends it: the release or reassignment ("que la tenía desde el
 * …"), or the decision, which names who made it.
 */
async function cambiarTitular(
  tx: Tx,
  solicitud: { idSolicitud: number; estatus: number; asignadoA: number | null; asignadoDesde: Date | null },
  accion: "asignar" | "liberar" | "reasignar",
  sesion: SesionUsuario,
  idDestino: number | null,
  comentario: string,
) {
  const { idSolicitud, estatus } = solicitud;
  // Claiming a request one already holds changes nothing.
  if (accion === "asignar" && solicitud.asignadoA === sesion.idUsuario) return;
  const titular = accion === "asignar" ? sesion.idUsuario : accion === "reasignar" ? idDestino : null;
  const idAuditoria = await auditar(tx, {
    idUsuario: sesion.idUsuario,
    entidad: "Solicitud",
    idEntidad: idSolicitud,
    accion,
    antes: { estatus, asignadoA: solicitud.asignadoA },
    despues: { estatus, asignadoA: titular, ...(comentario ? { comentario } : {}) },
  });
  // The new holder has it since the audit entry that records the change.
  await repo.actualizarEstatus(tx, idSolicitud, {
    estatus,
    asignadoA: titular,
    ...(titular === null ? {} : { idAuditoriaTitular: idAuditoria }),
  });
  if (accion === "asignar") return;
  const nombre = (id: number) => repo.nombreUsuario(tx, id);
  const desde = solicitud.asignadoDesde ? fechaHora(solicitud.asignadoDesde) : null;
  const texto =
    accion === "liberar"
      ? MSG.historialLiberada(await nombre(sesion.idUsuario), desde)
      : MSG.historialReasignada(await nombre(solicitud.asignadoA!), await nombre(idDestino!), comentario, desde);
  await repo.insertarHistorial(tx, {
    idSolicitud,
    estatus,
    motivoCambioEstatus: texto,
    idUsuario: sesion.idUsuario,
    motivos: [],
  });
}
