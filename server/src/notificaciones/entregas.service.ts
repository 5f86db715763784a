/**
 * The delivery log of change notifications for the configuration administrator ("Claves de
 * sistema"): every event for every subscription with its attempts, and a replay, which sends the
 * same event (same id, same body, a new signature) again and is audited.
 */
import { type ConsultaEntregas, type Entrega, MSG, type PaginaEntregas, type TipoEvento } from "@registro/contracts";
import { auditar } from "../auditoria/cadena.js";
import type { Db } from "../db/client.js";
import { NoEncontrado, Regla } from "../shared/errors.js";
import * as repo from "./notificaciones.repository.js";

const INTENTOS_POR_FILA = 20;

export async function listarEntregas(db: Db, q: ConsultaEntregas): Promise<PaginaEntregas> {
  const { lista, total } = await repo.listarEntregas(db, q.estado, q.page, q.rows);
  const intentos = await repo.intentosDe(
    db,
    lista.map((f) => f.idNotificacion),
    INTENTOS_POR_FILA,
  );
  const porFila = new Map<number, Entrega["registro"]>();
  for (const i of intentos) {
    const id = Number(i.idNotificacion);
    if (!porFila.has(id)) porFila.set(id, []);
    porFila.get(id)!.push({
      fecha: new Date(i.fecha).toISOString(),
      duracionMs: Number(i.duracionMs),
      estadoHttp: i.estadoHttp === null ? null : Number(i.estadoHttp),
      error: i.error,
    });
  }
  return {
    totalRecords: total,
    rows: lista.map((f): Entrega => {
      const carga = JSON.parse(f.carga) as { cedula?: string; institucion?: string };
      return {
        idEntrega: f.idNotificacion,
        idEvento: f.idEvento,
        tipoEvento: f.tipo as TipoEvento,
        sistema: f.sistema,
        url: f.url,
        cedula: carga.cedula ?? "",
        institucion: carga.institucion ?? "",
        creada: f.creado.toISOString(),
        estado: f.entregado ? "entregada" : f.fallido ? "fallida" : "pendiente",
        intentos: f.intentos,
        ultimoEstadoHttp: f.ultimoEstado,
        ultimoError: f.ultimoError,
        entregada: f.entregado?.toISOString() ?? null,
        proximoIntento: f.entregado || f.fallido ? null : f.proximoIntento.toISOString(),
        registro: porFila.get(f.idNotificacion) ?? [],
      };
    }),
  };
}

/** POST api/Notificaciones/Entregas/Reenviar/{id}. */
export async function reenviarEntrega(db: Db, idEntrega: number) {
  await db.transaction(async (tx) => {
    const fila = await repo.notificacionConSuscripcion(tx, idEntrega);
    if (!fila) throw NoEncontrado(MSG.entregaNoEncontrada);
    if (fila.eliminada !== null) throw Regla(MSG.suscripcionEliminadaError);
    await repo.reenviar(tx, idEntrega);
    await auditar(tx, {
      entidad: "Suscripcion",
      idEntidad: fila.idSuscripcion,
      accion: "reenviar_notificacion",
      despues: { idEntrega, idEvento: fila.idEvento },
    });
  });
  return { success: true, message: MSG.entregaReenviada };
}
