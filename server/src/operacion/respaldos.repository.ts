/** SQL behind the backups' log: one row per backup made by the app or the command line. */
import { and, desc, eq, gt, isNull, or, sql } from "drizzle-orm";
import type { Tx } from "../db/client.js";
import { respaldos } from "../db/schema.js";

/** A lock held until the transaction ends, by one process at a time; false (at once) when taken. */
export async function bloquearProgramacion(tx: Tx): Promise<boolean> {
  const r = (await tx.execute(
    sql`select pg_try_advisory_xact_lock(hashtext('registro-firmas:respaldos')) as ok`,
  )) as unknown as { rows: { ok: boolean }[] };
  return r.rows[0]?.ok === true;
}

/**
 * True when the day's scheduled backup is still to do: none succeeded that day, none is running
 * (started within the last two hours and not ended) and the last failure is an hour old or more.
 */
export async function pendienteDelDia(tx: Tx, dia: string): Promise<boolean> {
  const [fila] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(respaldos)
    .where(
      and(
        eq(respaldos.dia, dia),
        eq(respaldos.programado, true),
        or(
          eq(respaldos.exito, true),
          and(isNull(respaldos.fin), gt(respaldos.inicio, sql`now() - interval '2 hours'`)),
          and(eq(respaldos.exito, false), gt(respaldos.fin, sql`now() - interval '1 hour'`)),
        ),
      ),
    );
  return fila.n === 0;
}

export async function iniciar(tx: Tx, dia: string, programado: boolean): Promise<number> {
  const [fila] = await tx.insert(respaldos).values({ dia, programado }).returning({ id: respaldos.idRespaldo });
  return fila.id;
}

export async function terminar(
  tx: Tx,
  id: number,
  r: { exito: true; archivo: string; bytes: number; sha256: string } | { exito: false; error: string },
) {
  await tx
    .update(respaldos)
    .set(
      r.exito
        ? { fin: sql`now()`, exito: true, archivo: r.archivo, bytes: r.bytes, sha256: r.sha256 }
        : { fin: sql`now()`, exito: false, error: r.error.slice(0, 2000) },
    )
    .where(eq(respaldos.idRespaldo, id));
}

export async function ultimos(tx: Tx, filas: number) {
  return tx.select().from(respaldos).orderBy(desc(respaldos.idRespaldo)).limit(filas);
}

/** The last successful backup's end, or null. */
export async function ultimoExito(tx: Tx): Promise<Date | null> {
  const [fila] = await tx
    .select({ fin: respaldos.fin })
    .from(respaldos)
    .where(eq(respaldos.exito, true))
    .orderBy(desc(respaldos.fin))
    .limit(1);
  return fila?.fin ?? null;
}

/** Active users whose profile holds the view (who is told when a backup fails). */
export async function usuariosConVista(tx: Tx, vista: string): Promise<number[]> {
  const r = (await tx.execute(sql`
    select distinct u.id_usuario as id from usuarios u
    join perfil_vistas pv on pv.id_perfil = u.id_perfil
    join vistas v on v.id_vista = pv.id_vista
    where v.nombre = ${vista} and u.activo`)) as unknown as { rows: { id: number }[] };
  return r.rows.map((f) => Number(f.id));
}
