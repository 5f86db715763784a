/** Reading the configuration audit log (who changed which user, profile, institution or position). */
import { type AuditoriaEntrada, type ConsultaAuditoria, MSG, type VerificacionAuditoria } from "@registro/contracts";
import { verificarCadena } from "../auditoria/cadena.js";
import type { Db } from "../db/client.js";
import * as repo from "./auditoria.repository.js";

/** "Verificar integridad" (issue 15): the whole chain re-walked in the database. */
export async function verificarAuditoria(db: Db): Promise<VerificacionAuditoria> {
  const r = await verificarCadena(db);
  return r.integra
    ? { integra: true, entradas: r.entradas, idAuditoria: null, message: MSG.auditoriaIntegra(r.entradas) }
    : { integra: false, entradas: r.entradas, idAuditoria: r.idAuditoria, message: MSG.auditoriaRota(r.idAuditoria) };
}

export function usuariosAuditoria(db: Db) {
  return repo.listarUsuariosAuditoria(db);
}

export async function consultarAuditoria(db: Db, q: ConsultaAuditoria) {
  const { rows, total } = await repo.listarAuditoria(db, q);
  return {
    rows: rows.map(
      (r): AuditoriaEntrada => ({
        idAuditoria: r.idAuditoria,
        fecha: r.fecha.toISOString(),
        usuario: r.usuario,
        entidad: r.entidad,
        idEntidad: r.idEntidad,
        accion: r.accion,
        antes: r.antes,
        despues: r.despues,
        direccion: r.direccion,
        hash: r.hash,
      }),
    ),
    totalRecords: total,
  };
}
