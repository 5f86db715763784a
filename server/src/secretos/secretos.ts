/**
 * The one secrets module: the keys derived from the one configured secret (AUDIT_KEY or
 * AUDIT_KEY_FILE, kept outside the database and DATA_DIR; loaded by `auditoria/clave.ts`), the
 * process's keys once loaded, and the sealing of secrets at rest. Nothing else in server/src
 * encrypts or derives keys (the architecture test refuses `createCipheriv` and `hkdf` elsewhere).
 *
 * Sealed values: the authenticator apps' TOTP secrets (`totp/<user>`), the webhook subscriptions'
 * signing secrets (`suscripcion/<id>`), the password-reset link while its e-mail waits
 * (`correo/<message id>`). Each is AES-256-GCM under the key for secrets, stored as `v1:` +
 * base64(iv ‖ tag ‖ ciphertext), with `registro-firmas/<contexto>` as the authenticated data, so a
 * value copied onto another row (another context) does not open. Whoever reads the database (a
 * dump, a backup, a replica) cannot read them.
 */
import crypto from "node:crypto";

/** The keys derived from the configured secret, each for one use. */
export interface ClaveAuditoria {
  /** Seals audit entries (auditoria/clave.ts `sellar`). */
  sello: Buffer;
  /** Signs audit checkpoints and incidents. */
  punto: Buffer;
  /** Seals secrets at rest (`sellar` below): the same secret under its own derivation, serving nothing else. */
  secretos: Buffer;
}

/** Keys derived from the one configured, each for one use: a seal can never pass for a checkpoint's signature. */
export function derivarClave(secreto: string): ClaveAuditoria {
  const derivar = (uso: string) => crypto.createHmac("sha256", secreto.trim()).update(uso).digest();
  return {
    sello: derivar("registro-firmas/auditoria/sello"),
    punto: derivar("registro-firmas/auditoria/punto"),
    secretos: derivar("registro-firmas/segundo-factor/secretos"),
  };
}

export class ClaveAuditoriaError extends Error {}

/** The keys of this process: set once at start (main.ts, the tests' app) before anything is audited or sealed. */
let claveActual: ClaveAuditoria | null = null;

export function establecerClave(clave: ClaveAuditoria): void {
  claveActual = clave;
}

export function claveEstablecida(): ClaveAuditoria {
  if (!claveActual) throw new ClaveAuditoriaError("The audit key was not loaded before writing to the audit trail.");
  return claveActual;
}

/** What sealed values start with (a value without it was stored in clear). */
export const PREFIJO_SELLADO = "v1:";
const IV = 12;
const ETIQUETA = 16;

/** The contexts secrets are sealed under: one per kind of row, bound to the row's id. */
export const contextoSecreto = {
  totp: (idUsuario: number) => `totp/${idUsuario}`,
  suscripcion: (idSuscripcion: number) => `suscripcion/${idSuscripcion}`,
  correo: (messageId: string) => `correo/${messageId}`,
};

/** True when the stored value was sealed (not a value kept in clear). */
export function estaSellado(guardado: string): boolean {
  return guardado.startsWith(PREFIJO_SELLADO);
}

/** Seals a secret for storage under the given context (see the header). */
export function sellar(texto: string, contexto: string, clave = claveEstablecida().secretos): string {
  const iv = crypto.randomBytes(IV);
  const cifrador = crypto.createCipheriv("aes-256-gcm", clave, iv);
  cifrador.setAAD(Buffer.from(`registro-firmas/${contexto}`, "utf8"));
  const cifrado = Buffer.concat([cifrador.update(texto, "utf8"), cifrador.final()]);
  return PREFIJO_SELLADO + Buffer.concat([iv, cifrador.getAuthTag(), cifrado]).toString("base64");
}

/** The sealed text in clear; throws when it was not sealed by `sellar` for this context and key. */
export function abrir(guardado: string, contexto: string, clave = claveEstablecida().secretos): string {
  if (!estaSellado(guardado)) throw new Error("The value is not sealed");
  const datos = Buffer.from(guardado.slice(PREFIJO_SELLADO.length), "base64");
  const descifrador = crypto.createDecipheriv("aes-256-gcm", clave, datos.subarray(0, IV));
  descifrador.setAAD(Buffer.from(`registro-firmas/${contexto}`, "utf8"));
  descifrador.setAuthTag(datos.subarray(IV, IV + ETIQUETA));
  return Buffer.concat([descifrador.update(datos.subarray(IV + ETIQUETA)), descifrador.final()]).toString("utf8");
}
