/**
 * The events of change notifications, written in the change's own transaction: for each change of
 * an official (authorised, deactivated, expired, reactivated, limit changed) one outbox row per
 * subscription in force that names the official's institution, with a new event id, the next
 * sequence number of that official for that subscription, and the JSON body that will be signed
 * and sent as it is. Callers say what changed; this module finds who is told.
 */
import crypto from "node:crypto";
import { ESTATUS, ESTATUS_FUNCIONARIO, type EventoNotificacion, MSG, type TipoEvento } from "@registro/contracts";
import type { Tx } from "../db/client.js";
import { fechaLocal } from "../shared/tiempo.js";
import * as repo from "./notificaciones.repository.js";
import { suscripcionesDeInstituciones } from "./suscripciones.repository.js";

export interface CambioFuncionario {
  idFuncionario: number;
  tipo: TipoEvento;
  motivo: string;
  /** A sweep's key: the same change is written once per subscription (e.g. `vencido:12:2026-05-31`). */
  clave?: string;
}

/** Whether the official may sign today by the registry's rules (DESIGN.md §4, "in force"). */
function enVigor(f: repo.DatosFuncionario, hoy: string): boolean {
  if (f.idEstatus !== ESTATUS_FUNCIONARIO.ACTIVO) return false;
  if (f.estatusSolicitud === ESTATUS.INACTIVADO || f.estatusSolicitud === ESTATUS.ANULADA) return false;
  if (!f.firmaVigencia) return true;
  return (f.fechaDesde === null || f.fechaDesde <= hoy) && (f.fechaHasta === null || hoy <= f.fechaHasta);
}

const monto = (v: string | null) => (v === null ? null : Number(v));

/** The event's body, field by field in the order the manual lists them. */
export function cargaEvento(
  f: repo.DatosFuncionario,
  e: { idEvento: string; tipo: TipoEvento; fecha: Date; secuencia: number; idSuscripcion: number; motivo: string },
  hoy: string,
): EventoNotificacion {
  return {
    idEvento: e.idEvento,
    tipoEvento: e.tipo,
    fecha: e.fecha.toISOString(),
    secuencia: e.secuencia,
    idSuscripcion: e.idSuscripcion,
    idFuncionario: f.idFuncionario,
    idSolicitud: f.idSolicitud,
    cedula: f.cedula,
    nombres: f.nombres,
    apellidos: f.apellidos,
    cargo: f.cargo,
    idInstitucion: f.idInstitucion,
    institucion: f.institucion,
    firmaRango: f.firmaRango,
    montoDesde: f.firmaRango ? monto(f.montoDesde) : null,
    montoHasta: f.firmaRango ? monto(f.montoHasta) : null,
    firmaVigencia: f.firmaVigencia,
    fechaDesde: f.firmaVigencia ? f.fechaDesde : null,
    fechaHasta: f.firmaVigencia ? f.fechaHasta : null,
    autorizado: e.tipo === "vencido" || e.tipo === "inactivado" ? false : enVigor(f, hoy),
    motivo: e.motivo,
  };
}

/** Writes the outbox rows of these changes, in the caller's transaction; answers how many. */
export async function encolarEventos(tx: Tx, cambios: CambioFuncionario[]): Promise<number> {
  if (cambios.length === 0) return 0;
  const ahora = await repo.ahoraBase(tx);
  const hoy = fechaLocal(ahora);
  const datos = new Map(
    (await repo.datosFuncionarios(tx, [...new Set(cambios.map((c) => c.idFuncionario))])).map((f) => [
      f.idFuncionario,
      f,
    ]),
  );
  const idsInstitucion = [...new Set([...datos.values()].map((f) => f.idInstitucion))];
  const subs = await suscripcionesDeInstituciones(tx, idsInstitucion, hoy);
  if (subs.length === 0) return 0;
  const pares = cambios.flatMap((c) => {
    const f = datos.get(c.idFuncionario);
    if (!f) return [];
    return subs
      .filter((s) => s.instituciones.includes(f.idInstitucion))
      .map((s) => ({ c, f, idSuscripcion: s.idSuscripcion, clave: c.clave ? `${c.clave}:${s.idSuscripcion}` : null }));
  });
  const hechas = await repo.clavesExistentes(
    tx,
    pares.flatMap((p) => (p.clave ? [p.clave] : [])),
  );
  const nuevas = pares.filter((p) => p.clave === null || !hechas.has(p.clave));
  const ultimas = await repo.ultimasSecuencias(tx, [...new Set(nuevas.map((p) => p.f.idFuncionario))]);
  const filas: repo.NuevaNotificacion[] = nuevas.map((p) => {
    const k = `${p.idSuscripcion}:${p.f.idFuncionario}`;
    const secuencia = (ultimas.get(k) ?? 0) + 1;
    ultimas.set(k, secuencia);
    const idEvento = crypto.randomUUID();
    const carga = cargaEvento(
      p.f,
      { idEvento, tipo: p.c.tipo, fecha: ahora, secuencia, idSuscripcion: p.idSuscripcion, motivo: p.c.motivo },
      hoy,
    );
    return {
      idEvento,
      idSuscripcion: p.idSuscripcion,
      idFuncionario: p.f.idFuncionario,
      secuencia,
      tipo: p.c.tipo,
      carga: JSON.stringify(carga),
      clave: p.clave,
    };
  });
  await repo.insertarNotificaciones(tx, filas);
  return filas.length;
}

/**
 * The events of an authorisation record brought in line with a status change: a period opened is
 * "autorizado" the first time and "reactivado" after an earlier one ended; a period closed is
 * "inactivado".
 */
export async function notificarAutorizaciones(
  tx: Tx,
  idSolicitud: number,
  cambios: { abiertas: number[]; cerradas: { idFuncionario: number; causa: string }[] },
): Promise<number> {
  const textos = {
    autorizado: MSG.eventoAutorizado(idSolicitud),
    reactivado: MSG.eventoReactivado(idSolicitud),
    inactivado: (causa: string) =>
      causa === "funcionario"
        ? MSG.eventoInactivadoFuncionario(idSolicitud)
        : MSG.eventoInactivadoSolicitud(idSolicitud),
  };
  const periodos = await repo.periodosPorFuncionario(tx, cambios.abiertas);
  return encolarEventos(tx, [
    ...cambios.cerradas.map(
      (c): CambioFuncionario => ({
        idFuncionario: c.idFuncionario,
        tipo: "inactivado",
        motivo: textos.inactivado(c.causa),
      }),
    ),
    ...cambios.abiertas.map((id): CambioFuncionario => {
      const reactivado = (periodos.get(id) ?? 1) > 1;
      return {
        idFuncionario: id,
        tipo: reactivado ? "reactivado" : "autorizado",
        motivo: reactivado ? textos.reactivado : textos.autorizado,
      };
    }),
  ]);
}
