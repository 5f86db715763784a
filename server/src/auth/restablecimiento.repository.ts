/** SQL for the password reset links (restablecimientos_clave). */
import crypto from "node:crypto";
import { and, eq, gt, isNull, sql } from "drizzle-orm";
import type { Tx } from "../db/client.js";
import { correos, restablecimientosClave, usuarios } from "../db/schema.js";
import { contextoSecreto, sellar } from "../secretos/secretos.js";

/** The active user whose e-mail address this is (compared in lower case; addresses are unique). */
export async function usuarioPorEmail(db: Tx, email: string) {
  const [u] = await db
    .select({ idUsuario: usuarios.idUsuario, email: usuarios.email, activo: usuarios.activo })
    .from(usuarios)
    .where(sql`lower(${usuarios.email}) = lower(${email})`)
    .limit(1);
  return u ?? null;
}

/** Links asked for this account in the last hour (the per-account limit). */
export async function contarRecientes(db: Tx, idUsuario: number): Promise<number> {
  const [r] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(restablecimientosClave)
    .where(
      and(
        eq(restablecimientosClave.idUsuario, idUsuario),
        sql`${restablecimientosClave.creado} > now() - interval '1 hour'`,
      ),
    );
  return r.n;
}

export async function crearEnlace(
  db: Tx,
  v: { idUsuario: number; tokenHash: string; minutos: number; direccion: string | null },
) {
  await db.insert(restablecimientosClave).values({
    idUsuario: v.idUsuario,
    tokenHash: v.tokenHash,
    expira: sql`now() + make_interval(mins => ${v.minutos})`,
    direccion: v.direccion,
  });
}

/**
 * Queues the e-mail with its own text to the user's address (the outbox's sender delivers it). The
 * text holds MARCA_SECRETO where the link's secret goes; the secret is stored only sealed, bound to
 * the mail's Message-ID, and the sender drops it once the mail is sent.
 */
export async function encolarCorreo(
  db: Tx,
  v: { idUsuario: number; para: string; asunto: string; cuerpo: string; secreto: string },
) {
  const messageId = crypto.randomUUID();
  await db.insert(correos).values({
    idUsuario: v.idUsuario,
    destino: v.para,
    asunto: v.asunto,
    cuerpo: v.cuerpo,
    messageId,
    secreto: sellar(v.secreto, contextoSecreto.correo(messageId)),
  });
}

/** The link behind a secret while it serves (unused, not expired, its user active), with its user. */
export async function enlaceVigente(db: Tx, tokenHash: string) {
  const [r] = await db
    .select({
      idRestablecimiento: restablecimientosClave.idRestablecimiento,
      idUsuario: usuarios.idUsuario,
      usuario: usuarios.usuario,
      nombre: usuarios.nombre,
      apellido: usuarios.apellido,
      cedula: usuarios.cedula,
      passwordHash: usuarios.passwordHash,
    })
    .from(restablecimientosClave)
    .innerJoin(usuarios, eq(usuarios.idUsuario, restablecimientosClave.idUsuario))
    .where(
      and(
        eq(restablecimientosClave.tokenHash, tokenHash),
        isNull(restablecimientosClave.usado),
        gt(restablecimientosClave.expira, sql`now()`),
        eq(usuarios.activo, true),
      ),
    )
    .limit(1);
  return r ?? null;
}

/**
 * Uses the link: true only for the one call that marks it (two at once: one wins). Every other
 * pending link of the user dies with it.
 */
export async function usarEnlace(db: Tx, idRestablecimiento: number, idUsuario: number): Promise<boolean> {
  const [r] = await db
    .update(restablecimientosClave)
    .set({ usado: sql`now()` })
    .where(
      and(
        eq(restablecimientosClave.idRestablecimiento, idRestablecimiento),
        isNull(restablecimientosClave.usado),
        gt(restablecimientosClave.expira, sql`now()`),
      ),
    )
    .returning({ id: restablecimientosClave.idRestablecimiento });
  if (!r) return false;
  await db
    .update(restablecimientosClave)
    .set({ usado: sql`now()` })
    .where(and(eq(restablecimientosClave.idUsuario, idUsuario), isNull(restablecimientosClave.usado)));
  return true;
}
