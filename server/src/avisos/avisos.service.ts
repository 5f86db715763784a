/**
 * Notices: written in the transaction of the change they report (`avisarTransicion`, called by
 * `aplicarTransicion`), read and marked by their user (the bell), and the user's e-mail preference.
 * Whether a notice is mailed at once, in the daily summary or not at all is decided when it is
 * written, from the recipient's preference.
 */
import {
  type Accion,
  type Avisos,
  ESTATUS,
  type EstadoAviso,
  MSG,
  type PreferenciaCorreo,
  type Preferencias,
} from "@registro/contracts";
import type { Db, Tx } from "../db/client.js";
import type { SesionUsuario } from "../llamante/sesion.js";
import { NoEncontrado } from "../shared/errors.js";
import * as repo from "./avisos.repository.js";
import { avisosDeTransicion, detalleMotivos, ENLACE_GRUPO } from "./eventos.js";

/** The preference in force: the user's choice, else one mail per notice for originators, a daily summary for the rest. */
export function preferenciaEfectiva(elegida: string | null, esOriginador: boolean): PreferenciaCorreo {
  if (elegida === "cada" || elegida === "resumen" || elegida === "ninguno") return elegida;
  return esOriginador ? "cada" : "resumen";
}

export interface TransicionAplicada {
  idSolicitud: number;
  accion: Accion;
  desde: number;
  hacia: number;
  comentario: string;
  motivos: number[];
  /** Who acted: not told of their own action. */
  idUsuario: number;
  /** The officials a deactivation of chosen officials concerns ("Nombre Apellido (cédula)"). */
  funcionarios?: string[];
  /** The reviewer it went back to (issue 35): told apart (`avisarDevuelta`), not with the stage. */
  titular?: number | null;
}

/** Writes the notices (and outbox rows) a status change produces, in the caller's transaction. */
export async function avisarTransicion(tx: Tx, t: TransicionAplicada): Promise<void> {
  const s = await repo.datosSolicitud(tx, t.idSolicitud);
  if (!s) return;
  const plantillas = avisosDeTransicion({
    accion: t.accion,
    desde: t.desde,
    hacia: t.hacia,
    idSolicitud: t.idSolicitud,
    institucion: s.institucion,
    incumbente: `${s.nombres} ${s.apellidos}`,
    funcionarios: t.funcionarios ?? [],
  });
  if (plantillas.length === 0) return;
  const motivos = plantillas.some((p) => p.conMotivos) ? await repo.nombresMotivos(tx, t.motivos) : [];
  const nuevos: repo.NuevoAviso[] = [];
  for (const p of plantillas) {
    const personas = await repo.destinatarios(tx, p.grupo, s.idInstitucion, t.idUsuario);
    for (const d of personas.filter((x) => x.idUsuario !== t.titular)) {
      nuevos.push({
        idUsuario: d.idUsuario,
        idSolicitud: t.idSolicitud,
        tipo: p.tipo,
        titulo: p.titulo,
        texto: p.texto,
        detalle: p.conMotivos ? detalleMotivos(motivos, t.comentario) : "",
        enlace: ENLACE_GRUPO[p.grupo](t.idSolicitud),
        correo: preferenciaEfectiva(d.preferenciaCorreo, d.esOriginador),
      });
    }
  }
  await repo.insertarAvisos(tx, nuevos);
}

export async function listarAvisos(
  db: Db,
  sesion: SesionUsuario,
  filas: number,
  estado: EstadoAviso = "todos",
): Promise<Avisos> {
  const [rows, noLeidos] = await Promise.all([
    repo.listarAvisos(db, sesion.idUsuario, filas, estado),
    repo.contarNoLeidos(db, sesion.idUsuario),
  ]);
  return {
    rows: rows.map((a) => ({
      idAviso: a.idAviso,
      tipo: a.tipo,
      titulo: a.titulo,
      texto: a.texto,
      detalle: a.detalle,
      enlace: a.enlace,
      idSolicitud: a.idSolicitud,
      fecha: a.creado.toISOString(),
      leido: a.leido !== null,
    })),
    noLeidos,
  };
}

export async function contarNoLeidos(db: Db, sesion: SesionUsuario) {
  return { noLeidos: await repo.contarNoLeidos(db, sesion.idUsuario) };
}

export async function marcarLeido(db: Db, sesion: SesionUsuario, idAviso: number) {
  if (!(await repo.marcarLeido(db, sesion.idUsuario, idAviso))) throw NoEncontrado(MSG.avisoNoEncontrado);
  return { success: true, message: MSG.avisosLeidos };
}

/**
 * Opening a request marks the user's notices about it read: what they told is now seen. Only the
 * user's own notices change, so a request out of reach simply has none.
 */
export async function marcarLeidosSolicitud(db: Db, sesion: SesionUsuario, idSolicitud: number) {
  await repo.marcarLeidosSolicitud(db, sesion.idUsuario, idSolicitud);
  return { success: true, message: MSG.avisosLeidos };
}

export async function marcarTodosLeidos(db: Db, sesion: SesionUsuario) {
  await repo.marcarTodosLeidos(db, sesion.idUsuario);
  return { success: true, message: MSG.avisosLeidos };
}

export async function obtenerPreferencias(db: Db, sesion: SesionUsuario): Promise<Preferencias> {
  const u = await repo.preferenciaDe(db, sesion.idUsuario);
  if (!u) throw NoEncontrado(MSG.noEncontrado);
  return {
    correo: preferenciaEfectiva(u.preferenciaCorreo, u.esOriginador),
    porDefecto: u.preferenciaCorreo === null,
    email: u.email,
  };
}

export async function guardarPreferencias(db: Db, sesion: SesionUsuario, correo: PreferenciaCorreo) {
  await repo.guardarPreferencia(db, sesion.idUsuario, correo);
  return { success: true, message: MSG.preferenciasGuardadas };
}

export interface CambioTitular {
  idSolicitud: number;
  accion: Accion;
  /** Status of the request (its stage picks the link). */
  estatus: number;
  /** Who held it before, and who holds it now (null: nobody). */
  anterior: number | null;
  nuevo: number | null;
  comentario: string;
  /** Who acted: not told of their own action. */
  idUsuario: number;
  /** The officials a deactivation of chosen officials concerns ("Nombre Apellido (cédula)"). */
  funcionarios?: string[];
}

/** Tells a reviewer that a request they held was released or reassigned, and its new holder. */
/**
 * A request that comes back to the stage of the reviewer who returned it is theirs again (issue 35):
 * they are told, in the same transaction.
 */
export async function avisarDevuelta(
  tx: Tx,
  d: { idSolicitud: number; estatus: number; idUsuario: number },
): Promise<void> {
  const s = await repo.datosSolicitud(tx, d.idSolicitud);
  const u = await repo.preferenciaDe(tx, d.idUsuario);
  if (!s || !u) return;
  const grupo =
    d.estatus === ESTATUS.APROBADO_ANALISTA || d.estatus === ESTATUS.RETORNADO_RYCC ? "juridicos" : "analistas";
  const n = `N.º ${d.idSolicitud}`;
  await repo.insertarAvisos(tx, [
    {
      idUsuario: d.idUsuario,
      idSolicitud: d.idSolicitud,
      tipo: "asignadaAUsted",
      titulo: `Solicitud ${n} devuelta a usted`,
      texto: `La solicitud ${n} de ${s.institucion} (incumbente: ${s.nombres} ${s.apellidos}), que usted retornó, volvió a su etapa y quedó asignada a usted.`,
      detalle: "",
      enlace: ENLACE_GRUPO[grupo](d.idSolicitud),
      correo: preferenciaEfectiva(u.preferenciaCorreo, u.esOriginador),
    },
  ]);
}

export async function avisarCambioTitular(tx: Tx, c: CambioTitular): Promise<void> {
  if (c.accion !== "liberar" && c.accion !== "reasignar") return;
  const s = await repo.datosSolicitud(tx, c.idSolicitud);
  if (!s) return;
  const grupo =
    c.estatus === ESTATUS.APROBADO_ANALISTA || c.estatus === ESTATUS.RETORNADO_RYCC ? "juridicos" : "analistas";
  const n = `n.º ${c.idSolicitud}`;
  const de = `de ${s.institucion} (incumbente: ${s.nombres} ${s.apellidos})`;
  const detalle = c.comentario ? `Comentario: ${c.comentario}` : "";
  const nuevos: repo.NuevoAviso[] = [];
  const para = async (idUsuario: number, tipo: string, titulo: string, texto: string) => {
    const u = await repo.preferenciaDe(tx, idUsuario);
    if (!u) return;
    nuevos.push({
      idUsuario,
      idSolicitud: c.idSolicitud,
      tipo,
      titulo,
      texto,
      detalle,
      enlace: ENLACE_GRUPO[grupo](c.idSolicitud),
      correo: preferenciaEfectiva(u.preferenciaCorreo, u.esOriginador),
    });
  };
  const nombreNuevo = c.nuevo === null ? null : await repo.nombreCompleto(tx, c.nuevo);
  if (c.anterior !== null && c.anterior !== c.idUsuario) {
    await para(
      c.anterior,
      c.accion === "liberar" ? "liberada" : "reasignada",
      c.accion === "liberar" ? `Solicitud ${n} liberada` : `Solicitud ${n} reasignada`,
      c.accion === "liberar"
        ? `La solicitud ${n} ${de}, que usted tenía asignada, fue liberada y quedó sin asignar.`
        : `La solicitud ${n} ${de}, que usted tenía asignada, fue reasignada a ${nombreNuevo}.`,
    );
  }
  if (c.accion === "reasignar" && c.nuevo !== null && c.nuevo !== c.idUsuario) {
    await para(c.nuevo, "asignadaAUsted", `Solicitud ${n} asignada a usted`, `Se le asignó la solicitud ${n} ${de}.`);
  }
  await repo.insertarAvisos(tx, nuevos);
}
