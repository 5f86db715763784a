/** SQL of system keys: issue, list, find by prefix, revoke; a call's key (its use, its count, the route's data) in one statement. */
import { desc, eq, type SQL, sql } from "drizzle-orm";
import type { Tx } from "../db/client.js";
import { filasConMarcadores } from "../db/filas.js";
import { clavesSistema, usuarios } from "../db/schema.js";
import { PATRON_IPV4_SQL } from "./clave.js";

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

/**
 * A route's data read in the key's statement (auth/lectura-con-sesion.ts): one SQL expression with
 * `sql.placeholder`s, built once per `variante` (a few per route), and their values for this call.
 */
export interface DatosConClave {
  variante: string;
  expresion: () => SQL;
  valores: Record<string, unknown>;
}

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

const m = (nombre: string) => sql.placeholder(`clave_${nombre}`);

/** `usarClave`'s statement, with the route's data expression or none (built once per variant). */
function consultaUsarClave(datos?: () => SQL): SQL {
  return sql`
    with k as (
      select c.id_clave, c.nombre, c.hash, c.alcances, c.direcciones, c.expira, c.revocada, c.ultimo_uso,
             c.ultima_direccion,
             (c.hash = ${m("hash")} and c.revocada is null and (c.expira is null or c.expira >= ${m("hoy")}::date)) as vigente
      from claves_sistema c where c.prefijo = ${m("prefijo")}
    ),
    uso as (
      update claves_sistema c set ultimo_uso = now(), ultima_direccion = ${m("direccion")}::text
      from k
      where c.id_clave = k.id_clave and k.vigente
        and (k.ultimo_uso is null or date_trunc('minute', k.ultimo_uso) <> date_trunc('minute', now())
             or k.ultima_direccion is distinct from ${m("direccion")}::text)
      returning c.id_clave
    ),
    cuenta as (
      insert into limites_acceso as l (clave, inicio, intentos)
      select 'clave-sistema:' || k.id_clave, now(), 1 from k
      where k.vigente and k.alcances && ${m("alcances")}::text[]
        and (cardinality(k.direcciones) = 0
          or (${m("ipv4")}::text is not null and exists (select 1 from unnest(k.direcciones) d
                where case when d ~ ${m("patron_ipv4")}::text then ${m("ipv4")}::inet <<= d::inet else false end)))
      on conflict (clave) do update set
        inicio = case when l.inicio + ${m("ventana")}::interval <= now() then now() else l.inicio end,
        intentos = case when l.inicio + ${m("ventana")}::interval <= now() then 1 else l.intentos + 1 end
      returning intentos, greatest(0, extract(epoch from (inicio + ${m("ventana")}::interval - now())) * 1000)::int as ttl
    )
    select k.id_clave, k.nombre, k.hash, k.alcances, k.direcciones, k.expira::text as expira, k.revocada,
           (select intentos from cuenta) as intentos, (select ttl from cuenta) as ttl,
           ${datos ? sql`case when k.vigente then ${datos()} end` : sql`null::json`} as datos
    from k`;
}

/** An array of words as PostgreSQL's array text (scope names: letters and dashes). */
function textoArreglo(palabras: readonly string[]): string {
  return `{${palabras.map((p) => `"${p.replace(/["\\]/g, "")}"`).join(",")}}`;
}

/**
 * Performance: a call's key in one statement (one round trip instead of three or four), built and
 * (on PostgreSQL) parsed once. Finds the key by its prefix and, only when its hash is the presented
 * key's and it is in force on `hoy` (not revoked, not past its expiry day — the same conditions the
 * service checks again):
 * - notes its last use and address, when the stored one is of an earlier minute or another address
 *   (the screen shows the minute: what it shows stays exact, and a key called all day writes its
 *   row once a minute, not on every call);
 * - counts the call in the key's one-minute window (limites_acceso, the same counter as
 *   `contarIntento`), when the key names one of the route's scopes and allows the caller's address:
 *   any, or an IPv4 caller (`ipv4`, clave.ts `ipv4DeLlamada`) within one of its IPv4 entries (strictly
 *   written: the cast cannot fail), where PostgreSQL's `inet <<=` and `direccionPermitida` agree
 *   (test/claves/una-ida.test.ts). Any other call is counted apart, after the service checked the
 *   address (`intentos` null), so a call the service refuses is never counted;
 * - reads the route's data (`datos`), for the guard to hand to the handler.
 * A wrong, revoked or expired key writes and counts nothing.
 */
export async function usarClave(
  db: Tx,
  p: {
    prefijo: string;
    hash: string;
    hoy: string;
    direccion: string;
    /** The caller's address when it is an IPv4 one (clave.ts `ipv4DeLlamada`), else null. */
    ipv4: string | null;
    alcancesRuta: readonly string[];
    ventana: string;
    datos?: DatosConClave;
  },
): Promise<FilaUsoClave | null> {
  const [f] = await filasConMarcadores<Omit<FilaUsoClave, "idClave"> & { id_clave: number }>(
    db,
    `usar_clave:${p.datos?.variante ?? ""}`,
    () => consultaUsarClave(p.datos?.expresion),
    {
      clave_prefijo: p.prefijo,
      clave_hash: p.hash,
      clave_hoy: p.hoy,
      clave_direccion: p.direccion,
      clave_alcances: textoArreglo(p.alcancesRuta),
      clave_ipv4: p.ipv4,
      clave_patron_ipv4: PATRON_IPV4_SQL,
      clave_ventana: p.ventana,
      ...p.datos?.valores,
    },
  );
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
