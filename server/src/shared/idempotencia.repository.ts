/** SQL of the idempotency keys (table idempotencia; the rules are in idempotencia.ts). */
import { sql } from "drizzle-orm";
import type { Db } from "../db/client.js";

export type Fila = { ruta: string; estado: number | null; respuesta: unknown; abandonada: boolean };

/** The key's row, with whether its claim was abandoned (unanswered for 2 minutes). */
export async function leer(db: Db, idUsuario: number, clave: string): Promise<Fila | undefined> {
  const r = await db.execute(sql`
    select ruta, estado, respuesta, creado < now() - interval '2 minutes' as abandonada
    from idempotencia where id_usuario = ${idUsuario} and clave = ${clave}`);
  return (r as unknown as { rows: Fila[] }).rows[0];
}

/** Claims the key for this call; false when another call holds it. */
export async function reclamar(db: Db, idUsuario: number, clave: string, ruta: string): Promise<boolean> {
  const r = await db.execute(sql`
        insert into idempotencia (id_usuario, clave, ruta) values (${idUsuario}, ${clave}, ${ruta})
        on conflict (id_usuario, clave) do nothing returning clave`);
  return (r as unknown as { rows: unknown[] }).rows.length > 0;
}

/** Lets an unanswered claim go. */
export async function soltar(db: Db, idUsuario: number, clave: string): Promise<void> {
  await db.execute(
    sql`delete from idempotencia where id_usuario = ${idUsuario} and clave = ${clave} and estado is null`,
  );
}

export async function guardarRespuesta(db: Db, idUsuario: number, clave: string, estado: number, cuerpo: unknown) {
  await db.execute(sql`
          update idempotencia set estado = ${estado}, respuesta = ${JSON.stringify(cuerpo)}::jsonb
          where id_usuario = ${idUsuario} and clave = ${clave}`);
}

export async function borrar(db: Db, idUsuario: number, clave: string): Promise<void> {
  await db.execute(sql`delete from idempotencia where id_usuario = ${idUsuario} and clave = ${clave}`);
}

/** Forgets keys older than a day. */
export async function olvidarViejas(db: Db): Promise<void> {
  await db.execute(sql`delete from idempotencia where creado < now() - interval '1 day'`);
}
