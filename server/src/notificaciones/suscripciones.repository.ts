/** SQL of subscriptions: create, list a key's own, delete, and the ones an institution's change reaches. */
import { and, asc, eq, inArray, isNull, sql } from "drizzle-orm";
import type { Tx } from "../db/client.js";
import { filas } from "../db/filas.js";
import { clavesSistema, instituciones, notificaciones, suscripciones } from "../db/schema.js";

export async function insertarSuscripcion(
  tx: Tx,
  datos: { idClave: number; url: string; instituciones: number[] },
  cifrar: (idSuscripcion: number) => string,
) {
  const [fila] = await tx
    .insert(suscripciones)
    .values({ ...datos, secreto: "" })
    .returning({ idSuscripcion: suscripciones.idSuscripcion });
  await tx
    .update(suscripciones)
    .set({ secreto: cifrar(fila.idSuscripcion) })
    .where(eq(suscripciones.idSuscripcion, fila.idSuscripcion));
  return fila.idSuscripcion;
}

const columnas = {
  idSuscripcion: suscripciones.idSuscripcion,
  url: suscripciones.url,
  instituciones: suscripciones.instituciones,
  creada: suscripciones.creada,
};

/** The key's subscriptions in force, oldest first. */
export async function suscripcionesDeClave(tx: Tx, idClave: number) {
  return tx
    .select(columnas)
    .from(suscripciones)
    .where(and(eq(suscripciones.idClave, idClave), isNull(suscripciones.eliminada)))
    .orderBy(asc(suscripciones.idSuscripcion));
}

export async function suscripcionDeClave(tx: Tx, idClave: number, idSuscripcion: number) {
  const [fila] = await tx
    .select(columnas)
    .from(suscripciones)
    .where(
      and(
        eq(suscripciones.idClave, idClave),
        eq(suscripciones.idSuscripcion, idSuscripcion),
        isNull(suscripciones.eliminada),
      ),
    );
  return fila ?? null;
}

/** Ends a subscription; its notifications still waiting are marked failed (they will not be sent). */
export async function eliminarSuscripcion(tx: Tx, idSuscripcion: number, motivo: string): Promise<void> {
  await tx.update(suscripciones).set({ eliminada: sql`now()` }).where(eq(suscripciones.idSuscripcion, idSuscripcion));
  await tx
    .update(notificaciones)
    .set({ fallido: true, reclamadoHasta: null, ultimoError: motivo })
    .where(
      and(
        eq(notificaciones.idSuscripcion, idSuscripcion),
        isNull(notificaciones.entregado),
        eq(notificaciones.fallido, false),
      ),
    );
}

/** Which of these institution ids exist. */
export async function institucionesExistentes(tx: Tx, ids: number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  const r = await tx
    .select({ id: instituciones.idInstitucion })
    .from(instituciones)
    .where(inArray(instituciones.idInstitucion, ids));
  return r.map((x) => x.id);
}

/**
 * Subscriptions in force (not deleted, their key neither revoked nor past its expiry day) that name
 * one of these institutions.
 */
export async function suscripcionesDeInstituciones(tx: Tx, ids: number[], hoy: string) {
  if (ids.length === 0) return [];
  return filas<{ idSuscripcion: number; instituciones: number[] }>(
    tx,
    sql`select s.id_suscripcion as "idSuscripcion", s.instituciones
        from ${suscripciones} s join ${clavesSistema} c on c.id_clave = s.id_clave
        where s.eliminada is null and c.revocada is null and (c.expira is null or c.expira >= ${hoy}::date)
          and 'notificaciones' = any(c.alcances)
          and s.instituciones && ${`{${ids.join(",")}}`}::int[]
        order by s.id_suscripcion`,
  );
}

/** A revoked key's subscriptions: their notifications still waiting are marked failed (not sent). */
export async function fallarPendientesDeClave(tx: Tx, idClave: number, motivo: string): Promise<void> {
  await tx.execute(sql`
    update ${notificaciones} n set fallido = true, reclamado_hasta = null, ultimo_error = ${motivo}
    from ${suscripciones} s
    where s.id_suscripcion = n.id_suscripcion and s.id_clave = ${idClave}
      and n.entregado is null and not n.fallido`);
}
