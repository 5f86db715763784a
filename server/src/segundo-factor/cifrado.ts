/**
 * The authenticator apps' TOTP secrets at rest. Whoever reads the database (a dump, a backup, a
 * replica) must not be able to compute a user's codes: each secret is stored encrypted with
 * AES-256-GCM under a key derived from the audit key (AUDIT_KEY or AUDIT_KEY_FILE, kept outside
 * the database and outside DATA_DIR, auditoria/clave.ts), as `v1:` + base64(iv ‖ tag ‖ ciphertext).
 * The user's id is the authenticated data, so a secret copied onto another user's row does not
 * decrypt. Rows written before this (plain base32) are encrypted at start (`cifrarSecretosEnClaro`).
 */
import crypto from "node:crypto";
import { and, eq, isNotNull, like, not } from "drizzle-orm";
import { claveEstablecida } from "../auditoria/clave.js";
import type { Db } from "../db/client.js";
import { factores } from "../db/schema.js";

const PREFIJO = "v1:";
const IV = 12;
const ETIQUETA = 16;

/**
 * The product's sealing of secrets at rest (TOTP secrets here, webhook signing secrets, the
 * password-reset link while its e-mail waits): AES-256-GCM under the key for secrets, as
 * `v1:` + base64(iv ‖ tag ‖ ciphertext), with `registro-firmas/<contexto>` as the authenticated
 * data, so a value copied onto another row (another context) does not open.
 */
export function sellar(texto: string, contexto: string, clave = claveEstablecida().secretos): string {
  const iv = crypto.randomBytes(IV);
  const cifrador = crypto.createCipheriv("aes-256-gcm", clave, iv);
  cifrador.setAAD(Buffer.from(`registro-firmas/${contexto}`, "utf8"));
  const cifrado = Buffer.concat([cifrador.update(texto, "utf8"), cifrador.final()]);
  return PREFIJO + Buffer.concat([iv, cifrador.getAuthTag(), cifrado]).toString("base64");
}

/** The sealed text in clear; throws when it was not sealed by `sellar` for this context and key. */
export function abrir(guardado: string, contexto: string, clave = claveEstablecida().secretos): string {
  if (!guardado.startsWith(PREFIJO)) throw new Error("The value is not sealed");
  const datos = Buffer.from(guardado.slice(PREFIJO.length), "base64");
  const descifrador = crypto.createDecipheriv("aes-256-gcm", clave, datos.subarray(0, IV));
  descifrador.setAAD(Buffer.from(`registro-firmas/${contexto}`, "utf8"));
  descifrador.setAuthTag(datos.subarray(IV, IV + ETIQUETA));
  return Buffer.concat([descifrador.update(datos.subarray(IV + ETIQUETA)), descifrador.final()]).toString("utf8");
}

export function cifrarSecreto(secreto: string, idUsuario: number, clave = claveEstablecida().secretos): string {
  return sellar(secreto, `totp/${idUsuario}`, clave);
}

/** The secret in clear; throws when the value was not written by `cifrarSecreto` for this user and key. */
export function descifrarSecreto(guardado: string, idUsuario: number, clave = claveEstablecida().secretos): string {
  if (!guardado.startsWith(PREFIJO)) throw new Error("The TOTP secret is not encrypted");
  return abrir(guardado, `totp/${idUsuario}`, clave);
}

/**
 * An app row's secret in clear, or null when it has none or it does not decrypt (a value in clear
 * the start has not encrypted yet, or one altered in the database): such an app answers no code,
 * as a wrong code would be answered, never with a server error.
 */
export function secretoDeApp(fila: { secreto: string | null; idUsuario: number }): string | null {
  if (!fila.secreto) return null;
  try {
    return descifrarSecreto(fila.secreto, fila.idUsuario);
  } catch {
    return null;
  }
}

/**
 * At start, once the audit key is loaded: every app secret still stored in clear (written before
 * secrets were encrypted) is encrypted in place, in one transaction. Idempotent; answers how many.
 */
export async function cifrarSecretosEnClaro(db: Db): Promise<number> {
  return db.transaction(async (tx) => {
    const enClaro = await tx
      .select({ idFactor: factores.idFactor, idUsuario: factores.idUsuario, secreto: factores.secreto })
      .from(factores)
      .where(and(isNotNull(factores.secreto), not(like(factores.secreto, `${PREFIJO}%`))))
      .for("update");
    for (const f of enClaro) {
      await tx
        .update(factores)
        .set({ secreto: cifrarSecreto(f.secreto ?? "", f.idUsuario) })
        .where(eq(factores.idFactor, f.idFactor));
    }
    return enClaro.length;
  });
}
