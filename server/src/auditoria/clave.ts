/**
 * The audit chain's key: HMAC-SHA256 seals of every entry and signatures of every checkpoint are
 * made with it, in this process, so that nobody who holds only the database (its owner included)
 * can write a chain that verifies. It never reaches the database. It is AUDIT_KEY, or the contents
 * of AUDIT_KEY_FILE (outside DATA_DIR), created with 32 random bytes on the first start.
 */
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import type { Config } from "../config.js";

export interface ClaveAuditoria {
  /** Seals entries (see sellar). */
  sello: Buffer;
  /** Signs checkpoints (see firmarPunto). */
  punto: Buffer;
  /**
   * Encrypts the authenticator apps' TOTP secrets at rest (segundo-factor/cifrado.ts): the same
   * key kept outside the database and DATA_DIR, under its own derivation so it serves nothing else.
   */
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

/**
 * AUDIT_KEY, else the key file; a missing file is created (mode 0600, never overwritten: two
 * processes starting together read the one that won). `avisar` receives the line that says where
 * a new key is and that it must be backed up.
 */
export function cargarClave(
  config: Pick<Config, "auditKey" | "auditKeyFile">,
  avisar: (linea: string) => void,
): ClaveAuditoria {
  if (config.auditKey) return derivarClave(config.auditKey);
  const archivo = config.auditKeyFile;
  if (!fs.existsSync(archivo)) {
    fs.mkdirSync(path.dirname(archivo), { recursive: true, mode: 0o700 });
    // Written aside and linked into place: a process starting at the same time sees no file or a whole one.
    const aparte = `${archivo}.${process.pid}.${crypto.randomBytes(4).toString("hex")}`;
    fs.writeFileSync(aparte, `${crypto.randomBytes(32).toString("hex")}\n`, { flag: "wx", mode: 0o600 });
    try {
      fs.linkSync(aparte, archivo);
      avisar(
        `Audit key created in ${archivo}. Back it up apart from the database: without it the audit ` +
          "trail's seals and checkpoints cannot be verified, and a new key cannot continue this chain.",
      );
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== "EEXIST") throw e;
    } finally {
      fs.rmSync(aparte, { force: true });
    }
  }
  const secreto = fs.readFileSync(archivo, "utf8").trim();
  if (secreto.length < 32) {
    throw new ClaveAuditoriaError(`AUDIT_KEY_FILE: ${archivo} debe contener una clave de al menos 32 caracteres.`);
  }
  return derivarClave(secreto);
}

/** The key of this process: set once at start (main.ts, the tests' app) before anything is audited. */
let claveActual: ClaveAuditoria | null = null;

export function establecerClave(clave: ClaveAuditoria): void {
  claveActual = clave;
}

export function claveEstablecida(): ClaveAuditoria {
  if (!claveActual) throw new ClaveAuditoriaError("The audit key was not loaded before writing to the audit trail.");
  return claveActual;
}

/**
 * What an entry's seal covers: every column as the database returns it as text (jsonb's text is
 * canonical), its link and its hash; JSON of an array of strings, so no field can bleed into another.
 */
export interface FilaSellable {
  id: string;
  fecha: string;
  idUsuario: string | null;
  entidad: string;
  idEntidad: string;
  accion: string;
  antes: string | null;
  despues: string | null;
  direccion: string | null;
  hashAnterior: string;
  hash: string;
}

export function sellar(clave: ClaveAuditoria, f: FilaSellable): string {
  const texto = JSON.stringify([
    f.id,
    f.fecha,
    f.idUsuario ?? "",
    f.entidad,
    f.idEntidad,
    f.accion,
    f.antes ?? "null",
    f.despues ?? "null",
    f.direccion ?? "",
    f.hashAnterior,
    f.hash,
  ]);
  return crypto.createHmac("sha256", clave.sello).update(texto).digest("hex");
}

/** Equal in constant time (both hex of the same length, or unequal). */
export function iguales(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && crypto.timingSafeEqual(x, y);
}
