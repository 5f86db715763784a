/**
 * SQL for the failed sign-ins under a name that is no active user's (bloqueos_nombre, issue 34.4):
 * counted and locked with the account's thresholds, so such a name reads and takes as a real one.
 */
import { and, eq, inArray, sql } from "drizzle-orm";
import type { Tx } from "../db/client.js";
import { bloqueosNombre } from "../db/schema.js";
import type { Umbrales } from "./auth.repository.js";

/**
 * How long a name's lock still lasts for a sign-in from this address (a name that is no active
 * user's, `nombre` its digest): the later of the lock over all addresses and this address's lock.
 */
export async function bloqueoNombreRestanteMs(db: Tx, nombre: string, direccion: string): Promise<number | null> {
  const [row] = await db
    .select({
      ms: sql<number | null>`extract(epoch from max(${bloqueosNombre.bloqueadoHasta}) - now()) * 1000`.mapWith((v) =>
        v === null ? null : Number(v),
      ),
    })
    .from(bloqueosNombre)
    .where(
      and(
        eq(bloqueosNombre.nombre, nombre),
        inArray(bloqueosNombre.direccion, [direccion, ""]),
        sql`${bloqueosNombre.bloqueadoHasta} > now()`,
      ),
    );
  return row?.ms ?? null;
}

/**
 * Counts one failure under a name that is no active user's, from this address and over all
 * addresses (direccion ''), with the account's thresholds and restarts. Returns which locks began
 * with this failure.
 */
export async function registrarFalloNombre(
  db: Tx,
  nombre: string,
  direccion: string,
  u: Umbrales,
): Promise<{ direccion: boolean; cuenta: boolean }> {
  const ventana = sql`now() - make_interval(mins => ${u.minutos})`;
  const hasta = sql`now() + make_interval(mins => ${u.minutos})`;
  const previo = sql`case when ${bloqueosNombre.bloqueadoHasta} is not null or ${bloqueosNombre.ultimoFallo} < ${ventana}
    then 0 else ${bloqueosNombre.fallos} end`;
  const contar = async (donde: string, umbral: number) => {
    const [r] = await db
      .insert(bloqueosNombre)
      .values({ nombre, direccion: donde, fallos: 1, bloqueadoHasta: umbral <= 1 ? sql`${hasta}` : null })
      .onConflictDoUpdate({
        target: [bloqueosNombre.nombre, bloqueosNombre.direccion],
        set: {
          fallos: sql`${previo} + 1`,
          ultimoFallo: sql`now()`,
          bloqueadoHasta: sql`case when ${previo} + 1 >= ${umbral} then ${hasta} else null end`,
        },
      })
      .returning({ bloqueadoHasta: bloqueosNombre.bloqueadoHasta });
    return r?.bloqueadoHasta != null;
  };
  const porDireccion = await contar(direccion, u.porDireccion);
  const porNombre = await contar("", u.porCuenta);
  return { direccion: porDireccion, cuenta: porNombre };
}

/**
 * Drops the counts idle for a day (a name seen once must not stay forever). Every failed sign-in
 * runs it, a real user's too, so both take the same work.
 */
export async function olvidarNombresInactivos(db: Tx) {
  await db
    .delete(bloqueosNombre)
    .where(
      and(
        sql`${bloqueosNombre.ultimoFallo} < now() - interval '1 day'`,
        sql`coalesce(${bloqueosNombre.bloqueadoHasta} < now(), true)`,
      ),
    );
}
