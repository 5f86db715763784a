/** SQL of the second factor: factors, recovery codes and challenges. */
import { and, asc, eq, gt, isNotNull, isNull, like, lt, not, sql } from "drizzle-orm";
import type { Tx } from "../../db/client.js";
import { codigosRecuperacion, desafios, factores, perfiles, usuarios } from "../../db/schema.js";
import { PREFIJO_SELLADO } from "../../secretos/secretos.js";

export type FilaFactor = typeof factores.$inferSelect;
export type FilaDesafio = typeof desafios.$inferSelect;

/** The user's confirmed factors, oldest first. */
export async function factoresDe(tx: Tx, idUsuario: number): Promise<FilaFactor[]> {
  return tx
    .select()
    .from(factores)
    .where(and(eq(factores.idUsuario, idUsuario), eq(factores.confirmado, true)))
    .orderBy(asc(factores.idFactor));
}

export async function factorDe(tx: Tx, idUsuario: number, idFactor: number): Promise<FilaFactor | null> {
  const [row] = await tx
    .select()
    .from(factores)
    .where(and(eq(factores.idFactor, idFactor), eq(factores.idUsuario, idUsuario), eq(factores.confirmado, true)));
  return row ?? null;
}

export async function appPendiente(tx: Tx, idUsuario: number): Promise<FilaFactor | null> {
  const [row] = await tx
    .select()
    .from(factores)
    .where(and(eq(factores.idUsuario, idUsuario), eq(factores.tipo, "app"), eq(factores.confirmado, false)))
    .orderBy(sql`${factores.idFactor} desc`)
    .limit(1);
  return row ?? null;
}

/** A new unconfirmed app replaces any earlier unconfirmed one. */
export async function guardarAppPendiente(tx: Tx, idUsuario: number, secreto: string) {
  await tx
    .delete(factores)
    .where(and(eq(factores.idUsuario, idUsuario), eq(factores.tipo, "app"), eq(factores.confirmado, false)));
  await tx.insert(factores).values({ idUsuario, tipo: "app", nombre: "", secreto, confirmado: false });
}

export async function confirmarApp(tx: Tx, idFactor: number, nombre: string, paso: number) {
  await tx
    .update(factores)
    .set({ confirmado: true, nombre, ultimoPaso: paso, creado: sql`now()` })
    .where(eq(factores.idFactor, idFactor));
}

export async function insertarPasskey(
  tx: Tx,
  f: {
    idUsuario: number;
    nombre: string;
    credencialId: string;
    clavePublica: Buffer;
    contador: number;
    transportes: string[];
  },
) {
  const [row] = await tx
    .insert(factores)
    .values({ ...f, tipo: "passkey", confirmado: true })
    .onConflictDoNothing()
    .returning({ idFactor: factores.idFactor });
  return row?.idFactor ?? null;
}

/**
 * Takes a TOTP time step: true only if it is later than the last one accepted, so a code (and
 * any earlier one) is never accepted twice, even by two calls at the same moment.
 */
export async function tomarPaso(tx: Tx, idFactor: number, paso: number): Promise<boolean> {
  const rows = await tx
    .update(factores)
    .set({ ultimoPaso: paso, ultimoUso: sql`now()` })
    .where(
      and(eq(factores.idFactor, idFactor), sql`(${factores.ultimoPaso} is null or ${factores.ultimoPaso} < ${paso})`),
    )
    .returning({ idFactor: factores.idFactor });
  return rows.length > 0;
}

export async function usarPasskey(tx: Tx, idFactor: number, contador: number) {
  await tx.update(factores).set({ contador, ultimoUso: sql`now()` }).where(eq(factores.idFactor, idFactor));
}

export async function renombrarFactor(tx: Tx, idFactor: number, nombre: string) {
  await tx.update(factores).set({ nombre }).where(eq(factores.idFactor, idFactor));
}

export async function eliminarFactor(tx: Tx, idFactor: number) {
  await tx.delete(factores).where(eq(factores.idFactor, idFactor));
}

/** Every factor, code and open challenge of the user (the administrator's reset, the last factor removed). */
export async function eliminarTodo(tx: Tx, idUsuario: number, conFactores: boolean) {
  if (conFactores) await tx.delete(factores).where(eq(factores.idUsuario, idUsuario));
  await tx.delete(codigosRecuperacion).where(eq(codigosRecuperacion.idUsuario, idUsuario));
  await tx.delete(desafios).where(eq(desafios.idUsuario, idUsuario));
}

export async function reemplazarCodigos(tx: Tx, idUsuario: number, hashes: string[]) {
  await tx.delete(codigosRecuperacion).where(eq(codigosRecuperacion.idUsuario, idUsuario));
  await tx.insert(codigosRecuperacion).values(hashes.map((hash) => ({ idUsuario, hash })));
}

export async function contarCodigos(tx: Tx, idUsuario: number): Promise<number> {
  const [row] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(codigosRecuperacion)
    .where(and(eq(codigosRecuperacion.idUsuario, idUsuario), isNull(codigosRecuperacion.usado)));
  return row.n;
}

/** Spends a recovery code: true once, for an unused code of the user. */
export async function usarCodigo(tx: Tx, idUsuario: number, hash: string): Promise<boolean> {
  const rows = await tx
    .update(codigosRecuperacion)
    .set({ usado: sql`now()` })
    .where(
      and(
        eq(codigosRecuperacion.idUsuario, idUsuario),
        eq(codigosRecuperacion.hash, hash),
        isNull(codigosRecuperacion.usado),
      ),
    )
    .returning({ idCodigo: codigosRecuperacion.idCodigo });
  return rows.length > 0;
}

export async function requiereSegundoFactor(tx: Tx, idUsuario: number): Promise<boolean> {
  const [row] = await tx
    .select({ r: perfiles.requiereSegundoFactor })
    .from(usuarios)
    .innerJoin(perfiles, eq(perfiles.idPerfil, usuarios.idPerfil))
    .where(eq(usuarios.idUsuario, idUsuario));
  return row?.r ?? false;
}

export async function crearDesafio(
  tx: Tx,
  d: {
    tokenHash: string;
    idUsuario: number;
    proposito: "inicio" | "registro";
    usuarioTecleado?: string;
    webauthn?: string;
    segundos: number;
  },
) {
  // Expired challenges of the user go when a new one is made, so the table stays small.
  await tx.delete(desafios).where(and(eq(desafios.idUsuario, d.idUsuario), lt(desafios.expira, sql`now()`)));
  if (d.proposito === "registro") {
    await tx.delete(desafios).where(and(eq(desafios.idUsuario, d.idUsuario), eq(desafios.proposito, "registro")));
  }
  await tx.insert(desafios).values({
    tokenHash: d.tokenHash,
    idUsuario: d.idUsuario,
    proposito: d.proposito,
    usuarioTecleado: d.usuarioTecleado ?? "",
    webauthn: d.webauthn ?? null,
    expira: sql`now() + make_interval(secs => ${d.segundos})`,
  });
}

/** A live sign-in challenge (not expired, not ended), with its user. */
export async function desafioVigente(tx: Tx, tokenHash: string) {
  const [row] = await tx
    .select({ desafio: desafios, usuario: usuarios })
    .from(desafios)
    .innerJoin(usuarios, eq(usuarios.idUsuario, desafios.idUsuario))
    .where(
      and(
        eq(desafios.tokenHash, tokenHash),
        eq(desafios.proposito, "inicio"),
        isNull(desafios.terminado),
        gt(desafios.expira, sql`now()`),
      ),
    );
  return row ?? null;
}

/**
 * Counts an attempt on a live challenge before it is checked, so calls in parallel cannot try more
 * than the limit. Null when the challenge is gone or its attempts are spent.
 */
export async function contarIntento(tx: Tx, idDesafio: number, max: number): Promise<number | null> {
  const [row] = await tx
    .update(desafios)
    .set({ intentos: sql`${desafios.intentos} + 1` })
    .where(
      and(
        eq(desafios.idDesafio, idDesafio),
        isNull(desafios.terminado),
        gt(desafios.expira, sql`now()`),
        lt(desafios.intentos, max),
      ),
    )
    .returning({ intentos: desafios.intentos });
  return row?.intentos ?? null;
}

/** Ends a challenge; true for the one call that ended it. */
export async function terminarDesafio(tx: Tx, idDesafio: number): Promise<boolean> {
  const rows = await tx
    .update(desafios)
    .set({ terminado: sql`now()` })
    .where(and(eq(desafios.idDesafio, idDesafio), isNull(desafios.terminado)))
    .returning({ idDesafio: desafios.idDesafio });
  return rows.length > 0;
}

export async function guardarRetoWebAuthn(tx: Tx, idDesafio: number, reto: string) {
  await tx.update(desafios).set({ webauthn: reto }).where(eq(desafios.idDesafio, idDesafio));
}

/** The user's live passkey-enrolment challenge, taken (it serves once). */
export async function tomarRegistro(tx: Tx, idUsuario: number): Promise<string | null> {
  const rows = await tx
    .delete(desafios)
    .where(and(eq(desafios.idUsuario, idUsuario), eq(desafios.proposito, "registro")))
    .returning({ webauthn: desafios.webauthn, vigente: sql<boolean>`${desafios.expira} > now()` });
  const vivo = rows.find((r) => r.vigente);
  return vivo?.webauthn ?? null;
}

/** Whether each user holds a confirmed factor (the users list). */
export async function usuariosConFactor(tx: Tx): Promise<Set<number>> {
  const rows = await tx
    .selectDistinct({ idUsuario: factores.idUsuario })
    .from(factores)
    .where(eq(factores.confirmado, true));
  return new Set(rows.map((r) => r.idUsuario));
}

/** The app rows whose secret is still stored in clear (not sealed), locked for the update that seals them. */
export async function secretosAppEnClaro(tx: Tx) {
  return tx
    .select({ idFactor: factores.idFactor, idUsuario: factores.idUsuario, secreto: factores.secreto })
    .from(factores)
    .where(and(isNotNull(factores.secreto), not(like(factores.secreto, `${PREFIJO_SELLADO}%`))))
    .for("update");
}

export async function guardarSecretoApp(tx: Tx, idFactor: number, secreto: string): Promise<void> {
  await tx.update(factores).set({ secreto }).where(eq(factores.idFactor, idFactor));
}

/** The user's name (for the reset's audit entry), or null when there is no such user. */
export async function nombreDeUsuario(tx: Tx, idUsuario: number): Promise<{ usuario: string } | null> {
  const [u] = await tx
    .select({ usuario: usuarios.usuario })
    .from(usuarios)
    .where(eq(usuarios.idUsuario, idUsuario))
    .limit(1);
  return u ?? null;
}
