/**
 * The audit chain's key: HMAC-SHA256 seals of every entry and signatures of every checkpoint are
 * made with it, in this process, so that nobody who holds only the database (its owner included)
 * can write a chain that verifies. It never reaches the database. It is AUDIT_KEY, or the contents
 * of AUDIT_KEY_FILE (outside DATA_DIR), created with 32 random bytes on the first start. The keys
 * derived from it, and the process's keys once loaded, are kept by the one secrets module
 * (`secretos/secretos.ts`); they are re-exported here for the audit trail's readers.
 */
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import type { Config } from "../config.js";
import { type ClaveAuditoria, ClaveAuditoriaError, derivarClave } from "../secretos/secretos.js";

export {
  type ClaveAuditoria,
  ClaveAuditoriaError,
  claveEstablecida,
  derivarClave,
  establecerClave,
} from "../secretos/secretos.js";

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
