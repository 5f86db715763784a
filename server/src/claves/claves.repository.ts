/** SQL of system keys: issue, list, find by prefix, revoke, note the last use; a call's key in one statement. */
import { desc, eq, type SQL, sql } from "drizzle-orm";
import type { Tx } from "../db/client.js";
import { clavesSistema, usuarios } from "../db/schema.js";

export async function insertarClave(
  tx: Tx,
  datos: {
    nombre: string;
    prefijo: string;
    hash: string;
    alcances: string[];
    direcciones: string[];
    expira: string | null;
    idUsuario: number;
  },
) {
  const [fila] = await tx.insert(clavesSistema).values(datos).returning({ idClave: clavesSistema.idClave });
  return fila.idClave;
}

const columnas = {
  idClave: clavesSistema.idClave,
  nombre: clavesSistema.nombre,
  prefijo: clavesSistema.prefijo,
  alcances: clavesSistema.alcances,
  direcciones: clavesSistema.direcciones,
  expira: clavesSistema.expira,
  creada: clavesSistema.creada,
  creadaPor: usuarios.usuario,
  revocada: clavesSistema.revocada,
  ultimoUso: clavesSistema.ultimoUso,
  ultimaDireccion: clavesSistema.ultimaDireccion,
};

export async function listarClaves(tx: Tx) {
  return tx
    .select(columnas)
    .from(clavesSistema)
    .leftJoin(usuarios, eq(usuarios.idUsuario, clavesSistema.idUsuario))
    .orderBy(desc(clavesSistema.idClave));
}

export type FilaClave = Awaited<ReturnType<typeof listarClaves>>[number];

export async function claveListada(tx: Tx, idClave: number): Promise<FilaClave | null> {
  const [fila] = await tx
    .select(columnas)
    .from(clavesSistema)
    .leftJoin(usuarios, eq(usuarios.idUsuario, clavesSistema.idUsuario))
    .where(eq(clavesSistema.idClave, idClave));
  return fila ?? null;
}

/** The row a presented key points at, for the guard. */
export async function clavePorPrefijo(tx: Tx, prefijo: string) {
  const [fila] = await tx
    .select({
      idClave: clavesSistema.idClave,
      nombre: clavesSistema.nombre,
      hash: clavesSistema.hash,
      alcances: clavesSistema.alcances,
      direcciones: clavesSistema.direcciones,
      expira: clavesSistema.expira,
      revocada: clavesSistema.revocada,
    })
    .from(clavesSistema)
    .where(eq(clavesSistema.prefijo, prefijo));
  return fila ?? null;
}

/** Revokes a key still in force; answers false when it was revoked already. */
export async function revocarClave(tx: Tx, idClave: number): Promise<boolean> {
  const filas = await tx
    .update(clavesSistema)
    .set({ revocada: sql`now()` })
    .where(sql`${clavesSistema.idClave} = ${idClave} and ${clavesSistema.revocada} is null`)
    .returning({ idClave: clavesSistema.idClave });
  return filas.length > 0;
}

export async function anotarUso(tx: Tx, idClave: number, direccion: string): Promise<void> {
  await tx
    .update(clavesSistema)
    .set({ ultimoUso: sql`now()`, ultimaDireccion: direccion })
    .where(eq(clavesSistema.idClave, idClave));
}

/** A route's data as one SQL expression, read in the key's statement (auth/lectura-con-sesion.ts). */
export type ExpresionDatos = SQL;

/** The key's row as `usarClave` reads it, with its call counted when it could be. */
export interface FilaUsoClave {
  idClave: number;
  nombre: string;
  hash: string;
  alcances: string[];
  direcciones: string[];
  expira: string | null;
  revocada: Date | string | null;
  /** The call counted in its window (null: not counted here, see `usarClave`). */
  intentos: number | null;
  ttl: number | null;
  /** The route's data (null: not asked for, or the key is not in force). */
  datos: unknown;
}

/**
 * Performance: a call's key in one statement (one round trip instead of three or four). Finds the
 * key by its prefix and, only when its hash is the presented key's and it is in force on `hoy`
 * (not revoked, not past its expiry day — the same conditions the service checks again):
 * - notes its last use and address, when the stored one is of an earlier minute or another address
 *   (the screen shows the minute: what it shows stays exact, and a key called all day writes its
 *   row once a minute, not on every call);
 * - counts the call in the key's one-minute window (limites_acceso, the same counter as
 *   `contarIntento`), when the key names one of the route's scopes and allows any address (a key
 *   with an address list is counted apart, after the service checked the address: `intentos` null);
 * - reads the route's data (`datos`, one SQL expression), for the guard to hand to the handler.
 * A wrong, revoked or expired key writes and counts nothing.
 */
export async function usarClave(
  db: Tx,
  p: {
    prefijo: string;
    hash: string;
    hoy: string;
    direccion: string;
    alcancesRuta: readonly string[];
    ventana: string;
    datos?: ExpresionDatos;
  },
): Promise<FilaUsoClave | null> {
  const alcances = p.alcancesRuta.length
    ? sql`array[${sql.join(
        p.alcancesRuta.map((a) => sql`${a}`),
        sql`, `,
      )}]::text[]`
    : sql`'{}'::text[]`;
  const r = (await db.execute(sql`
    with k as (
      select c.id_clave, c.nombre, c.hash, c.alcances, c.direcciones, c.expira, c.revocada, c.ultimo_uso,
             c.ultima_direccion,
             (c.hash = ${p.hash} and c.revocada is null and (c.expira is null or c.expira >= ${p.hoy}::date)) as vigente
      from claves_sistema c where c.prefijo = ${p.prefijo}
    ),
    uso as (
      update claves_sistema c set ultimo_uso = now(), ultima_direccion = ${p.direccion}
      from k
      where c.id_clave = k.id_clave and k.vigente
        and (k.ultimo_uso is null or date_trunc('minute', k.ultimo_uso) <> date_trunc('minute', now())
             or k.ultima_direccion is distinct from ${p.direccion})
      returning c.id_clave
    ),
    cuenta as (
      insert into limites_acceso as l (clave, inicio, intentos)
      select 'clave-sistema:' || k.id_clave, now(), 1 from k
      where k.vigente and k.alcances && ${alcances} and cardinality(k.direcciones) = 0
      on conflict (clave) do update set
        inicio = case when l.inicio + ${p.ventana}::interval <= now() then now() else l.inicio end,
        intentos = case when l.inicio + ${p.ventana}::interval <= now() then 1 else l.intentos + 1 end
      returning intentos, greatest(0, extract(epoch from (inicio + ${p.ventana}::interval - now())) * 1000)::int as ttl
    )
    select k.id_clave, k.nombre, k.hash, k.alcances, k.direcciones, k.expira::text as expira, k.revocada,
           (select intentos from cuenta) as intentos, (select ttl from cuenta) as ttl,
           ${p.datos ? sql`case when k.vigente then ${p.datos} end` : sql`null`} as datos
    from k`)) as unknown as {
    rows: {
      id_clave: number;
      nombre: string;
      hash: string;
      alcances: string[];
      direcciones: string[];
      expira: string | null;
      revocada: Date | string | null;
      intentos: number | null;
      ttl: number | null;
      datos: unknown;
    }[];
  };
  const f = r.rows[0];
  if (!f) return null;
  return {
    idClave: Number(f.id_clave),
    nombre: f.nombre,
    hash: f.hash,
    alcances: f.alcances,
    direcciones: f.direcciones,
    expira: f.expira,
    revocada: f.revocada,
    intentos: f.intentos === null ? null : Number(f.intentos),
    ttl: f.ttl === null ? null : Number(f.ttl),
    datos: f.datos,
  };
}
