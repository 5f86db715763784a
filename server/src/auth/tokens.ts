/** Session tokens: 256 random bits handed to the client; only their SHA-256 is stored. */
import crypto from "node:crypto";

export function nuevoToken(): string {
  return crypto.randomBytes(32).toString("base64url");
}

export function hashToken(token: string): string {
  return crypto.createHash("sha256").update(token).digest("hex");
}

/** Reads `Authorization: <token>` or `Authorization: Bearer <token>`. */
export function tokenDeCabecera(header: string | undefined): string | null {
  if (!header) return null;
  const value = header.trim();
  const token = /^bearer\s+/i.test(value) ? value.replace(/^bearer\s+/i, "") : value;
  return tokenValido(token) ? token : null;
}

/** A plausible token (header or cookie): anything else is not looked up. */
export function tokenValido(token: string): boolean {
  return token.length >= 20 && token.length <= 200;
}
