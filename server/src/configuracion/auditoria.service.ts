/** Reading the configuration audit log (who changed which user, profile, institution or position). */
import type { AuditoriaEntrada, ConsultaAuditoria } from "@registro/contracts";
import type { Db } from "../db/client.js";
import * as repo from "./auditoria.repository.js";

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
      }),
    ),
    totalRecords: total,
  };
}
