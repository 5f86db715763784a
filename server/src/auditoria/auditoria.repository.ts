/** SQL that reads the audit trail for the Auditoría screen (entries are written by cadena.ts). */
import type { ConsultaAuditoria } from "@registro/contracts";
import { and, asc, desc, eq, gte, lt, sql } from "drizzle-orm";
import type { Tx } from "../db/client.js";
import { auditoria, usuarios } from "../db/schema.js";
import { inicioDiaLocal, sumarDias } from "../shared/tiempo.js";

/** One page of the trail, newest first, with the filters applied in SQL (and the filtered count). */
export async function listarAuditoria(tx: Tx, q: ConsultaAuditoria) {
  const filtro = and(
    q.entidad ? eq(auditoria.entidad, q.entidad) : undefined,
    q.accion ? eq(auditoria.accion, q.accion) : undefined,
    q.idUsuario ? eq(auditoria.idUsuario, q.idUsuario) : undefined,
    q.desde ? gte(auditoria.fecha, inicioDiaLocal(q.desde)) : undefined,
    q.hasta ? lt(auditoria.fecha, inicioDiaLocal(sumarDias(q.hasta, 1))) : undefined,
  );
  const rows = await tx
    .select({
      idAuditoria: auditoria.idAuditoria,
      fecha: auditoria.fecha,
      usuario: usuarios.usuario,
      entidad: auditoria.entidad,
      idEntidad: auditoria.idEntidad,
      accion: auditoria.accion,
      antes: auditoria.antes,
      despues: auditoria.despues,
      direccion: auditoria.direccion,
      hash: auditoria.hash,
    })
    .from(auditoria)
    .leftJoin(usuarios, eq(usuarios.idUsuario, auditoria.idUsuario))
    .where(filtro)
    .orderBy(desc(auditoria.fecha), desc(auditoria.idAuditoria))
    .limit(q.rows)
    .offset(q.page * q.rows);
  const [{ total }] = await tx.select({ total: sql<number>`count(*)::int` }).from(auditoria).where(filtro);
  return { rows, total };
}

/** Every user, for the screen's "Usuario" filter. */
export async function listarUsuariosAuditoria(tx: Tx) {
  return tx
    .select({
      idUsuario: usuarios.idUsuario,
      usuario: usuarios.usuario,
      nombre: sql<string>`trim(${usuarios.nombre} || ' ' || ${usuarios.apellido})`,
    })
    .from(usuarios)
    .orderBy(asc(sql`lower(${usuarios.usuario})`));
}
