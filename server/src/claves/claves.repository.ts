/** SQL of system keys: issue, list, find by prefix, revoke, note the last use. */
import { desc, eq, sql } from "drizzle-orm";
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
