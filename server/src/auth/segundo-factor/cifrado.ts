/**
 * The authenticator apps' TOTP secrets at rest. Whoever reads the database (a dump, a backup, a
 * replica) must not be able to compute a user's codes: each secret is sealed by the one secrets
 * module (`secretos/secretos.ts`: AES-256-GCM under the key for secrets) with the user's id in its
 * context, so a secret copied onto another user's row does not open. Rows written before this
 * (plain base32) are sealed at start (`cifrarSecretosEnClaro`).
 */
import type { Db } from "../../db/client.js";
import { abrir, contextoSecreto, estaSellado, sellar } from "../../secretos/secretos.js";
import { guardarSecretoApp, secretosAppEnClaro } from "./segundo-factor.repository.js";

export function cifrarSecreto(secreto: string, idUsuario: number, clave?: Buffer): string {
  return sellar(secreto, contextoSecreto.totp(idUsuario), clave);
}

/** The secret in clear; throws when the value was not written by `cifrarSecreto` for this user and key. */
export function descifrarSecreto(guardado: string, idUsuario: number, clave?: Buffer): string {
  if (!estaSellado(guardado)) throw new Error("The TOTP secret is not encrypted");
  return abrir(guardado, contextoSecreto.totp(idUsuario), clave);
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
    const enClaro = await secretosAppEnClaro(tx);
    for (const f of enClaro) await guardarSecretoApp(tx, f.idFactor, cifrarSecreto(f.secreto ?? "", f.idUsuario));
    return enClaro.length;
  });
}
