/**
 * Applies one workflow action to a request, inside the caller's transaction: locks the request,
 * asks the workflow module, writes the new status, assignment, history entry with its reasons, and
 * the officials' status changes that DESIGN.md §4 ties to the transition, then runs the declared
 * steps of the other domains (transiciones.pasos.ts: snapshot, notices, authorisation periods,
 * webhook events). Every service that changes a request's status goes through `aplicarTransicion`;
 * none re-decides a transition.
 * Longer than 300 lines: one transaction's writes (checks, status, holder, history, officials) and
 * the two holder rules they use stay together; `aplicarTransicion` reads them in order.
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
import type { Tx } from "../db/client.js";
import { asegurarAlcance } from "../llamante/alcance.js";
import type { SesionUsuario } from "../llamante/sesion.js";
import { ErroresCampo, NoAutorizado, NoEncontrado, Regla, ValidacionCampo } from "../shared/errors.js";
import { fechaHora } from "../shared/tiempo.js";
import { usuarioInternoActivo } from "./reasignacion.repository.js";
import { ejecutarPasos, PASOS_CAMBIO_TITULAR, PASOS_TRANSICION } from "./transiciones.pasos.js";
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
  const hacia = await decidirOFallar(tx, solicitud, accion, sesion, opciones.destino, porInactivar.length > 0);
  const comentario = (opciones.comentario ?? "").trim();
  const motivos = [...new Set(opciones.motivos ?? [])];
  if (hacia.requiereMotivos) await validarMotivos(tx, accion, comentario, motivos);
  const elegidos = await funcionariosElegidos(tx, idSolicitud, accion, opciones.funcionarios);

  await opciones.antes?.(solicitud);

  const desde = solicitud.estatus;
  if (accion === "asignar" || accion === "liberar" || accion === "reasignar") {
    await cambiarTitular(tx, solicitud, accion, sesion, opciones.destino?.idUsuario ?? null, comentario);
    await ejecutarPasos(PASOS_CAMBIO_TITULAR, {
      tx,
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
  const nuevo = hacia.estatus ?? desde;
  if (nuevo === desde) return { idSolicitud, desde, hacia: desde };
  const titular = await devueltaA(tx, idSolicitud, nuevo);
  const cambio = { tx, solicitud, accion, sesion, hacia: nuevo, titular, comentario, motivos, elegidos, porInactivar };
  await escribirEstatus(cambio);
  await seguirFuncionarios(cambio);
  const idHistorial = await escribirHistorial(cambio);
  await ejecutarPasos(PASOS_TRANSICION, {
    tx,
    idSolicitud,
    accion,
    desde,
    hacia: nuevo,
    comentario,
    motivos,
    idUsuario: sesion.idUsuario,
    funcionarios: nombres(accion === "inactivar" ? porInactivar : elegidos),
    titular,
    idHistorial,
  });
  return { idSolicitud, desde, hacia: nuevo };
}

type Solicitud = NonNullable<Awaited<ReturnType<typeof repo.bloquearSolicitud>>>;

/** A status change being written: what the writing steps below share. */
interface Escritura {
  tx: Tx;
  solicitud: Solicitud;
  accion: Accion;
  sesion: SesionUsuario;
  hacia: number;
  titular: number | null;
  comentario: string;
  motivos: number[];
  elegidos: repo.FuncionarioNombrado[];
  porInactivar: repo.FuncionarioNombrado[];
}

const nombres = (lista: repo.FuncionarioNombrado[]) => lista.map((f) => `${f.nombres} ${f.apellidos} (${f.cedula})`);

/** The workflow module's answer (the resulting status, whether reasons are required), or the error it means. */
async function decidirOFallar(
  tx: Tx,
  solicitud: Solicitud,
  accion: Accion,
  sesion: SesionUsuario,
  destino: Actor | undefined,
  inactivacionParcial: boolean,
): Promise<{ estatus: number | undefined; requiereMotivos: boolean }> {
  const decision = decidir(
    accion,
    {
      estatus: solicitud.estatus,
      asignadoA: solicitud.asignadoA,
      fueActiva: solicitud.fueActiva,
      inactivacionParcial,
    },
    { idUsuario: sesion.idUsuario, roles: sesion.roles },
    destino,
  );
  if (decision.permitido) {
    return { estatus: decision.hacia ?? undefined, requiereMotivos: !!decision.transicion.requiereMotivos };
  }
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

/** A decision that requires reasons: at least one of its own kind, and a comment. */
async function validarMotivos(tx: Tx, accion: Accion, comentario: string, motivos: number[]) {
  const errores = new ErroresCampo();
  if (motivos.length === 0) errores.add("MotivoCambioEstatus", MSG.motivosRequeridos);
  if (!comentario) errores.add("Comentario", MSG.comentarioRequerido);
  if (comentario.length > 2000) errores.add("Comentario", MSG.textoLargo(2000));
  errores.throwIfAny();
  const validos = await repo.motivosValidos(tx, motivos, TIPO_MOTIVOS[accion] ?? -1);
  if (validos.length !== motivos.length) errores.add("MotivoCambioEstatus", MSG.motivoInvalido).throwIfAny();
}

/** solicitarInactivacion of chosen active officials: them; none (the whole request) when all or none are chosen. */
async function funcionariosElegidos(
  tx: Tx,
  idSolicitud: number,
  accion: Accion,
  funcionarios: number[] | undefined,
): Promise<repo.FuncionarioNombrado[]> {
  if (accion !== "solicitarInactivacion" || (funcionarios ?? []).length === 0) return [];
  const activos = await repo.funcionariosActivos(tx, idSolicitud);
  const porId = new Map(activos.map((f) => [f.idFuncionario, f]));
  const ids = [...new Set(funcionarios)];
  if (ids.some((id) => !porId.has(id))) throw ValidacionCampo("Funcionarios", MSG.funcionariosInactivarInvalidos);
  return ids.length < activos.length ? ids.map((id) => porId.get(id)!) : [];
}

/** The audit entry of the status change, with the holder it clears (or the reviewer it goes back to), then the status. */
async function escribirEstatus(e: Escritura) {
  const { tx, solicitud, accion, sesion, hacia, titular, comentario, motivos, elegidos, porInactivar } = e;
  const idAuditoria = await auditar(tx, {
    idUsuario: sesion.idUsuario,
    entidad: "Solicitud",
    idEntidad: solicitud.idSolicitud,
    accion,
    antes: { estatus: solicitud.estatus, asignadoA: solicitud.asignadoA },
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
  await repo.actualizarEstatus(tx, solicitud.idSolicitud, {
    estatus: hacia,
    asignadoA: titular,
    ...(titular === null ? {} : { idAuditoriaTitular: idAuditoria }),
    ...(hacia === ESTATUS.ACTIVA ? { fueActiva: true } : {}),
    ...(legalDecide ? { decididoJuridico: true } : {}),
  });
}

/**
 * Officials follow the request (DESIGN.md §4). A deactivation of chosen officials: marked when
 * asked, inactivated when approved, unmarked when the administrator keeps the signature active instead.
 */
async function seguirFuncionarios({ tx, solicitud, accion, hacia, elegidos, porInactivar }: Escritura) {
  const { idSolicitud } = solicitud;
  const { PENDIENTE, ACTIVO, INACTIVO } = ESTATUS_FUNCIONARIO;
  if (accion === "aprobarAdmin") await repo.cambiarEstatusFuncionarios(tx, idSolicitud, PENDIENTE, ACTIVO);
  if (accion === "rechazarJuridico" && hacia === ESTATUS.ACTIVA) {
    await repo.cambiarEstatusFuncionarios(tx, idSolicitud, PENDIENTE, INACTIVO);
  }
  if (elegidos.length > 0)
    await repo.marcarPorInactivar(
      tx,
      idSolicitud,
      elegidos.map((f) => f.idFuncionario),
    );
  if (accion === "inactivar" && porInactivar.length > 0) await repo.inactivarMarcados(tx, idSolicitud);
  if (accion === "activar" && porInactivar.length > 0) await repo.marcarPorInactivar(tx, idSolicitud, []);
}

/**
 * The history entry, saying which officials a deactivation concerns. A legal rejection of a
 * once-active request is recorded as the rejection (104) with its reasons, then the request returns
 * to 106. Answers the entry of the rejection or the new status (the one a snapshot hangs on).
 */
async function escribirHistorial({
  tx,
  solicitud,
  accion,
  sesion,
  hacia,
  comentario,
  motivos,
  elegidos,
  porInactivar,
}: Escritura) {
  const comentarioHistorial =
    elegidos.length > 0
      ? MSG.historialInactivacionFuncionarios(comentario, nombres(elegidos))
      : accion === "inactivar" && porInactivar.length > 0
        ? MSG.historialFuncionariosInactivados(nombres(porInactivar))
        : comentario;
  const estatusHistorial = accion === "rechazarJuridico" ? ESTATUS.RECHAZADO_JURIDICO : hacia;
  const entrada = { idSolicitud: solicitud.idSolicitud, idUsuario: sesion.idUsuario };
  const idHistorial = await repo.insertarHistorial(tx, {
    ...entrada,
    estatus: estatusHistorial,
    motivoCambioEstatus: comentarioHistorial,
    motivos,
  });
  if (estatusHistorial !== hacia) {
    await repo.insertarHistorial(tx, { ...entrada, estatus: hacia, motivoCambioEstatus: "", motivos: [] });
  }
  return idHistorial;
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
