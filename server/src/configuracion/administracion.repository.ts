/**
 * Who can still administer: a user who holds both a users view and a profiles view can repair
 * anything else, so at least one active such user (and one such profile) must always remain.
 */
import { GRUPOS } from "@registro/contracts";
import { and, eq, ne, sql } from "drizzle-orm";
import type { Tx } from "../db/client.js";
import { perfiles, perfilVistas, usuarios, vistas } from "../db/schema.js";

/** Any fixed number: serialises changes that could remove the last administrator. */
const LOCK_ADMINISTRACION = 5_200_001;

export async function bloquearAdministracion(tx: Tx): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${LOCK_ADMINISTRACION})`);
}

const perfilTiene = (idPerfil: typeof perfiles.idPerfil | typeof usuarios.idPerfil, nombres: readonly string[]) =>
  sql`exists (select 1 from ${perfilVistas} pv join ${vistas} v on v.id_vista = pv.id_vista
    where pv.id_perfil = ${idPerfil} and v.nombre in ${nombres})`;

export async function contarAdministradoresActivos(tx: Tx): Promise<number> {
  const [{ n }] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(usuarios)
    .where(
      and(
        eq(usuarios.activo, true),
        perfilTiene(usuarios.idPerfil, GRUPOS.usuarios),
        perfilTiene(usuarios.idPerfil, GRUPOS.perfiles),
      ),
    );
  return n;
}

/** Profiles able to administer, leaving out `excepto` (the one about to be deleted). */
export async function contarPerfilesAdministradores(tx: Tx, excepto?: number): Promise<number> {
  const [{ n }] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(perfiles)
    .where(
      and(
        perfilTiene(perfiles.idPerfil, GRUPOS.usuarios),
        perfilTiene(perfiles.idPerfil, GRUPOS.perfiles),
        excepto === undefined ? undefined : ne(perfiles.idPerfil, excepto),
      ),
    );
  return n;
}
