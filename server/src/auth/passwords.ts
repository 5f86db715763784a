/** Password hashing (argon2id) and the password policy of DESIGN.md §5. */
import crypto from "node:crypto";
import { hash, verify } from "@node-rs/argon2";
import { MSG, PASSWORD_MAX, PASSWORD_MIN } from "@registro/contracts";

// Algorithm 2 = argon2id; OWASP's second recommended setting (19 MiB, 2 passes).
const OPTIONS = { algorithm: 2, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

export async function verifyPassword(hashed: string, password: string): Promise<boolean> {
  try {
    return await verify(hashed, password);
  } catch {
    return false;
  }
}

/** A hash to verify against when the user does not exist, so both paths take similar time. */
let dummyHash: Promise<string> | null = null;
export function dummyPasswordHash(): Promise<string> {
  dummyHash ??= hashPassword(crypto.randomBytes(16).toString("hex"));
  return dummyHash;
}

const COMUNES = new Set(
  [
    "123456789012",
    "1234567890123",
    "12345678901234",
    "123456789abc",
    "password1234",
    "password12345",
    "password123456",
    "passwordpassword",
    "contraseña123",
    "contraseña1234",
    "contrasena123",
    "contrasena1234",
    "qwertyuiop12",
    "qwertyuiopas",
    "qwerty123456",
    "abcdefghijkl",
    "abc123456789",
    "iloveyou1234",
    "administrador",
    "administrator",
    "adminadmin123",
    "admin1234567",
    "bienvenido123",
    "bienvenido1234",
    "welcome12345",
    "letmein12345",
    "000000000000",
    "111111111111",
    "aaaaaaaaaaaa",
    "republica2026",
    "contraloria123",
    "contraloria2026",
  ].map((p) => p.toLowerCase()),
);

/** Returns the Spanish reason the password is refused, or null when it is acceptable. */
export function motivoClaveInvalida(password: string, usuario: string): string | null {
  if (password.length < PASSWORD_MIN || password.length > PASSWORD_MAX) return MSG.claveLongitud;
  if (password.trim().toLowerCase() === usuario.trim().toLowerCase()) return MSG.claveIgualUsuario;
  const lower = password.toLowerCase();
  if (COMUNES.has(lower) || /^(.)\1+$/.test(password)) return MSG.claveComun;
  return null;
}

/** A one-time temporary password: 16 characters from an unambiguous alphabet, meets the policy. */
export function generarClaveTemporal(): string {
  const alphabet = "ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnpqrstuvwxyz23456789";
  const bytes = crypto.randomBytes(16);
  let out = "";
  for (const b of bytes) out += alphabet[b % alphabet.length];
  return `${out.slice(0, 4)}-${out.slice(4, 8)}-${out.slice(8, 12)}-${out.slice(12, 16)}`;
}
