/** Password hashing (argon2id) and the password policy of DESIGN.md §5. */
import crypto from "node:crypto";
import { hash, verify } from "@node-rs/argon2";
import { MSG, PASSWORD_MAX, PASSWORD_MIN } from "@registro/contracts";
import { enLista } from "./claves-comunes.js";

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

/** Spanish and local words the international list misses; compared after normalising. */
const COMUNES_LOCALES = new Set([
  "contrasena",
  "contrasenia",
  "clave",
  "administrador",
  "administracion",
  "bienvenido",
  "bienvenida",
  "republica",
  "dominicana",
  "republicadominicana",
  "santodomingo",
  "santiago",
  "contraloria",
  "gobierno",
  "ministerio",
  "hacienda",
  "usuario",
  "secreto",
  "teamo",
  "tequiero",
  "holamundo",
  "firmas",
]);

/** The product's own names: a password built on them is guessable by anyone who sees the app. */
const PRODUCTO = ["registrodefirmas", "registrofirmas", "demofirmas", "firmas2026", "contraloriageneral"];

/** Lower case, accents and separators removed, common letter-for-digit swaps undone. */
function normalizar(s: string): string {
  return s
    .toLowerCase()
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/[@4]/g, "a")
    .replace(/3/g, "e")
    .replace(/[1!|]/g, "i")
    .replace(/0/g, "o")
    .replace(/[$5]/g, "s")
    .replace(/7/g, "t")
    .replace(/[^a-z0-9]/g, "");
}

/** The password and its cores: without trailing digits/symbols, without leading ones, de-leeted. */
function variantes(password: string): string[] {
  const lower = password.toLowerCase();
  const sinCola = lower.replace(/[\d\W_]+$/u, "");
  const sinCabeza = lower.replace(/^[\d\W_]+/u, "");
  const out = new Set([lower, sinCola, sinCabeza, normalizar(lower), normalizar(sinCola), normalizar(sinCabeza)]);
  out.delete("");
  return [...out];
}

/** What the policy compares a new password with, besides the lists. */
export interface DatosPersonales {
  usuario: string;
  nombre?: string;
  apellido?: string;
  cedula?: string;
}

/** Returns the Spanish reason the password is refused, or null when it is acceptable. */
export function motivoClaveInvalida(password: string, datos: DatosPersonales | string): string | null {
  const d = typeof datos === "string" ? { usuario: datos } : datos;
  if (password.length < PASSWORD_MIN || password.length > PASSWORD_MAX) return MSG.claveLongitud;
  if (password.trim().toLowerCase() === d.usuario.trim().toLowerCase()) return MSG.claveIgualUsuario;
  if (/^(.)\1+$/.test(password)) return MSG.claveComun;
  const plano = normalizar(password);
  // Own data: user name, names, cédula (its digits) and the product's names.
  const propios = [
    d.usuario,
    d.nombre,
    d.apellido,
    ...(d.nombre ?? "").split(/\s+/),
    ...(d.apellido ?? "").split(/\s+/),
  ]
    .map((x) => normalizar(x ?? ""))
    .filter((x) => x.length >= 4);
  const cedula = (d.cedula ?? "").replace(/\D/g, "");
  if (propios.some((x) => plano.includes(x)) || (cedula.length >= 7 && password.replace(/\D/g, "").includes(cedula))) {
    return MSG.claveDatosPersonales;
  }
  if (PRODUCTO.some((x) => plano.includes(x))) return MSG.claveDatosPersonales;
  for (const v of variantes(password)) {
    if (COMUNES_LOCALES.has(normalizar(v)) || enLista(v)) return MSG.claveComun;
  }
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
